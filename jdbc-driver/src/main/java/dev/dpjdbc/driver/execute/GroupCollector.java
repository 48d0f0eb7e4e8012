package dev.dpjdbc.driver.execute;

/** Collects the backend's per-group rows into the groups a plan may release. */
interface GroupCollector {
  /** Adds one backend row; false when it is dropped. */
  boolean add(Object[] keyValues, double[] values);

  /** The collected groups. */
  RawResult result();
}
