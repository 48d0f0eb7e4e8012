package dev.dpjdbc.benchmarks.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The driver latency benchmark on tiny sizes (1000 rows, 3 runs), so that it cannot rot: the report
 * and its PNGs are written and every number in its tables is finite. Asserts no timing.
 */
class DriverLatencySmokeTest {
  private static final Pattern ROW =
      Pattern.compile("^\\| (count|sum|avg|grouped|join|time bucket) \\|(.*)$");

  @Test
  void writesAReportWithFiniteNumbersAndPngs() throws Exception {
    Path out = Path.of("target", "latency-smoke");
    Path report =
        DriverLatencyBenchmark.run(
            "--sizes=1000", "--runs=3", "--warmups=1", "--plan-reps=1", "--out=" + out);
    String md = Files.readString(report);
    for (String png : new String[] {"driver-latency-1000.png", "driver-latency-ratios.png"}) {
      Path p = out.resolve(png);
      assertTrue(Files.size(p) > 1000, png + " written");
      byte[] head = Files.readAllBytes(p);
      assertEquals((byte) 0x89, head[0], png + " is a PNG");
      assertEquals('P', head[1]);
    }
    int rows = 0;
    for (String line : md.split("\n")) {
      Matcher m = ROW.matcher(line);
      if (!m.matches()) {
        continue;
      }
      rows++;
      for (String cell : m.group(2).split("\\|")) {
        String v = cell.trim().replace("×", "");
        if (v.isEmpty() || v.matches("no|copy|interpreter")) { // the post-processing column
          continue;
        }
        double d = Double.parseDouble(v);
        assertTrue(Double.isFinite(d), "finite: " + line);
      }
    }
    assertEquals(2 * LatencyData.MIX.size(), rows, "a latency row and a phase row per query");
    assertFalse(md.contains("NaN") || md.contains("Infinity"), md);
  }
}
