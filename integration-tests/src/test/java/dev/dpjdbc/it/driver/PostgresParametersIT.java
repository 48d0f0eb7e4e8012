package dev.dpjdbc.it.driver;

/** {@link ParameterScenarios} on embedded PostgreSQL. */
class PostgresParametersIT extends ParameterScenarios {
  @Override
  Backend backend() throws Exception {
    return TestBackends.postgres();
  }
}
