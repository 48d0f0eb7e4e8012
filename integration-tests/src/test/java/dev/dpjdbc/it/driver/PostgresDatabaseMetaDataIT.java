package dev.dpjdbc.it.driver;

/** {@link DatabaseMetaDataScenarios} on Postgres. */
class PostgresDatabaseMetaDataIT extends DatabaseMetaDataScenarios {
  @Override
  Backend backend() throws Exception {
    return TestBackends.postgres();
  }
}
