package dev.dpjdbc.benchmarks.utility;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The i.n.i.d. utility benchmark on tiny sizes (K = 2, one ε, 2 queries of 4 groups), so that it
 * cannot rot: the report and both PNGs are written and every number in its tables is finite.
 * Asserts nothing about the MSEs (too few draws).
 */
class InidUtilitySmokeTest {
  @Test
  void writesAReportWithFiniteNumbersAndPngs() throws Exception {
    Path out = Path.of("target", "utility-smoke");
    Path report =
        InidUtilityBenchmark.run(
            "--ks=2", "--epsilons=1", "--reps=2", "--groups=4", "--out=" + out);
    String md = Files.readString(report);
    for (String png : new String[] {"utility-inid-gain.png", "utility-inid-calibration.png"}) {
      Path p = out.resolve(png);
      assertTrue(Files.size(p) > 1000, png + " written");
      byte[] head = Files.readAllBytes(p);
      assertEquals((byte) 0x89, head[0], png + " is a PNG");
      assertEquals('P', head[1]);
    }
    int rows = 0;
    for (String line : md.split("\n")) {
      if (!line.matches("^\\| (linear|quadratic|exponential) \\|.*")) {
        continue;
      }
      rows++;
      String[] cells = line.split("\\|");
      for (int i = 2; i < cells.length; i++) {
        String v = cells[i].trim().replace("%", "").trim();
        if (v.equals("yes") || v.equals("no")) {
          continue;
        }
        assertTrue(Double.isFinite(Double.parseDouble(v)), "finite: " + line);
      }
    }
    assertEquals(3 * 2, rows, "a row per profile and mechanism");
    assertFalse(md.contains("NaN") || md.contains("Infinity"), md);
  }
}
