package dev.dpjdbc.it.driver;

/** {@link ConfigurationScenarios} on H2 ({@code ;dp.policy=...} URL syntax). */
class H2ConfigurationIT extends ConfigurationScenarios {
  @Override
  Backend backend() throws Exception {
    return TestBackends.h2();
  }
}
