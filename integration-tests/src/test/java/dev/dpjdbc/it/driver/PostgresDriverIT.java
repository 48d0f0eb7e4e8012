package dev.dpjdbc.it.driver;

/** {@link DriverScenarios} on embedded PostgreSQL. */
class PostgresDriverIT extends DriverScenarios {
  @Override
  Backend backend() throws Exception {
    return TestBackends.postgres();
  }
}
