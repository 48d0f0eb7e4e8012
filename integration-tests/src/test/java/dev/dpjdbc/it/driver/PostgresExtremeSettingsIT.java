package dev.dpjdbc.it.driver;

/** {@link ExtremeSettingsScenarios} on embedded PostgreSQL. */
class PostgresExtremeSettingsIT extends ExtremeSettingsScenarios {
  @Override
  Backend backend() throws Exception {
    return TestBackends.postgres();
  }
}
