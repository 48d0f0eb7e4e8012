package dev.dpjdbc.analyze.release;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.boundary.Boundary;
import dev.dpjdbc.analyze.privacy.PrivacyAnalysis;
import dev.dpjdbc.analyze.rewrite.Backend;
import dev.dpjdbc.analyze.safety.ErrorFreedom;
import java.sql.SQLException;

/**
 * Which refusal to give when an aggregated value has no bound (ZD001) and the error rule refuses it
 * too (0A000). ZD001 is the useful one when a bound cures both: {@code SUM(x * 2)} with x unbounded
 * overflows only because x has no bound. It is wrong when no bound on the named column would help:
 * {@code SUM(100 / (level - 3))} with {@code level IN (1..5)} is unbounded because its divisor can
 * be 0, and {@code AVG(CAST(email AS DOUBLE PRECISION))} because text may not parse; ZD001 would
 * ask for a CHECK the column already has, or a numeric range on text. Then the error rule's 0A000
 * refusal (naming the division or the cast) stands: {@code AnalyzerSqlState} defines ZD001 as "a
 * column the query needs has no bound", which is not the case.
 */
final class RefusalOrder {
  private RefusalOrder() {}

  /** The refusal to throw for {@code missing}, a refusal of the bounded rewrite. */
  static SQLException prefer(
      SQLException missing, Boundary boundary, PrivacyAnalysis analysis, Backend backend) {
    if (!AnalyzerSqlState.MISSING_BOUND.code().equals(missing.getSQLState())) {
      return missing;
    }
    try {
      ErrorFreedom.check(boundary, analysis, backend);
    } catch (SQLException error) {
      String m = error.getMessage();
      if (m != null && (m.contains("refuses division by ") || m.contains("refuses CAST "))) {
        return error; // a divisor that can be 0, a conversion that can fail: no bound cures them
      }
    }
    return missing;
  }
}
