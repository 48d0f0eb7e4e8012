package dev.dpjdbc.it.driver;

/** {@link ExtremeSettingsScenarios} on H2. */
class H2ExtremeSettingsIT extends ExtremeSettingsScenarios {
  @Override
  Backend backend() throws Exception {
    return TestBackends.h2();
  }
}
