package dev.dpjdbc.it.driver;

/** {@link DomainKeyScenarios} on embedded PostgreSQL. */
class PostgresDomainKeyIT extends DomainKeyScenarios {
  @Override
  Backend backend() throws Exception {
    return TestBackends.postgres();
  }
}
