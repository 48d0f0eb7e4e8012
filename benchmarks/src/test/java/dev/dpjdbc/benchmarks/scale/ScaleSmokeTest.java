package dev.dpjdbc.benchmarks.scale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The scale benchmark on tiny sizes (1000 rows, 1 run), so that it cannot rot: the report, its PNGs
 * and the EXPLAIN file are written, every number in its tables is finite, and the per-unit rewrite
 * really differs from the clamp-only one. Asserts no timing.
 */
class ScaleSmokeTest {
  private static final Pattern ROW =
      Pattern.compile("^\\| (count|sum|sum \\(CHECK\\)|avg|grouped|join|time bucket) \\|(.*)$");

  @Test
  void writesAReportWithFiniteNumbersAndPngs() throws Exception {
    Path out = Path.of("target", "scale-smoke");
    Path report =
        ScaleBenchmark.run(
            "--sizes=1000", "--runs=1", "--warmups=0", "--explain=1000", "--out=" + out);
    String md = Files.readString(report);
    for (String png : new String[] {"scale-time.png", "scale-ratios.png"}) {
      byte[] head = Files.readAllBytes(out.resolve(png));
      assertTrue(head.length > 1000, png + " written");
      assertEquals((byte) 0x89, head[0], png + " is a PNG");
      assertEquals('P', head[1]);
    }
    assertTrue(Files.readString(out.resolve("scale-plans.txt")).contains("Execution Time"));
    int rows = 0;
    for (String line : md.split("\n")) {
      Matcher m = ROW.matcher(line);
      if (!m.matches()) {
        continue;
      }
      rows++;
      for (String cell : m.group(2).split("\\|")) {
        String v = cell.trim().replace("×", "").replace("*", "");
        if (!v.isEmpty()) {
          assertTrue(Double.isFinite(Double.parseDouble(v)), "finite: " + line);
        }
      }
    }
    assertEquals(2 * ScaleData.MIX.size(), rows, "a wall and a CPU row per query");
    assertFalse(md.contains("NaN") || md.contains("Infinity"), md);
    assertTrue(md.contains("ROW_NUMBER") || md.contains("GROUP BY \"person_id\""), md);
  }
}
