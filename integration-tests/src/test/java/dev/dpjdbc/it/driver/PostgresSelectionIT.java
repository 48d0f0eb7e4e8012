package dev.dpjdbc.it.driver;

/** {@link SelectionScenarios} on embedded PostgreSQL. */
class PostgresSelectionIT extends SelectionScenarios {
  @Override
  Backend backend() throws Exception {
    return TestBackends.postgres();
  }
}
