package dev.dpjdbc.benchmarks.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.benchmarks.AllocationBenchmark;
import dev.dpjdbc.benchmarks.CalibrationBenchmark;
import dev.dpjdbc.benchmarks.PlanningBenchmark;
import dev.dpjdbc.benchmarks.SamplingBenchmark;
import dev.dpjdbc.mechanisms.Mechanism;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every benchmark method of {@link JmhReport}'s four classes called once outside JMH, with its
 * set-up and tear-down, for every parameter value; and the report writer on made-up rows. Asserts
 * results exist and the report is well formed, never a timing.
 */
class JmhSmokeTest {
  @Test
  void planningColdCachedAndShapeHitForEveryQuery() throws Exception {
    for (String query : PlanningBenchmark.QUERIES.keySet()) {
      PlanningBenchmark bench = new PlanningBenchmark();
      PlanningBenchmark.Db db = new PlanningBenchmark.Db();
      db.query = query;
      db.open();
      try {
        PlanningBenchmark.Fresh fresh = new PlanningBenchmark.Fresh();
        fresh.fresh(db);
        PlanningBenchmark.Warm warm = new PlanningBenchmark.Warm();
        warm.warm(db);
        assertNotNull(bench.planCold(db, fresh).rewrittenSql(), query);
        assertNotNull(bench.planCached(db, warm).rewrittenSql(), query);
        PlanningBenchmark.Shaped shaped = new PlanningBenchmark.Shaped();
        shaped.warm(db);
        assertNotNull(bench.planShapeHit(shaped).rewrittenSql(), query);
        assertNotNull(bench.planShapeHit(shaped).rewrittenSql(), query);
        assertEquals(2, shaped.shapeHits(), "served by the shape: " + query);
      } finally {
        db.close();
      }
    }
  }

  @Test
  void allocationForEveryKAndMechanism() {
    for (int k : new int[] {1, 4, 16, 64}) {
      for (Mechanism m : new Mechanism[] {Mechanism.GAUSSIAN, Mechanism.LAPLACE}) {
        AllocationBenchmark bench = new AllocationBenchmark();
        bench.k = k;
        bench.mechanism = m;
        bench.setUp();
        assertNotNull(bench.allocate(), k + " " + m);
      }
    }
  }

  @Test
  void calibrationAndSampling() {
    CalibrationBenchmark c = new CalibrationBenchmark();
    c.setUp();
    assertTrue(c.mu0Cold() > 0);
    assertTrue(c.mu0Cached() > 0);
    assertNotNull(c.allocateK3());
    assertNotNull(c.allocateK20());
    SamplingBenchmark s = new SamplingBenchmark();
    s.setUp();
    assertNotNull(s.discreteLaplace());
    assertNotNull(s.discreteGaussian());
    for (double v :
        new double[] {
          s.secureNoiseLaplaceReal(),
          s.secureNoiseGaussianReal(),
          s.secureNoiseLaplaceCount(),
          s.secureNoiseGaussianCount(),
          s.naiveLaplace(),
          s.naiveLaplaceDrbg(),
          s.naiveGaussian()
        }) {
      assertTrue(Double.isFinite(v));
    }
    s.secureRandomNextLong();
  }

  @Test
  void writesAReportAndAPng() throws Exception {
    Path out = Path.of("target", "jmh-smoke");
    List<JmhReport.Row> rows =
        List.of(
            new JmhReport.Row("Planning", "planCold query=count", 12_000, 800),
            new JmhReport.Row("Planning", "planCached query=count", 0.02, 0.001),
            new JmhReport.Row("Planning", "planShapeHit query=count", 40, 2),
            new JmhReport.Row("Allocation", "allocate k=16 mechanism=GAUSSIAN", 0.5, 0.01),
            new JmhReport.Row("Allocation", "allocate k=64 mechanism=LAPLACE", 2, 0.1),
            new JmhReport.Row("Calibration", "mu0Cold", 30, 1),
            new JmhReport.Row("Calibration", "mu0Cached", 0.01, 0.001),
            new JmhReport.Row("Sampling", "secureNoiseGaussianCount", 5, 0.2));
    Path report = JmhReport.write(out, rows, "- machine: test\n");
    String md = Files.readString(report);
    assertTrue(md.contains("| Planning | planCold query=count | 12,000 | 800 |"), md);
    assertTrue(md.contains("## Reading"), md);
    assertTrue(md.contains("cost at most 40.00 µs, 300× less"), md);
    assertFalse(md.contains("NaN") || md.contains("n/a"), md);
    byte[] png = Files.readAllBytes(out.resolve("jmh.png"));
    assertTrue(png.length > 1000);
    assertEquals((byte) 0x89, png[0]);
    assertEquals('P', png[1]);
    assertTrue(JmhReport.loadWarning("1000", "0").contains("exceeded"));
    assertEquals("", JmhReport.loadWarning("0", "unknown"));
  }
}
