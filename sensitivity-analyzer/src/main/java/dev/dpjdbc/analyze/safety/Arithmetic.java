package dev.dpjdbc.analyze.safety;

import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.privacy.ColumnFacts;
import dev.dpjdbc.analyze.privacy.RexIntervals;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * The rule for + − × / MOD and unary minus over operands whose facts are known. An operation is
 * allowed when no operand values within their facts can make it fail:
 *
 * <ul>
 *   <li>integers: the result interval fits the result type (so {@code -x}, {@code x * y} and {@code
 *       INT_MIN / -1} overflow nowhere);
 *   <li>numeric: the operands are bounded (PostgreSQL's numeric overflows only past 131072 digits,
 *       which a value of a bounded expression never reaches);
 *   <li>real and double precision: the result interval is finite and within the type, and a product
 *       or quotient cannot underflow (PostgreSQL raises "value out of range: underflow" when a
 *       nonzero result rounds to 0): one factor is a whole number, or both factors are bounded away
 *       from 0 by magnitudes whose product is a normal double (the rewrite's squares of deviations
 *       floored at 1e-150), or the dividend is whole and the divisor at most 10^300, or the divisor
 *       at most 1 in magnitude;
 *   <li>division and modulo: the divisor is never 0 — its interval excludes 0, a guard excludes it
 *       ({@code NULLIF(d, 0)}, {@code CASE WHEN d <> 0 ...}), or it is a constant, which the
 *       preflight divides by before any row is read; floating-point division needs an interval that
 *       excludes 0 (a tiny divisor overflows);
 *   <li>dates and timestamps ± intervals or days: the result stays within PostgreSQL's timestamp
 *       range, and no operand may be 'infinity' (PostgreSQL raises "cannot subtract infinite
 *       dates"); intervals stay within the interval type, and an interval is multiplied only by a
 *       number that cannot be NaN or infinite ("interval out of range").
 * </ul>
 *
 * <p>NaN and ±Infinity raise no error in numeric or floating-point arithmetic on either backend
 * (PostgreSQL raises an overflow only when finite operands give an infinite result): they pass
 * through, NaN in giving NaN, an infinity giving infinities or NaN (∞ − ∞, ∞ × 0), and x / ±∞
 * giving 0 ({@link #special}).
 */
final class Arithmetic {
  private static final String CAST_FIX =
      "Bound it in the query — LEAST(GREATEST(x, lo), hi), or CASE WHEN x BETWEEN lo AND hi THEN"
          + " ... END — or give the column a CHECK constraint; or compute in a wider type:"
          + " CAST(x AS bigint) or CAST(x AS numeric).";
  private static final String FLOAT_FIX =
      "Bound it in the query — LEAST(GREATEST(x, lo), hi), or CASE WHEN x BETWEEN lo AND hi THEN"
          + " ... END, which also rule out NaN and ±Infinity — or give the column a CHECK"
          + " constraint with both bounds (a cast to bigint would itself fail on NaN, ±Infinity"
          + " and values beyond 9.2e18).";
  private static final String DIVISOR_FIX =
      "Guard the divisor: x / NULLIF(d, 0), or CASE WHEN d <> 0 THEN x / d END.";

  private Arithmetic() {}

  /** The fact of {@code call}'s value, or a refusal. */
  static Fact apply(RexCall call, List<Fact> ops, RexCheck names) {
    String text = names.text(call);
    for (Fact f : ops) {
      if (f.alwaysNull()) {
        return Fact.NULL; // strict: NULL in, NULL out, no error
      }
    }
    RelDataType type = call.getType();
    SqlKind kind = call.getKind();
    if (kind == SqlKind.PLUS_PREFIX) {
      return ops.get(0);
    }
    if (!TypeLimits.isNumeric(type)) {
      return datetime(call, ops, names);
    }
    if (kind == SqlKind.DIVIDE || kind == SqlKind.MOD) {
      return divide(call, ops, names);
    }
    Fact r = synth(call, ops);
    boolean whole = ops.stream().allMatch(Fact::integral);
    int scale =
        kind == SqlKind.TIMES
            ? sumScales(ops)
            : ops.stream().mapToInt(Fact::scale).max().orElse(Fact.ANY_SCALE);
    r = Fact.range(r.lo(), r.hi(), whole, scale);
    if (!TypeLimits.fits(r, type)) {
      throw new Refusal(
          describe(kind) + " " + text,
          overflowWhy(type, ops, call),
          TypeLimits.isInteger(type)
              ? CAST_FIX
              : TypeLimits.isFloat(type)
                  ? FLOAT_FIX
                  : "Bound the operands: give the columns CHECK constraints, or clamp them in the"
                      + " query with LEAST(GREATEST(x, lo), hi) or a CASE.");
    }
    if (kind == SqlKind.TIMES && TypeLimits.isFloat(type) && !ops.get(0).integral()) {
      // operands bounded away from 0 (a guarded value) have a product of at least the product of
      // their smallest magnitudes, which cannot underflow when it is a normal double
      double smallest = smallestMagnitude(ops.get(0)) * smallestMagnitude(ops.get(1));
      if (!ops.get(1).integral() && !(smallest >= Double.MIN_NORMAL)) {
        throw new Refusal(
            "the floating-point product " + text,
            "a product of two fractions can underflow (PostgreSQL raises \"value out of range:"
                + " underflow\" when a nonzero product rounds to 0)",
            "Compute it in numeric: CAST(x AS numeric) * y.");
      }
    }
    return special(r, ops, kind);
  }

  /**
   * {@code r}, the result over the operands' finite values, with the non-finite values the
   * operation gives when an operand may be one: NaN from NaN; infinities from an infinity, and NaN
   * from two (∞ − ∞, ∞ / ∞) or from ∞ × 0; for division, 0 from x / ±∞; for modulo only NaN (∞ % y
   * is NaN, x % ∞ is x).
   */
  static Fact special(Fact r, List<Fact> ops, SqlKind kind) {
    int s = 0;
    int infinite = 0;
    for (Fact f : ops) {
      s |= f.mayBeNaN() ? Fact.NAN : 0;
      infinite += f.mayBeInfinite() ? 1 : 0;
    }
    if (infinite > 0) {
      s |= kind == SqlKind.MOD ? Fact.NAN : Fact.POS_INF | Fact.NEG_INF;
    }
    if (infinite > 1 || kind == SqlKind.TIMES && infinite > 0 && timesZero(ops)) {
      s |= Fact.NAN;
    }
    if (kind == SqlKind.DIVIDE && ops.size() == 2 && ops.get(1).mayBeInfinite()) {
      r = r.withZero();
    }
    return r.withSpecial(s);
  }

  /** In a product with an infinite factor, another factor may be 0 or NaN. */
  private static boolean timesZero(List<Fact> ops) {
    for (Fact f : ops) {
      if (f.mayBeZero() || f.mayBeNaN() || f.mayBeInfinite() && f.lo() <= 0 && f.hi() >= 0) {
        return true;
      }
    }
    return false;
  }

  /** The smallest |v| of a non-NULL value v the fact allows (0 when its range holds 0). */
  private static double smallestMagnitude(Fact f) {
    return f.lo() > 0 ? f.lo() : f.hi() < 0 ? -f.hi() : 0;
  }

  private static int sumScales(List<Fact> ops) {
    long s = 0;
    for (Fact f : ops) {
      s += f.scale();
    }
    return s >= Fact.ANY_SCALE ? Fact.ANY_SCALE : (int) s;
  }

  private static Fact divide(RexCall call, List<Fact> ops, RexCheck names) {
    String text = names.text(call);
    RelDataType type = call.getType();
    Fact x = ops.get(0);
    Fact d = ops.get(1);
    RexNode divisor = call.getOperands().get(1);
    boolean asserted = Preflight.assertsNonzero(divisor);
    boolean mod = call.getKind() == SqlKind.MOD;
    if (d.mayBeZero() && !asserted) {
      throw new Refusal(
          (mod ? "modulo by " : "division by ") + names.text(divisor) + " (" + text + ")",
          "the divisor can be 0 for some rows, and the backend raises a division-by-zero error",
          DIVISOR_FIX);
    }
    if (TypeLimits.isFloat(type)) {
      return special(floatDivide(call, ops, names, mod), ops, call.getKind());
    }
    if (mod) {
      // |x MOD d| <= |x|: nothing overflows once d is nonzero
      double m = x.magnitude();
      return special(
          Fact.range(-m, m, x.integral() && d.integral(), Math.max(x.scale(), d.scale())),
          ops,
          SqlKind.MOD);
    }
    if (TypeLimits.isDecimal(type)) {
      if (!x.bounded()) {
        throw new Refusal(
            "division of the unbounded " + names.text(call.getOperands().get(0)),
            "its value is not bounded, so the quotient can overflow numeric",
            "Bound the dividend with a CHECK constraint, LEAST/GREATEST or a CASE.");
      }
      return special(quotientBound(call, ops, x, d).withScale(Fact.ANY_SCALE), ops, SqlKind.DIVIDE);
    }
    Fact r = quotientBound(call, ops, x, d).withIntegral(true);
    if (!TypeLimits.fits(r, type)) {
      throw new Refusal(
          "the integer division " + text,
          overflowWhy(type, ops, call) + " (the lowest " + TypeLimits.name(type) + " / -1)",
          CAST_FIX);
    }
    return special(r, ops, SqlKind.DIVIDE); // EXTRACT, typed bigint, is numeric in PostgreSQL
  }

  /** The quotient's range: exact when the divisor's interval excludes 0, else from its granule. */
  private static Fact quotientBound(RexCall call, List<Fact> ops, Fact x, Fact d) {
    if (d.lo() > 0 || d.hi() < 0) {
      return synth(call, ops);
    }
    // nonzero by a guard or asserted by the preflight: |d| >= 1 for integers, 10^-scale for numeric
    double granule =
        d.integral() || TypeLimits.isInteger(call.getOperands().get(1).getType())
            ? 1
            : d.scale() <= 300 ? Math.pow(10, -d.scale()) : 0;
    if (granule == 0 || !x.bounded()) {
      return Fact.ALL;
    }
    double m = x.magnitude() / granule;
    return Fact.range(-m, m, false, Fact.ANY_SCALE);
  }

  private static Fact floatDivide(RexCall call, List<Fact> ops, RexCheck names, boolean mod) {
    String text = names.text(call);
    Fact x = ops.get(0);
    Fact d = ops.get(1);
    if (mod || d.mayBeZero() || d.lo() <= 0 && d.hi() >= 0) {
      throw new Refusal(
          "the floating-point " + (mod ? "modulo " : "division ") + text,
          "a divisor that can come arbitrarily close to 0 makes the quotient overflow",
          "Compute it in numeric: CAST(x AS numeric) / NULLIF(d, 0).");
    }
    Fact r = synth(call, ops);
    r = Fact.range(r.lo(), r.hi(), false, Fact.ANY_SCALE);
    double dMax = d.magnitude();
    boolean noUnderflow = dMax <= 1 || (x.integral() && dMax <= 1e300);
    if (!TypeLimits.fits(r, call.getType()) || !noUnderflow) {
      throw new Refusal(
          "the floating-point division " + text,
          !TypeLimits.fits(r, call.getType())
              ? "the quotient can leave the range of " + TypeLimits.name(call.getType())
              : "a small dividend over a large divisor can underflow (PostgreSQL raises \"value"
                  + " out of range: underflow\")",
          "Compute it in numeric: CAST(x AS numeric) / d.");
    }
    return r;
  }

  /** date/timestamp ± interval, date ± days, timestamp − timestamp, interval × number. */
  private static Fact datetime(RexCall call, List<Fact> ops, RexCheck names) {
    String text = names.text(call);
    RelDataType type = call.getType();
    for (int i = 0; i < ops.size(); i++) {
      RelDataType t = call.getOperands().get(i).getType();
      if (TypeLimits.isNumeric(t) && ops.get(i).mayBeSpecial()) {
        throw new Refusal(
            describe(call.getKind()) + " " + text,
            names.text(call.getOperands().get(i))
                + " may be NaN or infinite, and PostgreSQL raises \"interval out of range\" for"
                + " an interval times NaN or ±Infinity",
            "Guard the number: CASE WHEN x BETWEEN lo AND hi THEN ... END (NaN and ±Infinity fail"
                + " BETWEEN), or give the column a CHECK constraint with an upper bound.");
      }
      if (SqlTypeUtil.isDatetime(t) && !TypeLimits.fits(ops.get(i), t)) {
        throw new Refusal(
            "date arithmetic " + text,
            names.text(call.getOperands().get(i))
                + (ops.get(i).bounded()
                    ? " may be 'infinity', and PostgreSQL raises \"cannot subtract infinite"
                        + " dates\" (or timestamps)"
                    : " has no bound, and a value near the end of the calendar makes the result"
                        + " leave the timestamp range"),
            "Compare the column with a constant computed from it instead (hired > CURRENT_DATE -"
                + " 30 rather than hired + 30 > CURRENT_DATE), or give the column a CHECK"
                + " constraint.");
      }
    }
    Fact r = intervalResult(call, ops);
    SqlTypeFamily f = type.getSqlTypeName().getFamily();
    boolean known =
        SqlTypeUtil.isDatetime(type)
            || f == SqlTypeFamily.INTERVAL_DAY_TIME
            || f == SqlTypeFamily.INTERVAL_YEAR_MONTH;
    if (!known || !TypeLimits.fits(r, type)) {
      throw new Refusal(
          describe(call.getKind()) + " " + text,
          "its result can leave the range of " + TypeLimits.name(type),
          "Bound the operands with CHECK constraints or a CASE, or compare the column with a"
              + " constant instead.");
    }
    return r;
  }

  /**
   * The interval arithmetic's result for {@code call} over operand facts; interval × number and
   * datetime − datetime too, which {@link RexIntervals} leaves unbounded.
   */
  static Fact intervalResult(RexCall call, List<Fact> ops) {
    if (SqlTypeUtil.isDatetime(call.getType()) || ops.size() != 2) {
      return synth(call, ops);
    }
    Fact a = ops.get(0);
    Fact b = ops.get(1);
    if (call.getKind() == SqlKind.TIMES && a.bounded() && b.bounded()) {
      double[] p = {a.lo() * b.lo(), a.lo() * b.hi(), a.hi() * b.lo(), a.hi() * b.hi()};
      double lo = Math.min(Math.min(p[0], p[1]), Math.min(p[2], p[3]));
      double hi = Math.max(Math.max(p[0], p[1]), Math.max(p[2], p[3]));
      return Fact.range(lo, hi, false, Fact.ANY_SCALE);
    }
    List<RexNode> in = call.getOperands();
    if (call.getKind() == SqlKind.MINUS
        && SqlTypeUtil.isDatetime(in.get(0).getType())
        && SqlTypeUtil.isDatetime(in.get(1).getType())) {
      a = inMillis(a, in.get(0).getType());
      b = inMillis(b, in.get(1).getType());
      return Fact.range(a.lo() - b.hi(), a.hi() - b.lo(), false, Fact.ANY_SCALE);
    }
    return synth(call, ops);
  }

  private static Fact inMillis(Fact f, RelDataType t) {
    double k = SqlTypeUtil.isDate(t) ? 86_400_000d : 1;
    return Fact.range(f.lo() * k, f.hi() * k, false, Fact.ANY_SCALE);
  }

  /**
   * {@code call} applied to operands with the given facts, by {@link RexIntervals}: each operand
   * that is not a literal becomes an input column with its fact, so that guards and constants
   * narrowed here reach the interval arithmetic one operator at a time.
   */
  static Fact synth(RexCall call, List<Fact> ops) {
    List<ColumnFacts> cols = new ArrayList<>();
    List<RexNode> operands = new ArrayList<>();
    for (int i = 0; i < ops.size(); i++) {
      RexNode o = call.getOperands().get(i);
      Interval iv = ops.get(i).interval("operand " + i);
      cols.add(new ColumnFacts("$" + i, iv, null, null));
      operands.add(o instanceof RexLiteral ? o : new RexInputRef(i, o.getType()));
    }
    Interval r = new RexIntervals(cols).interval(call.clone(call.getType(), operands));
    return Fact.range(r.lower(), r.upper(), false, Fact.ANY_SCALE);
  }

  private static String overflowWhy(RelDataType type, List<Fact> ops, RexCall call) {
    StringBuilder b =
        new StringBuilder(
            "it raises an arithmetic error (overflow) for some row values: the result leaves the"
                + " range of ");
    b.append(TypeLimits.name(type));
    for (int i = 0; i < ops.size(); i++) {
      if (!ops.get(i).bounded() && !(call.getOperands().get(i) instanceof RexLiteral)) {
        b.append(" (an operand has no bound)");
        break;
      }
    }
    return b.toString();
  }

  static String describe(SqlKind kind) {
    return switch (kind) {
      case PLUS -> "the addition";
      case MINUS -> "the subtraction";
      case TIMES -> "the multiplication";
      case MINUS_PREFIX -> "the negation";
      default -> "the arithmetic";
    };
  }
}
