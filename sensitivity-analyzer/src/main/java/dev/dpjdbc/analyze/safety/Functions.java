package dev.dpjdbc.analyze.safety;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * The functions allowed over row values, each with the condition under which it raises no error:
 *
 * <ul>
 *   <li>ABS, FLOOR, CEIL, SIGN; ROUND and TRUNC with a literal number of digits (at most 300): of
 *       integers when the result fits its type ({@code abs(INT_MIN)} overflows); of numeric when
 *       the argument is bounded (ABS and SIGN always); of real and double precision always
 *       (PostgreSQL raises nothing for any double, NaN and ±Infinity included);
 *   <li>SQRT of values ≥ 0 (Calcite writes it POWER(x, 0.5); no other power is allowed), LN and
 *       LOG10 of values > 0, EXP of values in [−700, 700] (beyond, PostgreSQL's double precision
 *       overflows or underflows); NaN passes through them, +Infinity too, −Infinity makes SQRT and
 *       LN fail;
 *   <li>EXTRACT of a field a DATE has (year … epoch; PostgreSQL 14 refuses {@code EXTRACT(HOUR FROM
 *       date)} row by row) or of any standard field of a timestamp; date_part, date_trunc and FLOOR
 *       or CEIL to a unit, with a literal unit, on timestamps or on dates within the timestamp
 *       range (PostgreSQL converts the date first): {@link DateFunctions};
 *   <li>width_bucket(x, lo, hi, n) with literal finite lo ≠ hi and 1 ≤ n < 2^31 − 1, of an x that
 *       cannot be NaN;
 *   <li>to_timestamp of a number within PostgreSQL's timestamp range that cannot be NaN ("timestamp
 *       cannot be NaN"; ±Infinity gives ±infinity);
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
      return DateFunctions.extract(call, ops, names, kind == SqlKind.EXTRACT);
    }
    if (kind == SqlKind.FLOOR || kind == SqlKind.CEIL) {
      if (ops.size() == 1) {
        return fitting(call, ops, names, false).withIntegral(true);
      }
      RexNode value = call.getOperands().get(0);
      return SqlTypeUtil.isDatetime(value.getType())
          ? DateFunctions.truncate(call, ops, names, kind == SqlKind.CEIL, value)
          : fitting(call, ops, names, false);
    }
    if (name.equals("DATE_TRUNC")) {
      return DateFunctions.dateTrunc(call, ops, names);
    }
    if (kind == SqlKind.TRIM || TEXT.contains(name)) {
      return Fact.ALL;
    }
    if (LENGTHS.contains(name) || kind == SqlKind.POSITION) {
      return Fact.range(0, Integer.MAX_VALUE, true, 0);
    }
    switch (name) {
      case "ABS", "SIGN" -> {
        Fact f = fitting(call, ops, names, true);
        return name.equals("SIGN")
            ? Fact.range(-1, 1, true, 0).withSpecial(ops.get(0).special() & Fact.NAN)
            : f.withIntegral(ops.get(0).integral());
      }
      case "ROUND", "TRUNCATE", "TRUNC" -> {
        return round(call, ops, names);
      }
      case "WIDTH_BUCKET" -> {
        return widthBucket(call, ops, names);
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
            || s.hi() > LAST_EPOCH_SECOND
            || s.mayBeNaN()) {
          throw new Refusal(
              "to_timestamp of " + names.text(call.getOperands().get(0)),
              s.mayBeNaN() && s.bounded()
                  ? "the value may be NaN, and PostgreSQL raises \"timestamp cannot be NaN\""
                  : "a value outside the timestamp range (or text that does not parse) raises an"
                      + " error for some rows",
              "Use it on constants (placed > to_timestamp(?)), or on a column with a CHECK"
                  + " bound on both sides (which NaN fails), or guard it: CASE WHEN x BETWEEN lo"
                  + " AND hi THEN to_timestamp(x) END.");
        }
        return Fact.range(s.lo() * 1000, s.hi() * 1000, false, Fact.ANY_SCALE)
            .withSpecial(s.special() & (Fact.POS_INF | Fact.NEG_INF));
      }
      default ->
          throw new Refusal(
              "the function " + call.getOperator().getName() + " (" + names.text(call) + ")",
              "dpjdbc cannot tell that it raises no error for any row value",
              RexCheck.allowedList());
    }
  }

  /**
   * The interval arithmetic's result of ABS, SIGN, FLOOR, CEIL, ROUND or TRUNC, which must fit the
   * call's type: checked for integers ({@code abs(INT_MIN)} overflows) and for numeric but for ABS
   * and SIGN ({@code absSign}), which never fail there (rounding a numeric of 131072 digits can
   * overflow); never for real and double precision, where PostgreSQL raises nothing for any value,
   * NaN and ±Infinity included. NaN and the infinities pass through (ABS(−∞) is +∞).
   */
  private static Fact fitting(RexCall call, List<Fact> ops, RexCheck names, boolean absSign) {
    Fact r = Arithmetic.synth(call, ops);
    RelDataType type = call.getType();
    boolean neverFails = TypeLimits.isFloat(type) || absSign && TypeLimits.isDecimal(type);
    if (!neverFails && !TypeLimits.fits(r, type)) {
      String fn = call.getOperator().getName();
      RelDataType arg = call.getOperands().get(0).getType();
      String wider = arg.getSqlTypeName() == SqlTypeName.BIGINT ? "numeric" : "bigint";
      throw new Refusal(
          fn + " (" + names.text(call) + ")",
          "for some row values the result leaves the range of " + TypeLimits.name(type),
          TypeLimits.isInteger(arg)
              ? "Cast the argument to a wider type first: " + fn + "(CAST(x AS " + wider + "))."
              : "Bound the argument first: CASE WHEN x BETWEEN lo AND hi THEN "
                  + fn
                  + "(x) END, or give the column a CHECK constraint.");
    }
    Fact in = ops.get(0);
    int special = in.special();
    if (fn(call).equals("ABS") && in.mayBeInfinite()) {
      special = special & Fact.NAN | Fact.POS_INF;
    }
    return r.withScale(in.scale()).withSpecial(special);
  }

  private static String fn(RexCall call) {
    return call.getOperator().getName().toUpperCase(Locale.ROOT);
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
    Fact r = fitting(call, ops, names, false);
    return r.withScale(Math.max(0, digits)).withIntegral(digits <= 0);
  }

  private static Fact elementary(RexCall call, String name, Fact x, RexCheck names) {
    boolean negInf = (x.special() & Fact.NEG_INF) != 0 && !x.alwaysNull();
    boolean ok =
        switch (name) {
          case "SQRT" -> x.lo() >= 0 && !negInf;
          case "LN", "LOG10" -> x.lo() > 0 && !negInf;
          default -> x.bounded() && x.lo() >= -700 && x.hi() <= 700; // exp(±∞), exp(NaN): no error
        };
    if (!ok) {
      throw new Refusal(
          name.toLowerCase(Locale.ROOT) + " of " + names.text(call.getOperands().get(0)),
          switch (name) {
            case "SQRT" ->
                "a negative value (or -Infinity) raises \"cannot take square root of a negative"
                    + " number\"";
            case "LN", "LOG10" -> "a value ≤ 0 (or -Infinity) raises \"cannot take logarithm\"";
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
    Fact r = Fact.range(f.applyAsDouble(x.lo()), f.applyAsDouble(x.hi()), false, Fact.ANY_SCALE);
    if (x.lo() > x.hi()) {
      r = Fact.range(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, false, Fact.ANY_SCALE);
    }
    if (name.equals("EXP") && negInf) {
      r = r.withZero(); // exp(-Infinity) is 0
    }
    return r.withSpecial(x.special() & (Fact.NAN | Fact.POS_INF));
  }

  /**
   * width_bucket(x, lo, hi, n) raises an error when n <= 0, lo = hi, lo or hi is NaN or infinite, x
   * is NaN, or n + 1 overflows an integer (x beyond hi with n = 2^31 − 1): lo, hi and n must be
   * literals checked here, x must not be NaN. The result is an integer in [0, n + 1].
   */
  private static Fact widthBucket(RexCall call, List<Fact> ops, RexCheck names) {
    List<RexNode> args = call.getOperands();
    Double lo = Scope.value(args.get(1));
    Double hi = Scope.value(args.get(2));
    Double n = Scope.value(args.get(3));
    boolean literals =
        lo != null
            && hi != null
            && n != null
            && Double.isFinite(lo)
            && Double.isFinite(hi)
            && !lo.equals(hi)
            && n >= 1
            && n < Integer.MAX_VALUE
            && n == Math.rint(n);
    if (!literals) {
      throw new Refusal(
          "width_bucket (" + names.text(call) + ")",
          "PostgreSQL raises an error for a count n <= 0, equal or non-finite bounds, or n + 1"
              + " beyond the integer range",
          "Write the bounds and the count as literals: width_bucket(x, 0, 100, 10).");
    }
    if (ops.get(0).mayBeNaN()) {
      throw new Refusal(
          "width_bucket of " + names.text(args.get(0)),
          "the value may be NaN, and PostgreSQL raises \"operand, lower bound, and upper bound"
              + " cannot be NaN\"",
          "Bound the value with a CHECK on both sides (which NaN fails), or guard it: CASE WHEN x"
              + " BETWEEN lo AND hi THEN width_bucket(x, lo, hi, n) END.");
    }
    return Fact.range(0, n + 1, true, 0);
  }

  private static boolean nonNegativeLiteral(RexNode e) {
    Double v = Scope.value(e);
    return v != null && v >= 0;
  }
}
