package dev.dpjdbc.it.driver;

/** {@link SelectionScenarios} on H2. */
class H2SelectionIT extends SelectionScenarios {
  @Override
  Backend backend() throws Exception {
    return TestBackends.h2();
  }
}
