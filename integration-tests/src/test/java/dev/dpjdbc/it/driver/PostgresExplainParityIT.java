package dev.dpjdbc.it.driver;

/** {@link ExplainParityScenarios} on embedded PostgreSQL. */
class PostgresExplainParityIT extends ExplainParityScenarios {
  @Override
  Backend backend() throws Exception {
    return TestBackends.postgres();
  }
}
