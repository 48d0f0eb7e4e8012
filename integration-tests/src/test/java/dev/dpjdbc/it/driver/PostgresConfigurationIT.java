package dev.dpjdbc.it.driver;

/** {@link ConfigurationScenarios} on PostgreSQL ({@code ?dp.policy=...&...} URL syntax). */
class PostgresConfigurationIT extends ConfigurationScenarios {
  @Override
  Backend backend() throws Exception {
    return TestBackends.postgres();
  }
}
