package dev.dpjdbc.it.driver;

/** {@link DatabaseMetaDataScenarios} on H2. */
class H2DatabaseMetaDataIT extends DatabaseMetaDataScenarios {
  @Override
  Backend backend() throws Exception {
    return TestBackends.h2();
  }
}
