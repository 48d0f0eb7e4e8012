package dev.dpjdbc.it.driver;

/** {@link GuardScenarios} on H2. */
class H2GuardIT extends GuardScenarios {
  @Override
  Backend backend() throws Exception {
    return TestBackends.h2();
  }
}
