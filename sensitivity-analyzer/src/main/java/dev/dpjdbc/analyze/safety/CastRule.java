package dev.dpjdbc.analyze.safety;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * The rule for CAST over a value that depends on the row (the analyst's casts and those Calcite's
 * type coercion adds): allowed when no value within the operand's fact can make the conversion fail
 * in PostgreSQL or H2.
 *
 * <ul>
 *   <li>to a text type: always (both backends truncate on an explicit cast, they do not fail);
 *   <li>between numbers: to an integer type when the (rounded) interval fits and the value cannot
 *       be NaN or infinite (PostgreSQL: "cannot convert NaN to integer", "integer out of range");
 *       to a {@code numeric(p,s)} when the (rounded) interval fits and the value cannot be infinite
 *       ('NaN' fits every precision, '±Infinity' none: "numeric field overflow"); to double
 *       precision or real from integers, and from numeric when the interval is bounded and the
 *       scale is at most 300 (PostgreSQL raises an error when a tiny numeric underflows; NaN and
 *       ±Infinity convert); from double precision to real only for whole numbers within range;
 *   <li>BOOLEAN to and from numbers; a type to itself (nullability, length, a wider numeric), whose
 *       value then has the target's integrality and scale (the emitted SQL keeps the CAST);
 *   <li>DATE to TIMESTAMP when the date lies in the timestamp range; TIMESTAMP to DATE; between
 *       TIMESTAMP and TIMESTAMP WITH TIME ZONE within the range; interval to interval of the same
 *       kind;
 *   <li>refused: text to anything else (the text may not parse for some rows), and every other
 *       conversion.
 * </ul>
 */
final class CastRule {
  private CastRule() {}

  /** The fact of {@code CAST(operand AS to)}, or a refusal. */
  static Fact apply(RexCall cast, Fact in, RexCheck names) {
    String text = names.text(cast);
    if (in.alwaysNull()) {
      return Fact.NULL;
    }
    RelDataType from = cast.getOperands().get(0).getType();
    RelDataType to = cast.getType();
    SqlTypeName f = from.getSqlTypeName();
    SqlTypeName t = to.getSqlTypeName();
    if (SqlTypeUtil.isCharacter(to)) {
      return Fact.ALL;
    }
    if (sameOrWider(from, to)) {
      if (TypeLimits.isInteger(to) && in.mayBeSpecial()) {
        // EXTRACT, typed bigint by Calcite, is numeric in PostgreSQL and Infinity for 'infinity'
        throw nonFinite(cast, names, to, in.mayBeNaN() ? "NaN" : "infinite");
      }
      // nullability, a longer string, a wider numeric, a finer timestamp. The emitted SQL keeps
      // the CAST (analyze.rel2sql), so the backend's value has the target type even where its own
      // type for the operand differs from Calcite's (EXTRACT is numeric in PostgreSQL)
      if (TypeLimits.isInteger(to)) {
        Fact whole = Fact.range(Math.floor(in.lo()), Math.ceil(in.hi()), true, 0);
        return in.nonzero() && in.integral() ? whole.withNonzero() : whole;
      }
      if (TypeLimits.isDecimal(to) && to.getScale() >= 0) {
        return in.withScale(Math.min(in.scale(), to.getScale()));
      }
      return in;
    }
    if (SqlTypeUtil.isCharacter(from)) {
      throw new Refusal(
          "CAST of the text "
              + names.text(cast.getOperands().get(0))
              + " to "
              + TypeLimits.name(to),
          "some rows may hold text that is not a valid " + TypeLimits.name(to),
          "Compare the column as text (code = '12'), or cast the constant instead of the"
              + " column.");
    }
    if (TypeLimits.isNumeric(from) && TypeLimits.isNumeric(to)) {
      return numeric(cast, in, names, from, to);
    }
    if (f == SqlTypeName.BOOLEAN && TypeLimits.isNumeric(to)) {
      return Fact.range(0, 1, true, 0);
    }
    if (t == SqlTypeName.BOOLEAN && (TypeLimits.isNumeric(from) || f == SqlTypeName.BOOLEAN)) {
      return Fact.ALL;
    }
    if (SqlTypeUtil.isDatetime(from) && SqlTypeUtil.isDatetime(to)) {
      return datetime(cast, in, names, from, to);
    }
    SqlTypeFamily ff = f.getFamily();
    if (ff != null
        && (ff == SqlTypeFamily.INTERVAL_DAY_TIME || ff == SqlTypeFamily.INTERVAL_YEAR_MONTH)
        && ff == t.getFamily()) {
      return in;
    }
    throw new Refusal(
        "CAST from " + TypeLimits.name(from) + " to " + TypeLimits.name(to) + " (" + text + ")",
        "the conversion can fail for some row values",
        "Compare the column in its own type.");
  }

  private static boolean sameOrWider(RelDataType from, RelDataType to) {
    if (from.getSqlTypeName() != to.getSqlTypeName()) {
      return false;
    }
    return switch (to.getSqlTypeName()) {
      case DECIMAL ->
          to.getScale() >= from.getScale()
              && to.getPrecision() - to.getScale() >= from.getPrecision() - from.getScale();
      case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE, TIME ->
          to.getPrecision() >= from.getPrecision();
      default -> true;
    };
  }

  private static Fact numeric(
      RexCall cast, Fact in, RexCheck names, RelDataType from, RelDataType to) {
    String text = names.text(cast);
    Fact r = Arithmetic.synth(cast, List.of(in));
    if (TypeLimits.isInteger(to)) {
      double margin = in.integral() ? 0 : 1; // rounding half away from zero
      if (in.lo() < TypeLimits.min(to) + margin || in.hi() > TypeLimits.max(to) - margin) {
        throw outOfRange(cast, text, from, to);
      }
      if (in.mayBeSpecial()) {
        throw nonFinite(cast, names, to, in.mayBeNaN() ? "NaN" : "infinite");
      }
      return Fact.range(r.lo(), r.hi(), true, 0).withNonzero(in.nonzero() && in.integral());
    }
    if (TypeLimits.isDecimal(to)) {
      int digits = to.getPrecision() - to.getScale();
      double limit = digits > 300 ? Double.MAX_VALUE : Math.pow(10, digits) * (1 - 1e-12);
      double half = Math.pow(10, -to.getScale()) / 2; // rounding can add half a unit
      if (!in.bounded() || in.magnitude() + half >= limit) {
        throw outOfRange(cast, text, from, to);
      }
      if (in.mayBeInfinite()) {
        throw nonFinite(cast, names, to, "infinite");
      }
      boolean keepsNonzero = in.integral() || in.scale() <= to.getScale();
      return Fact.range(r.lo(), r.hi(), in.integral(), Math.min(in.scale(), to.getScale()))
          .withNonzero(in.nonzero() && keepsNonzero)
          .withSpecial(in.special() & Fact.NAN);
    }
    // to real or double precision
    boolean toReal = to.getSqlTypeName() == SqlTypeName.REAL;
    boolean ok;
    if (TypeLimits.isInteger(from)) {
      ok = true;
    } else if (TypeLimits.isDecimal(from)) {
      ok =
          in.bounded()
              && in.magnitude() <= TypeLimits.floatMax(to)
              && in.scale() <= (toReal ? 37 : 300);
    } else {
      boolean narrowing = toReal && from.getSqlTypeName() != SqlTypeName.REAL;
      ok = !narrowing || in.integral() && in.bounded() && in.magnitude() <= TypeLimits.FLOAT4_MAX;
    }
    if (!ok) {
      throw outOfRange(cast, text, from, to);
    }
    return Fact.range(in.lo(), in.hi(), in.integral(), Fact.ANY_SCALE)
        .withNonzero(in.nonzero() && (in.integral() || in.scale() <= 300))
        .withSpecial(in.special()); // NaN and ±Infinity convert to themselves
  }

  private static Fact datetime(
      RexCall cast, Fact in, RexCheck names, RelDataType from, RelDataType to) {
    String text = names.text(cast);
    boolean toDate = to.getSqlTypeName() == SqlTypeName.DATE;
    boolean fromTime = from.getSqlTypeName() == SqlTypeName.TIME;
    if (to.getSqlTypeName() == SqlTypeName.TIME || toDate && !fromTime) {
      // drops the date or the time: never fails ('infinity' stays 'infinity' as a date)
      return Arithmetic.synth(cast, List.of(in)).withSpecial(toDate ? in.special() : 0);
    }
    if (fromTime || !TypeLimits.fits(in, from)) {
      throw new Refusal(
          "CAST from " + TypeLimits.name(from) + " to " + TypeLimits.name(to) + " (" + text + ")",
          names.text(cast.getOperands().get(0))
              + " has no bound within the timestamp range, and PostgreSQL raises \"date out of"
              + " range for timestamp\" for dates past 294276 AD",
          "Compare the column with a value of its own type (a DATE with a DATE: hired >="
              + " CURRENT_DATE - 30), or give the column a CHECK constraint.");
    }
    return Arithmetic.synth(cast, List.of(in));
  }

  private static Refusal outOfRange(RexCall cast, String text, RelDataType from, RelDataType to) {
    boolean exact = TypeLimits.isInteger(from) || TypeLimits.isDecimal(from);
    return new Refusal(
        "CAST from " + TypeLimits.name(from) + " to " + TypeLimits.name(to) + " (" + text + ")",
        "for some row values the value does not fit "
            + TypeLimits.name(to)
            + (TypeLimits.isFloat(from) ? " (or is NaN or infinite)" : ""),
        exact && !TypeLimits.isDecimal(from)
            ? "Cast to a type that holds every value (bigint, numeric, double precision), or bound"
                + " the value first: LEAST(GREATEST(x, lo), hi) or a CASE."
            : "Bound the value first — CASE WHEN x BETWEEN lo AND hi THEN CAST(x AS "
                + TypeLimits.name(to)
                + ") END, or LEAST(GREATEST(x, lo), hi), which also rule out NaN and ±Infinity"
                + " — or keep it in "
                + TypeLimits.name(from)
                + ".");
  }

  /** A cast that fails on NaN or ±Infinity, of a value that may be one. */
  private static Refusal nonFinite(RexCall cast, RexCheck names, RelDataType to, String what) {
    RelDataType from = cast.getOperands().get(0).getType();
    String x = names.text(cast.getOperands().get(0));
    return new Refusal(
        "CAST from "
            + TypeLimits.name(from)
            + " to "
            + TypeLimits.name(to)
            + " ("
            + names.text(cast)
            + ")",
        x
            + " may be "
            + what
            + (what.equals("NaN")
                ? " (a numeric or floating-point column holds 'NaN' unless a CHECK bounds it"
                    + " from above; NaN passes CHECK (x >= 0)), and PostgreSQL raises \"cannot"
                    + " convert NaN to "
                    + TypeLimits.name(to)
                    + "\""
                : " ('Infinity', or 'infinity' for a date or timestamp), and the conversion to "
                    + TypeLimits.name(to)
                    + " fails for it"),
        "Guard it: CASE WHEN "
            + x
            + " BETWEEN lo AND hi THEN CAST("
            + x
            + " AS "
            + TypeLimits.name(to)
            + ") END (NaN and ±Infinity fail BETWEEN), or clamp it with LEAST(GREATEST("
            + x
            + ", lo), hi); or give the column a CHECK constraint with an upper bound (CHECK (x"
            + " <= hi) excludes NaN).");
  }
}
