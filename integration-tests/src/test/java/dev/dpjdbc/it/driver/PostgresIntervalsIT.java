package dev.dpjdbc.it.driver;

/** {@link IntervalScenarios} on embedded PostgreSQL. */
class PostgresIntervalsIT extends IntervalScenarios {
  @Override
  Backend backend() throws Exception {
    return TestBackends.postgres();
  }
}
