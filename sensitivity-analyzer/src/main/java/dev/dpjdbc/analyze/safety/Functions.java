package dev.dpjdbc.analyze.safety;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.NlsString;

/**
 * The functions allowed over row values, each with the condition under which it raises no error:
 *
 * <ul>
 *   <li>ABS, FLOOR, CEIL, SIGN; ROUND and TRUNC with a literal number of digits (at most 300): the
 *       result fits its type ({@code abs(INT_MIN)} overflows);
 *   <li>SQRT of values ≥ 0 (Calcite writes it POWER(x, 0.5); no other power is allowed), LN and
 *       LOG10 of values > 0, EXP of values in [−700, 700] (beyond, PostgreSQL's double precision
 *       overflows or underflows);
 *   <li>EXTRACT of a field a DATE has (year … epoch; PostgreSQL 14 refuses {@code EXTRACT(HOUR FROM
 *       date)} row by row) or of any standard field of a timestamp; date_part, date_trunc and FLOOR
 *       or CEIL to a unit, with a literal unit, on timestamps or on dates within the timestamp
 *       range (PostgreSQL converts the date first);
 *   <li>to_timestamp of a number within PostgreSQL's timestamp range;
 *   <li>text: lower, upper, initcap, trim/ltrim/rtrim/btrim, char_length/length/octet_length, ||,
 *       concat, replace, reverse, position/strpos, md5, left, right, substring with a literal
 *       non-negative length.
 * </ul>
 */
final class Functions {
  private static final Set<String> TEXT =
      Set.of(
          "LOWER", "UPPER", "INITCAP", "LTRIM", "RTRIM", "BTRIM", "||", "CONCAT", "REPLACE",
          "REVERSE", "MD5", "LEFT", "RIGHT");
  private static final Set<String> LENGTHS =
      Set.of("CHAR_LENGTH", "CHARACTER_LENGTH", "LENGTH", "OCTET_LENGTH", "POSITION", "STRPOS");
  private static final Set<TimeUnitRange> DATE_FIELDS =
      Set.of(
          TimeUnitRange.YEAR,
          TimeUnitRange.QUARTER,
          TimeUnitRange.MONTH,
          TimeUnitRange.WEEK,
          TimeUnitRange.DAY,
          TimeUnitRange.DOW,
          TimeUnitRange.DOY,
          TimeUnitRange.ISODOW,
          TimeUnitRange.ISOYEAR,
          TimeUnitRange.DECADE,
          TimeUnitRange.CENTURY,
          TimeUnitRange.MILLENNIUM,
          TimeUnitRange.EPOCH);
  private static final Set<TimeUnitRange> TIME_FIELDS =
      Set.of(
          TimeUnitRange.HOUR,
          TimeUnitRange.MINUTE,
          TimeUnitRange.SECOND,
          TimeUnitRange.MILLISECOND,
          TimeUnitRange.MICROSECOND);

  /**
   * Truncation to these units keeps any timestamp in range: PostgreSQL's first timestamp,
   * 4714-11-24 00:00 BC (Julian day 0), is a Monday at midnight.
   */
  private static final Set<TimeUnitRange> KEEPS_RANGE =
      Set.of(
          TimeUnitRange.WEEK,
          TimeUnitRange.DAY,
          TimeUnitRange.HOUR,
          TimeUnitRange.MINUTE,
          TimeUnitRange.SECOND,
          TimeUnitRange.MILLISECOND,
          TimeUnitRange.MICROSECOND);

  /** Units date_trunc accepts (PostgreSQL 14 manual, §9.9.2). */
  private static final Set<String> TRUNC_UNITS =
      Set.of(
          "microseconds",
          "milliseconds",
          "second",
          "minute",
          "hour",
          "day",
          "week",
          "month",
          "quarter",
          "year",
          "decade",
          "century",
          "millennium");

  /** Seconds since 1970 of PostgreSQL's first and last timestamps (to_timestamp's range). */
  private static final double FIRST_EPOCH_SECOND = -210_866_803_200d;

  private static final double LAST_EPOCH_SECOND = 9_224_318_015_999d;

  private Functions() {}

  static Fact apply(RexCall call, List<Fact> ops, RexCheck names) {
    for (Fact f : ops) {
      if (f.alwaysNull()) {
        return Fact.NULL;
      }
    }
    String name = call.getOperator().getName().toUpperCase(Locale.ROOT);
    SqlKind kind = call.getKind();
    if (kind == SqlKind.EXTRACT || name.equals("DATE_PART")) {
      return extract(call, ops, names, kind == SqlKind.EXTRACT);
    }
    if (kind == SqlKind.FLOOR || kind == SqlKind.CEIL) {
      return ops.size() == 1
          ? fitting(call, ops, names).withIntegral(true)
          : truncate(call, ops, names, kind == SqlKind.CEIL, call.getOperands().get(0));
    }
    if (name.equals("DATE_TRUNC")) {
      RexNode unit = call.getOperands().get(0);
      String u = unit instanceof RexLiteral l && !l.isNull() ? text(l) : null;
      if (u == null || !TRUNC_UNITS.contains(u.toLowerCase(Locale.ROOT))) {
        throw new Refusal(
            "date_trunc with the unit " + names.text(unit) + " (" + names.text(call) + ")",
            "PostgreSQL checks the unit only when a row reaches it",
            "Write the unit as a literal: one of " + String.join(", ", TRUNC_UNITS) + ".");
      }
      return truncate(call, ops, names, false, call.getOperands().get(1));
    }
    if (kind == SqlKind.TRIM || TEXT.contains(name)) {
      return Fact.ALL;
    }
    if (LENGTHS.contains(name) || kind == SqlKind.POSITION) {
      return Fact.range(0, Integer.MAX_VALUE, true, 0);
    }
    switch (name) {
      case "ABS", "SIGN" -> {
        Fact f = fitting(call, ops, names);
        return name.equals("SIGN")
            ? Fact.range(-1, 1, true, 0)
            : f.withIntegral(ops.get(0).integral());
      }
      case "ROUND", "TRUNCATE", "TRUNC" -> {
        return round(call, ops, names);
      }
      case "SUBSTRING" -> {
        if (call.getOperands().size() > 2 && !nonNegativeLiteral(call.getOperands().get(2))) {
          throw new Refusal(
              "substring with a length that is not a non-negative literal ("
                  + names.text(call)
                  + ")",
              "PostgreSQL raises \"negative substring length not allowed\" when a row reaches it",
              "Write the length as a literal number.");
        }
        return Fact.ALL;
      }
      case "SQRT", "LN", "LOG10", "EXP" -> {
        return elementary(call, name, ops.get(0), names);
      }
      case "POWER" -> {
        Double exponent = Scope.value(call.getOperands().get(1));
        if (exponent != null && exponent == 0.5) {
          return elementary(call, "SQRT", ops.get(0), names); // Calcite's SQRT(x)
        }
        throw new Refusal(
            "POWER (" + names.text(call) + ")",
            "a power overflows, or is complex for a negative base, for some row values",
            "Multiply instead (x * x), on a bounded value or in numeric.");
      }
      case "TO_TIMESTAMP" -> {
        Fact s = ops.get(0);
        if (ops.size() != 1
            || !TypeLimits.isNumeric(call.getOperands().get(0).getType())
            || !s.bounded()
            || s.lo() < FIRST_EPOCH_SECOND
            || s.hi() > LAST_EPOCH_SECOND) {
          throw new Refusal(
              "to_timestamp of " + names.text(call.getOperands().get(0)),
              "a value outside the timestamp range (or text that does not parse) raises an error"
                  + " for some rows",
              "Use it on constants (placed > to_timestamp(?)), or on a column with a CHECK"
                  + " bound.");
        }
        return Fact.range(s.lo() * 1000, s.hi() * 1000, false, Fact.ANY_SCALE);
      }
      default ->
          throw new Refusal(
              "the function " + call.getOperator().getName() + " (" + names.text(call) + ")",
              "dpjdbc cannot tell that it raises no error for any row value",
              RexCheck.allowedList());
    }
  }

  /** The interval arithmetic's result, which must fit the call's type. */
  private static Fact fitting(RexCall call, List<Fact> ops, RexCheck names) {
    Fact r = Arithmetic.synth(call, ops);
    if (!TypeLimits.fits(r, call.getType())) {
      throw new Refusal(
          call.getOperator().getName() + " (" + names.text(call) + ")",
          "for some row values the result leaves the range of " + TypeLimits.name(call.getType()),
          "Cast the argument to a wider type first: "
              + call.getOperator().getName()
              + "(CAST(x AS bigint)).");
    }
    return r.withScale(ops.get(0).scale());
  }

  private static Fact round(RexCall call, List<Fact> ops, RexCheck names) {
    int digits = 0;
    if (call.getOperands().size() > 1) {
      Double d = Scope.value(call.getOperands().get(1));
      if (d == null || d != Math.rint(d) || Math.abs(d) > 300) {
        throw new Refusal(
            call.getOperator().getName()
                + " with a number of digits that is not a literal ("
                + names.text(call)
                + ")",
            "extreme digit counts raise an error only when a row reaches them",
            "Write the digits as a literal between -300 and 300.");
      }
      digits = d.intValue();
    }
    Fact r = fitting(call, ops, names);
    return r.withScale(Math.max(0, digits)).withIntegral(digits <= 0);
  }

  private static Fact elementary(RexCall call, String name, Fact x, RexCheck names) {
    boolean ok =
        switch (name) {
          case "SQRT" -> x.lo() >= 0;
          case "LN", "LOG10" -> x.lo() > 0;
          default -> x.bounded() && x.lo() >= -700 && x.hi() <= 700;
        };
    if (!ok) {
      throw new Refusal(
          name.toLowerCase(Locale.ROOT) + " of " + names.text(call.getOperands().get(0)),
          switch (name) {
            case "SQRT" ->
                "a negative value raises \"cannot take square root of a negative number\"";
            case "LN", "LOG10" -> "a value ≤ 0 raises \"cannot take logarithm\"";
            default -> "a value beyond ±700 overflows or underflows double precision";
          },
          "Guard the argument: CASE WHEN x > 0 THEN " + name.toLowerCase(Locale.ROOT) + "(x) END.");
    }
    java.util.function.DoubleUnaryOperator f =
        switch (name) {
          case "SQRT" -> Math::sqrt;
          case "LN" -> Math::log;
          case "LOG10" -> Math::log10;
          default -> Math::exp;
        };
    return Fact.range(f.applyAsDouble(x.lo()), f.applyAsDouble(x.hi()), false, Fact.ANY_SCALE);
  }

  private static Fact extract(RexCall call, List<Fact> ops, RexCheck names, boolean isExtract) {
    RexNode arg = call.getOperands().get(call.getOperands().size() - 1);
    Fact v = ops.get(ops.size() - 1);
    TimeUnitRange unit = unit(call.getOperands().get(0));
    RelDataType t = arg.getType();
    boolean date = t.getSqlTypeName() == SqlTypeName.DATE;
    boolean known =
        unit != null
            && (DATE_FIELDS.contains(unit) || !date || !isExtract)
            && (DATE_FIELDS.contains(unit) || TIME_FIELDS.contains(unit));
    if (!known || !SqlTypeUtil.isDatetime(t) || t.getSqlTypeName() == SqlTypeName.TIME) {
      throw new Refusal(
          "EXTRACT of "
              + (unit == null ? names.text(call.getOperands().get(0)) : unit)
              + " from "
              + names.text(arg),
          "PostgreSQL checks the field against the value's type only when a row reaches it",
          "Extract a field the type has (a DATE has YEAR, QUARTER, MONTH, WEEK, DAY, DOW, DOY,"
              + " EPOCH; a TIMESTAMP also HOUR, MINUTE, SECOND).");
    }
    if (date && !isExtract && !TypeLimits.fits(v, t)) {
      throw unboundedDate(call, arg, names);
    }
    double[] limit = fieldRange(unit);
    return Arithmetic.synth(call, ops).intersect(limit[0], limit[1]);
  }

  /**
   * The values a field can take for any date either backend holds (H2 keeps years up to ±10^9), so
   * that arithmetic on EXTRACT(YEAR FROM d) of an unbounded date is bounded.
   */
  private static double[] fieldRange(TimeUnitRange unit) {
    double years = 1e9;
    return switch (unit) {
      case YEAR, ISOYEAR -> new double[] {-years, years};
      case DECADE -> new double[] {-years / 10, years / 10};
      case CENTURY -> new double[] {-years / 100 - 1, years / 100 + 1};
      case MILLENNIUM -> new double[] {-years / 1000 - 1, years / 1000 + 1};
      case EPOCH -> new double[] {-years * 366 * 86_400, years * 366 * 86_400};
      default -> new double[] {Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY};
    };
  }

  private static Fact truncate(
      RexCall call, List<Fact> ops, RexCheck names, boolean ceil, RexNode value) {
    int at = call.getOperands().indexOf(value);
    Fact v = ops.get(at);
    boolean date = value.getType().getSqlTypeName() == SqlTypeName.DATE;
    if (!SqlTypeUtil.isDatetime(value.getType())) {
      return fitting(call, ops, names);
    }
    if ((date || ceil) && !TypeLimits.fits(v, value.getType())) {
      throw unboundedDate(call, value, names);
    }
    Fact r = Arithmetic.synth(call, ops);
    TimeUnitRange unit = unit(call.getOperands().get(at == 0 ? 1 : 0));
    boolean keepsRange = unit != null && !ceil && KEEPS_RANGE.contains(unit) && !date;
    if (!keepsRange && !TypeLimits.fits(r, call.getType())) {
      throw new Refusal(
          names.text(call),
          names.text(value)
              + " has no bound, and truncating a value near the start of the calendar to a month,"
              + " year or longer leaves the timestamp range (\"timestamp out of range\")",
          "Truncate to a week, a day or finer, or give the column a CHECK constraint.");
    }
    return r;
  }

  private static Refusal unboundedDate(RexCall call, RexNode arg, RexCheck names) {
    return new Refusal(
        names.text(call),
        names.text(arg)
            + " has no bound within the timestamp range, and PostgreSQL converts it to"
            + " a timestamp first (\"date out of range for timestamp\" past 294276 AD)",
        "Give the column a CHECK constraint, or compare it with constants instead.");
  }

  /** The field a flag or text literal names (MONTH, 'month'), or null. */
  private static TimeUnitRange unit(RexNode e) {
    if (!(e instanceof RexLiteral lit) || lit.isNull()) {
      return null;
    }
    Object v = lit.getValue();
    if (v instanceof TimeUnitRange u) {
      return u;
    }
    if (v instanceof NlsString s) {
      try {
        return TimeUnitRange.valueOf(s.getValue().strip().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e2) {
        return null;
      }
    }
    return null;
  }

  private static String text(RexLiteral l) {
    return l.getValue() instanceof NlsString s ? s.getValue() : null;
  }

  private static boolean nonNegativeLiteral(RexNode e) {
    Double v = Scope.value(e);
    return v != null && v >= 0;
  }
}
