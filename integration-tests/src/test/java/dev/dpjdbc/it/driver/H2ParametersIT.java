package dev.dpjdbc.it.driver;

/** {@link ParameterScenarios} on H2. */
class H2ParametersIT extends ParameterScenarios {
  @Override
  Backend backend() throws Exception {
    return TestBackends.h2();
  }
}
