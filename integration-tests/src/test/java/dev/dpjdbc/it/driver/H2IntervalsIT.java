package dev.dpjdbc.it.driver;

/** {@link IntervalScenarios} on H2. */
class H2IntervalsIT extends IntervalScenarios {
  @Override
  Backend backend() throws Exception {
    return TestBackends.h2();
  }
}
