package dev.dpjdbc.benchmarks.throughput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The proxy throughput benchmark on tiny sizes (1000 rows, one client, {@code -t 5}, extended mode,
 * one memory workload), so that it cannot rot: pgbench exits 0 against the proxy (a failed run
 * throws with pgbench's output), the report and its PNGs are written, and its numbers are finite.
 * Asserts no timing.
 */
class ProxyThroughputSmokeTest {

  @Test
  void pgbenchRunsThroughTheProxyAndTheReportRenders() throws Exception {
    Assumptions.assumeTrue(
        Pgbench.available(),
        "pgbench is not installed (Debian 12: apt-get install -y postgresql-contrib); .ci/run"
            + " installs it");
    Path out = Path.of("target", "throughput-smoke");
    Path report =
        ProxyThroughputBenchmark.run(
            "--rows=1000",
            "--modes=extended",
            "--clients=1",
            "--transactions=5",
            "--repeats=1",
            "--profile=false",
            "--memory-rows=1000",
            "--memory-seconds=1",
            "--memory-clients=1",
            "--ladder=false",
            "--out=" + out);
    String md = Files.readString(report);
    for (String png :
        new String[] {"proxy-throughput.png", "proxy-throughput-ratio.png", "proxy-memory.png"}) {
      Path p = out.resolve(png);
      assertTrue(Files.size(p) > 1000, png + " written");
      byte[] head = Files.readAllBytes(p);
      assertEquals((byte) 0x89, head[0], png + " is a PNG");
      assertEquals('P', head[1]);
    }
    assertTrue(md.contains("| extended | 1 | direct |"), md);
    assertTrue(md.contains("| extended | 1 | proxy, one analyst |"), md);
    assertTrue(md.contains("SELECT * FROM pg_attribute"), md);
    assertFalse(md.contains("NaN") || md.contains("Infinity"), md);
  }
}
