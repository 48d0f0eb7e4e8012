package dev.dpjdbc.benchmarks.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The mechanism-choice benchmark on a 2 × 2 grid (K = 1, 2; L0 = 1, 2; one ε and δ; 2 releases per
 * check), so that it cannot rot: the report and its three PNGs are written, auto never has a worse
 * objective than both fixed mechanisms (it picks by that objective), and no number is NaN.
 */
class MechanismChoiceSmokeTest {
  @Test
  void writesAReportAndThreePngs() throws Exception {
    Path out = Path.of("target", "choice-smoke");
    Path report =
        MechanismChoiceBenchmark.run(
            "--epsilons=1", "--deltas=1e-6", "--ks=1,2", "--l0s=1,2", "--reps=2", "--out=" + out);
    String md = Files.readString(report);
    for (String png :
        new String[] {
          "mechanism-choice-l0-min.png", "mechanism-choice-l0-max.png", "mechanism-choice-by-l0.png"
        }) {
      Path p = out.resolve(png);
      assertTrue(Files.size(p) > 1000, png);
      assertEquals((byte) 0x89, Files.readAllBytes(p)[0], png + " is a PNG");
    }
    assertTrue(md.contains("`auto` has the lowest objective of the three at 8 of 8 points"), md);
    assertFalse(md.contains("NaN") || md.contains("Infinity"), md);
  }
}
