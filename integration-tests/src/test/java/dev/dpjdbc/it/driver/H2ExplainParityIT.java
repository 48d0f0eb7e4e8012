package dev.dpjdbc.it.driver;

/** {@link ExplainParityScenarios} on H2. */
class H2ExplainParityIT extends ExplainParityScenarios {
  @Override
  Backend backend() throws Exception {
    return TestBackends.h2();
  }
}
