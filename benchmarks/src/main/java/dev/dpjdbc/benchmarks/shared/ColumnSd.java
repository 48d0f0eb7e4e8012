package dev.dpjdbc.benchmarks.shared;

import dev.dpjdbc.benchmarks.shared.SharedQueries.Col;
import dev.dpjdbc.benchmarks.shared.SharedRun.CoordinateRow;
import dev.dpjdbc.benchmarks.shared.SharedRun.Explained;
import java.util.Arrays;

/**
 * Each released column's noise sd from EXPLAIN PRIVACY: COUNT and SUM columns read EXPLAIN's own
 * {@code output_stddev} (exact: one coordinate, or a centred sum plus mid·count); AVG, VAR_SAMP and
 * STDDEV_SAMP are ratios whose sd is the delta method at the group's true size and moments (the
 * same linearisation the driver's confidence intervals use), with the coordinates' sds from EXPLAIN
 * and the basis EXPLAIN shows (AVG from the centred sum, or from the plain sum).
 */
final class ColumnSd {
  private ColumnSd() {}

  /**
   * True moments of a column in one group.
   *
   * @param n rows
   * @param s Σ(x − mid)
   * @param q Σ(x − mid)²
   */
  record Moments(double n, double s, double q) {}

  static double of(Col col, Explained e, Moments m) {
    if (col.kind().equals("count") || col.kind().equals("sum")) {
      Double sd = e.columnStddev().get(col.alias());
      if (sd == null) {
        throw new IllegalStateException("no output_stddev for " + col.alias() + ": " + e);
      }
      return sd;
    }
    String x = col.column();
    String mid = String.valueOf((long) col.mid());
    double sdN = coordinate(e, "COUNT(*)");
    if (col.kind().equals("avg")) {
      CoordinateRow centred = row(e, "SUM(" + x + " - " + mid + ")");
      if (centred != null && uses(centred, col.alias())) {
        double dev = m.s() / m.n();
        return Math.hypot(centred.stddev(), dev * sdN) / m.n();
      }
      double avg = m.s() / m.n() + col.mid();
      return Math.hypot(coordinate(e, "SUM(" + x + ")"), avg * sdN) / m.n();
    }
    double sdS = coordinate(e, "SUM(" + x + " - " + mid + ")");
    double sdQ = coordinate(e, "SUM((" + x + " - " + mid + ")^2)");
    double n = m.n();
    double s = m.s();
    double q = m.q();
    double dq = 1 / (n - 1);
    double ds = -2 * s / (n * (n - 1));
    double dn = s * s / (n * n * (n - 1)) - (q - s * s / n) / ((n - 1) * (n - 1));
    double sdVar = Math.sqrt(sq(dq * sdQ) + sq(ds * sdS) + sq(dn * sdN));
    if (col.kind().equals("var_samp")) {
      return sdVar;
    }
    double var = (q - s * s / n) / (n - 1);
    return sdVar / (2 * Math.sqrt(var)); // STDDEV = √VAR
  }

  private static boolean uses(CoordinateRow r, String alias) {
    return Arrays.asList(r.outputs().split(", ")).contains(alias);
  }

  private static CoordinateRow row(Explained e, String aggregate) {
    for (CoordinateRow r : e.coordinates()) {
      if (r.aggregate().equals(aggregate)) {
        return r;
      }
    }
    return null;
  }

  private static double coordinate(Explained e, String aggregate) {
    CoordinateRow r = row(e, aggregate);
    if (r == null) {
      throw new IllegalStateException("no coordinate " + aggregate + " in " + e);
    }
    return r.stddev();
  }

  private static double sq(double v) {
    return v * v;
  }
}
