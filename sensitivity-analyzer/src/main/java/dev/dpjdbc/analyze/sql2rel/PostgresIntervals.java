package dev.dpjdbc.analyze.sql2rel;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PostgreSQL's interval strings ({@code INTERVAL '5 years'}, {@code '30 days ago'}, {@code '1 day 2
 * hours'}, {@code '1:30'}) in the SQL-standard form Calcite's parser reads ({@code INTERVAL '5'
 * YEAR}). Calcite requires the unit after the string; PostgreSQL puts it inside.
 *
 * <p>Understood: a sequence of {@code <number> <unit>} pairs (units and abbreviations as in
 * PostgreSQL's {@code datetktbl}: {@code y yr year}, {@code mon month}, {@code w week}, {@code d
 * day}, {@code h hr hour}, {@code m min minute}, {@code s sec second}, {@code ms}, {@code us},
 * {@code decade}, {@code century}, {@code millennium}, plurals), an optional leading {@code @} and
 * trailing {@code ago}, and {@code [-]h:mm[:ss[.f]]}. Years and months add up to months (exact
 * whole months only), the rest to seconds (a day is 86400 s, as Calcite's day-time intervals
 * count). The result uses the largest unit that states the value exactly: {@code '1 day 12 hours'}
 * → {@code '36' HOUR}. An interval with both a month part and a day-time part has no single Calcite
 * type and is refused (0A000) with the rewrite: two INTERVAL literals.
 */
final class PostgresIntervals {
  private PostgresIntervals() {}

  private static final BigDecimal DAY = BigDecimal.valueOf(86400);
  private static final BigDecimal HOUR = BigDecimal.valueOf(3600);
  private static final BigDecimal MINUTE = BigDecimal.valueOf(60);

  /** Unit → (months, seconds) per unit; exactly one is non-zero. */
  private static final Map<String, BigDecimal[]> UNITS = units();

  private static final Pattern PAIR =
      Pattern.compile("([+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+))\\s*([a-z]+)");
  private static final Pattern CLOCK =
      Pattern.compile("([+-]?)(\\d+):(\\d{1,2})(?::(\\d{1,2}(?:\\.\\d+)?))?");

  private static Map<String, BigDecimal[]> units() {
    BigDecimal z = BigDecimal.ZERO;
    Map<String, BigDecimal[]> m = new java.util.HashMap<>();
    put(m, new BigDecimal[] {BigDecimal.valueOf(12), z}, "y", "yr", "yrs", "year", "years");
    put(m, new BigDecimal[] {BigDecimal.ONE, z}, "mon", "mons", "month", "months");
    put(m, new BigDecimal[] {z, DAY.multiply(BigDecimal.valueOf(7))}, "w", "week", "weeks");
    put(m, new BigDecimal[] {z, DAY}, "d", "day", "days");
    put(m, new BigDecimal[] {z, HOUR}, "h", "hr", "hrs", "hour", "hours");
    put(m, new BigDecimal[] {z, MINUTE}, "m", "min", "mins", "minute", "minutes");
    put(m, new BigDecimal[] {z, BigDecimal.ONE}, "s", "sec", "secs", "second", "seconds");
    put(
        m,
        new BigDecimal[] {z, new BigDecimal("0.001")},
        "ms",
        "msec",
        "msecs",
        "millisecond",
        "milliseconds");
    put(
        m,
        new BigDecimal[] {z, new BigDecimal("0.000001")},
        "us",
        "usec",
        "usecs",
        "microsecond",
        "microseconds");
    put(m, new BigDecimal[] {BigDecimal.valueOf(120), z}, "dec", "decs", "decade", "decades");
    put(m, new BigDecimal[] {BigDecimal.valueOf(1200), z}, "c", "cent", "century", "centuries");
    put(
        m,
        new BigDecimal[] {BigDecimal.valueOf(12000), z},
        "mil",
        "mils",
        "millennium",
        "millennia");
    return Map.copyOf(m);
  }

  private static void put(Map<String, BigDecimal[]> m, BigDecimal[] v, String... names) {
    for (String n : names) {
      m.put(n, v);
    }
  }

  /**
   * The standard spelling of PostgreSQL interval text {@code body} (the string's content, quotes
   * removed): {@code '<value>' <UNIT>}.
   *
   * @throws SQLException 0A000 for text this class does not understand or a mixed interval
   */
  static String standard(String body) throws SQLException {
    String s = body.strip().toLowerCase(Locale.ROOT);
    boolean negate = false;
    if (s.startsWith("@")) {
      s = s.substring(1).strip();
    }
    if (s.endsWith(" ago") || s.equals("ago")) {
      negate = true;
      s = s.substring(0, s.length() - 3).strip();
    }
    BigDecimal months = BigDecimal.ZERO;
    BigDecimal seconds = BigDecimal.ZERO;
    Matcher clock = CLOCK.matcher(s);
    Matcher pair = PAIR.matcher(s);
    if (clock.matches()) {
      seconds =
          new BigDecimal(clock.group(2))
              .multiply(HOUR)
              .add(new BigDecimal(clock.group(3)).multiply(MINUTE))
              .add(clock.group(4) == null ? BigDecimal.ZERO : new BigDecimal(clock.group(4)));
      if (clock.group(1).equals("-")) {
        seconds = seconds.negate();
      }
    } else {
      int at = 0;
      boolean any = false;
      while (at < s.length()) {
        if (!pair.find(at) || !s.substring(at, pair.start()).isBlank()) {
          throw unsupported(body);
        }
        BigDecimal[] unit = UNITS.get(pair.group(2));
        if (unit == null) {
          throw unsupported(body);
        }
        BigDecimal q = new BigDecimal(pair.group(1));
        months = months.add(q.multiply(unit[0]));
        seconds = seconds.add(q.multiply(unit[1]));
        at = pair.end();
        any = true;
      }
      if (!any) {
        throw unsupported(body);
      }
    }
    if (negate) {
      months = months.negate();
      seconds = seconds.negate();
    }
    if (months.signum() != 0 && seconds.signum() != 0) {
      throw new SQLException(
          "the interval '"
              + body
              + "' mixes months and days, which no single SQL interval type holds; write it as"
              + " two intervals, e.g. x - INTERVAL '1' YEAR - INTERVAL '2' DAY",
          AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
    }
    if (months.signum() != 0) {
      if (months.stripTrailingZeros().scale() > 0) {
        throw new SQLException(
            "the interval '" + body + "' is not a whole number of months; write it in days",
            AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
      }
      BigDecimal[] years = months.divideAndRemainder(BigDecimal.valueOf(12));
      return years[1].signum() == 0 ? literal(years[0], "YEAR") : literal(months, "MONTH");
    }
    BigDecimal[] steps = {DAY, HOUR, MINUTE};
    String[] names = {"DAY", "HOUR", "MINUTE"};
    for (int i = 0; i < steps.length; i++) {
      BigDecimal[] qr = seconds.divideAndRemainder(steps[i]);
      if (qr[1].signum() == 0) {
        return literal(qr[0], names[i]);
      }
    }
    return literal(seconds, "SECOND");
  }

  private static String literal(BigDecimal value, String unit) {
    return "'" + value.stripTrailingZeros().toPlainString() + "' " + unit;
  }

  private static SQLException unsupported(String body) {
    return new SQLException(
        "dpjdbc does not understand the interval '"
            + body
            + "'; write a number and a unit, e.g. INTERVAL '5 years', INTERVAL '30 days',"
            + " INTERVAL '1 day 2 hours', or INTERVAL '5' YEAR",
        AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
  }
}
