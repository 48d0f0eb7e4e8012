package dev.dpjdbc.benchmarks.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The peer utility benchmark on tiny sizes (one ε, 4 groups of 200 rows, 1 release per query), so
 * that it cannot rot: the report and its PNG are written, every query has its table, every column
 * its empirical row, and no number is NaN. Asserts nothing about the variances.
 */
class PeerUtilitySmokeTest {
  @Test
  void writesAReportWithEveryQueryAndAPng() throws Exception {
    Path out = Path.of("target", "peers-smoke");
    Path report =
        PeerUtilityBenchmark.run(
            "--epsilons=1", "--groups=4", "--rows=200", "--reps=1", "--out=" + out);
    String md = Files.readString(report);
    Path png = out.resolve("utility-peers.png");
    assertTrue(Files.size(png) > 1000, "PNG written");
    assertEquals((byte) 0x89, Files.readAllBytes(png)[0], "a PNG");
    for (PeerData.Query q : PeerData.queries()) {
      assertTrue(md.contains("## " + q.label()), q.label());
    }
    long checks =
        md.lines().filter(l -> l.matches("^\\| (csa|var|sums|grouped|avg) \\|.*")).count();
    assertEquals(15, checks, "one empirical row per released column");
    assertFalse(md.contains("NaN") || md.contains("Infinity"), md);
  }
}
