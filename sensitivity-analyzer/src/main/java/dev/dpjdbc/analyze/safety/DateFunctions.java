package dev.dpjdbc.analyze.safety;

import dev.dpjdbc.analyze.sql2rel.PostgresOperators;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.NlsString;

/**
 * The date and time functions of {@link Functions}: EXTRACT and date_part of a field the value's
 * type has, date_trunc and FLOOR/CEIL to a unit with a literal unit, on timestamps or on dates
 * within the timestamp range (PostgreSQL converts the date first). 'infinity' passes through them:
 * EXTRACT of YEAR, ISOYEAR, DECADE, CENTURY, MILLENNIUM or EPOCH from 'infinity' is Infinity (other
 * fields are NULL), and truncating 'infinity' gives 'infinity'.
 */
final class DateFunctions {
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

  /** Fields whose value for 'infinity' is Infinity (PostgreSQL 14); the others are NULL. */
  private static final Set<TimeUnitRange> UNBOUNDED_FIELDS =
      Set.of(
          TimeUnitRange.YEAR,
          TimeUnitRange.ISOYEAR,
          TimeUnitRange.DECADE,
          TimeUnitRange.CENTURY,
          TimeUnitRange.MILLENNIUM,
          TimeUnitRange.EPOCH);

  private DateFunctions() {}

  /** date_trunc('unit', x) with a unit PostgreSQL accepts, written as a literal. */
  static Fact dateTrunc(RexCall call, List<Fact> ops, RexCheck names) {
    RexNode unit = call.getOperands().get(0);
    String u = unit instanceof RexLiteral l && !l.isNull() ? text(l) : null;
    if (u == null || !PostgresOperators.DATE_TRUNC_UNITS.contains(u.toLowerCase(Locale.ROOT))) {
      throw new Refusal(
          "date_trunc with the unit " + names.text(unit) + " (" + names.text(call) + ")",
          "PostgreSQL checks the unit only when a row reaches it",
          "Write the unit as a literal: one of "
              + String.join(", ", PostgresOperators.DATE_TRUNC_UNITS)
              + ".");
    }
    return truncate(call, ops, names, false, call.getOperands().get(1));
  }

  /** EXTRACT(field FROM x) and date_part('field', x). */
  static Fact extract(RexCall call, List<Fact> ops, RexCheck names, boolean isExtract) {
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
    Fact r = Arithmetic.synth(call, ops).intersect(limit[0], limit[1]);
    // PostgreSQL 14 returns numeric: whole numbers, except SECOND, MILLISECOND and EPOCH of a
    // timestamp, which have at most 6 fraction digits (H2's are whole or have fewer)
    boolean fraction =
        !date
            && (unit == TimeUnitRange.SECOND
                || unit == TimeUnitRange.MILLISECOND
                || unit == TimeUnitRange.EPOCH);
    r = fraction ? r.withScale(Math.min(r.scale(), 6)) : r.withIntegral(true);
    // 'infinity' gives Infinity for the unbounded fields, NULL for the others
    return UNBOUNDED_FIELDS.contains(unit)
        ? r.withSpecial(v.special() & (Fact.POS_INF | Fact.NEG_INF))
        : r;
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

  /** FLOOR or CEIL of a date or timestamp to a unit, and date_trunc. */
  static Fact truncate(RexCall call, List<Fact> ops, RexCheck names, boolean ceil, RexNode value) {
    int at = call.getOperands().indexOf(value);
    Fact v = ops.get(at);
    boolean date = value.getType().getSqlTypeName() == SqlTypeName.DATE;
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
    return r.withSpecial(v.special()); // 'infinity' truncates to 'infinity'
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
}
