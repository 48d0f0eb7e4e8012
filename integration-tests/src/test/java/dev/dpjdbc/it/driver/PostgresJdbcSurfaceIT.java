package dev.dpjdbc.it.driver;

/** {@link JdbcSurfaceScenarios} on embedded PostgreSQL. */
class PostgresJdbcSurfaceIT extends JdbcSurfaceScenarios {
  @Override
  Backend backend() throws Exception {
    return TestBackends.postgres();
  }
}
