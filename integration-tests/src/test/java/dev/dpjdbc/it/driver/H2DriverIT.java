package dev.dpjdbc.it.driver;

/** {@link DriverScenarios} on H2. */
class H2DriverIT extends DriverScenarios {
  @Override
  Backend backend() throws Exception {
    return TestBackends.h2();
  }
}
