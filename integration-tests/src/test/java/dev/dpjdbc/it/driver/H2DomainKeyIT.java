package dev.dpjdbc.it.driver;

/** {@link DomainKeyScenarios} on H2. */
class H2DomainKeyIT extends DomainKeyScenarios {
  @Override
  Backend backend() throws Exception {
    return TestBackends.h2();
  }
}
