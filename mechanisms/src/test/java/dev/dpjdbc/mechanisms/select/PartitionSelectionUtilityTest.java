package dev.dpjdbc.mechanisms.select;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.calibrate.NormalTail;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The generator of the utility table in docs/partition-selection.md: at ε = 1, δ = 1e-6 and L0 = 1,
 * 3, 10, the probability that a group of n distinct units is released under the optimal rule, the
 * Laplace threshold (SmartNoise, ZetaSQL, Google's library) and the Gaussian threshold, computed
 * exactly from this module's calibrations (continuous noise tails: ½e^(−x/b) for Laplace, Q(x/σ)
 * for Gaussian), plus the expected number of the query corpus's real groups each releases. It also
 * asserts what the table shows: the optimal rule releases every group size at least as often as the
 * Laplace threshold (both split ε and δ over L0 groups; the optimal rule is the largest keep
 * probability an (ε/L0, δ/L0)-DP rule on n can have), and as the Gaussian threshold at L0 = 1 (for
 * L0 &gt; 1 the Gaussian's ℓ2 composition wins at some sizes: the table shows where).
 *
 * <p>Run: {@code mvn -B -o -pl mechanisms verify -Dtest=PartitionSelectionUtilityTest
 * -Dsurefire.failIfNoSpecifiedTests=false}; the markdown is written to {@code
 * mechanisms/target/partition-selection-utility.md}.
 */
class PartitionSelectionUtilityTest {
  static final PrivacyParams P = new PrivacyParams(1, 1e-6);
  static final int[] SIZES = {1, 2, 5, 10, 20, 50, 100};
  static final int[] L0 = {1, 3, 10};

  static double laplace(Threshold t, long n) {
    double x = t.tau() - n;
    return x >= 0 ? 0.5 * Math.exp(-x / t.scale()) : 1 - 0.5 * Math.exp(x / t.scale());
  }

  static double gaussian(Threshold t, long n) {
    return NormalTail.q((t.tau() - n) / t.scale());
  }

  /**
   * The corpus's customers per city (corpus/schema.sql: customer n in 1..1500 lives in the city
   * whose bucket holds n·11 mod 105), and per (region, city) (region = n mod 4): queries t25-t28.
   */
  static int[][] corpusGroups() {
    int[] bounds = {6, 13, 21, 30, 40, 51, 63, 76, 90, 105};
    int[] city = new int[10];
    int[] regionCity = new int[40];
    for (int n = 1; n <= 1500; n++) {
      int m = (n * 11) % 105;
      int c = 0;
      while (m >= bounds[c]) {
        c++;
      }
      city[c]++;
      regionCity[(n % 4) * 10 + c]++;
    }
    return new int[][] {city, regionCity};
  }

  @Test
  void table_optimalDominatesBothThresholds_andIsWritten() throws IOException {
    StringBuilder md = new StringBuilder();
    md.append(
        String.format(
            Locale.ROOT,
            "Release probability of a group of n distinct units at ε = %s, δ = %s%n%n",
            P.epsilon(),
            P.delta()));
    md.append("| L0 | rule | n½ |");
    for (int n : SIZES) {
      md.append(" n=").append(n).append(" |");
    }
    md.append(" corpus cities (10) | corpus region×city (40) |\n|---|---|---|");
    md.append("---|".repeat(SIZES.length)).append("---|---|\n");
    int[][] corpus = corpusGroups();
    for (int l0 : L0) {
      OptimalPartitionRule opt = PartitionSelection.optimal(P, l0);
      Threshold lap = PartitionSelection.laplace(P, l0);
      Threshold gau = PartitionSelection.gaussian(P, l0);
      for (int rule = 0; rule < 3; rule++) {
        String name = new String[] {"optimal", "Laplace τ", "Gaussian τ"}[rule];
        md.append("| ").append(l0).append(" | ").append(name).append(" | ");
        md.append(half(opt, lap, gau, rule)).append(" |");
        for (int n : SIZES) {
          md.append(' ').append(fmt(p(opt, lap, gau, rule, n))).append(" |");
        }
        for (int[] groups : corpus) {
          double expected = 0;
          for (int size : groups) {
            expected += p(opt, lap, gau, rule, size);
          }
          md.append(String.format(Locale.ROOT, " %.3f |", expected));
        }
        md.append('\n');
      }
      for (int n = 1; n <= 500; n++) { // n = 0: no such group exists to select
        double o = opt.keepProbability(n);
        assertTrue(o >= laplace(lap, n) - 1e-12, "optimal >= Laplace at n=" + n + ", L0=" + l0);
        // the Gaussian's ℓ2 composition over L0 groups beats splitting ε and δ by L0 for some n
        // when L0 > 1, so the optimal rule dominates it only at L0 = 1
        assertTrue(
            l0 > 1 || o >= gaussian(gau, n) - 1e-12, "optimal >= Gaussian at n=" + n + ", L0=1");
      }
    }
    int[] c = corpus[0];
    md.append("\nCorpus city sizes: ").append(java.util.Arrays.toString(c)).append('\n');
    int min = java.util.Arrays.stream(corpus[1]).min().orElseThrow();
    md.append("Smallest corpus region×city group: ").append(min).append('\n');
    System.out.println(md);
    Path out = Path.of("target", "partition-selection-utility.md");
    Files.createDirectories(out.getParent());
    Files.writeString(out, md.toString());
  }

  private static double p(
      OptimalPartitionRule opt, Threshold lap, Threshold gau, int rule, long n) {
    return switch (rule) {
      case 0 -> opt.keepProbability(n);
      case 1 -> laplace(lap, n);
      default -> gaussian(gau, n);
    };
  }

  /** The smallest n released with probability at least ½. */
  private static int half(OptimalPartitionRule opt, Threshold lap, Threshold gau, int rule) {
    for (int n = 0; ; n++) {
      if (p(opt, lap, gau, rule, n) >= 0.5) {
        return n;
      }
    }
  }

  private static String fmt(double p) {
    if (p >= 0.9995 && p < 1) {
      return String.format(Locale.ROOT, "1−%.1e", 1 - p);
    }
    return p == 1 || p == 0 || p >= 0.001
        ? String.format(Locale.ROOT, "%.3f", p)
        : String.format(Locale.ROOT, "%.1e", p);
  }
}
