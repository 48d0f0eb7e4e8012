package dev.dpjdbc.analyze.rewrite;

import org.apache.calcite.avatica.util.TimeUnit;

/**
 * Interval literal values in a form the backend reads the same whatever its settings. Input: the
 * fields Calcite's {@code SqlIntervalQualifier.evaluateIntervalLiteral} returns — {@code [sign,
 * years, months]} for year–month intervals, {@code [sign, days, hours, minutes, seconds, millis]}
 * for day–time ones — and the fraction of a second as written (Calcite keeps milliseconds only).
 */
final class Intervals {
  private Intervals() {}

  /**
   * ISO 8601 with designators and a sign on every field ({@code P-1Y-2M}, {@code P1DT2H3M4.5S}):
   * PostgreSQL reads it the same under every IntervalStyle.
   */
  static String iso8601(boolean yearMonth, int[] f, boolean negative, String frac) {
    if (yearMonth) {
      return "P" + field(f[1], "", negative) + "Y" + field(f[2], "", negative) + "M";
    }
    return "P"
        + field(f[1], "", negative)
        + "DT"
        + field(f[2], "", negative)
        + "H"
        + field(f[3], "", negative)
        + "M"
        + field(f[4], frac, negative)
        + "S";
  }

  /**
   * The SQL-standard text of the qualifier's fields ({@code 1-2}, {@code 1 02:03:04.5}, {@code
   * 25}), with a leading minus; H2 reads it against the same qualifier.
   */
  static String h2(TimeUnit start, TimeUnit end, int[] f, boolean negative, String frac) {
    StringBuilder sb = new StringBuilder(negative ? "-" : "");
    if (start == TimeUnit.YEAR || start == TimeUnit.MONTH) {
      if (start == TimeUnit.YEAR) {
        sb.append(f[1]);
      }
      if (end == TimeUnit.MONTH) {
        sb.append(start == TimeUnit.YEAR ? "-" : "").append(f[2]);
      }
      return sb.toString();
    }
    TimeUnit[] units = {TimeUnit.DAY, TimeUnit.HOUR, TimeUnit.MINUTE, TimeUnit.SECOND};
    boolean on = false;
    for (int i = 0; i < units.length; i++) {
      on |= units[i] == start;
      if (!on) {
        continue;
      }
      if (units[i] != start) {
        sb.append(units[i] == TimeUnit.HOUR ? " " : ":");
      }
      sb.append(f[i + 1]);
      if (units[i] == TimeUnit.SECOND && !frac.isEmpty()) {
        sb.append('.').append(frac);
      }
      if (units[i] == end) {
        break;
      }
    }
    return sb.toString();
  }

  private static String field(int value, String frac, boolean negative) {
    boolean zero = value == 0 && frac.chars().allMatch(c -> c == '0');
    return (negative && !zero ? "-" : "") + value + (frac.isEmpty() ? "" : "." + frac);
  }
}
