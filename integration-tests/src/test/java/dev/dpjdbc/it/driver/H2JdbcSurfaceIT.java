package dev.dpjdbc.it.driver;

/** {@link JdbcSurfaceScenarios} on H2. */
class H2JdbcSurfaceIT extends JdbcSurfaceScenarios {
  @Override
  Backend backend() throws Exception {
    return TestBackends.h2();
  }
}
