package dev.dpjdbc.benchmarks.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The shared-coordinates report on tiny sizes (one ε, 400 rows, 4 groups, 2 releases per check), so
 * that it cannot rot: the report and its PNG are written, every query has a row per column, and no
 * column's declared variance got worse (the analyzer's choice guarantees it under the default
 * RELATIVE objective). Asserts nothing about the empirical check (too few draws).
 */
class SharedCoordinatesSmokeTest {
  @Test
  void writesAReportAndAPng_noColumnWorse() throws Exception {
    Path out = Path.of("target", "shared-smoke");
    Path report =
        SharedCoordinatesBenchmark.run(
            "--epsilons=1", "--rows=400", "--groups=4", "--releases=2", "--out=" + out);
    String md = Files.readString(report);
    Path png = out.resolve("shared-coordinates.png");
    byte[] head = Files.readAllBytes(png);
    assertTrue(head.length > 1000);
    assertEquals((byte) 0x89, head[0]);
    assertEquals('P', head[1]);
    int rows = 0;
    for (String line : md.split("\n")) {
      String[] cells = line.split("\\|");
      if (cells.length == 7 && line.contains(" → ") && !line.contains("K before")) {
        rows++;
        double ratio = Double.parseDouble(cells[6].trim());
        assertTrue(ratio <= 1 + 1e-9, "a column got worse: " + line);
      }
    }
    int columns = SharedQueries.all().stream().mapToInt(q -> q.cols().size()).sum();
    assertEquals(columns, rows, md);
    assertFalse(md.contains("NaN") || md.contains("Infinity"), md);
  }
}
