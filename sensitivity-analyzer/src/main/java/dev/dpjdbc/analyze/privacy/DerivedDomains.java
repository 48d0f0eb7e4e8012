package dev.dpjdbc.analyze.privacy;

import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.bounds.TableBounds.Domain;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.LongUnaryOperator;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Public domains derived from an expression's form and its interval ({@link RexIntervals}): the
 * values an expression can take when they lie on a grid inside a bounded interval, enumerated when
 * there are at most {@code max} of them (policy {@code groups.max_domain_values}).
 *
 * <ul>
 *   <li><b>Time grids.</b> {@code date_trunc(unit, x)}, {@code FLOOR(x TO unit)}, {@code CAST(ts AS
 *       DATE)} (days), a DATE expression (days) and casts between DATE and TIMESTAMP of these take
 *       only values truncated to their unit (a date truncated below a day is still a midnight).
 *       Every grid point inside the interval is a value: {@code date_trunc('month', d)} with {@code
 *       CHECK (d BETWEEN '2025-01-01' AND '2025-12-31')} gives the 12 first days of the months.
 *       DATE values are ISO dates, TIMESTAMP values {@code yyyy-MM-dd HH:mm:ss}, as the backends
 *       print them (the driver compares them as values of the key's type).
 *   <li><b>Numeric lattices.</b> Values {@code offset + k·step}: an integer expression, {@code
 *       FLOOR}/{@code CEIL}/{@code ROUND}/{@code TRUNC} (to a literal number of digits), an
 *       integral EXTRACT field, {@code EXTRACT(EPOCH FROM date)} (multiples of 86400), then {@code
 *       × literal}, {@code ± literal} and numeric casts that keep the values: Grafana's {@code
 *       floor(extract(epoch from t)/2592000)*2592000} is the multiples of 2592000 in its interval.
 * </ul>
 *
 * A timestamp WITH time zone is never on a grid here: its date, and its truncation, depend on the
 * session's TimeZone, which the analyst may set (such keys have no derived domain).
 *
 * <p>The interval and the grid come from the schema, the policy and the query's literals only
 * (never from rows), so the domain is data-independent; a row whose value is not in the domain is
 * dropped by the driver, never added to another group.
 */
final class DerivedDomains {
  private static final Set<TimeUnitRange> COARSER_THAN_DAY =
      Set.of(
          TimeUnitRange.WEEK,
          TimeUnitRange.MONTH,
          TimeUnitRange.QUARTER,
          TimeUnitRange.YEAR,
          TimeUnitRange.DECADE,
          TimeUnitRange.CENTURY,
          TimeUnitRange.MILLENNIUM);

  private DerivedDomains() {}

  /** The derived domain of {@code e} with interval {@code iv}, or null. */
  static Domain of(RexNode e, Interval iv, int max, List<String> names) {
    if (!iv.bounded()) {
      return null;
    }
    SqlTypeName t = e.getType().getSqlTypeName();
    if (t == SqlTypeName.DATE || t == SqlTypeName.TIMESTAMP) {
      TimeUnitRange g = grid(e);
      return g == null ? null : times(g, t == SqlTypeName.DATE, iv, max, e, names);
    }
    if (SqlTypeUtil.isNumeric(e.getType())) {
      Lattice l = lattice(e);
      return l == null ? null : numbers(l, e.getType(), iv, max, e, names);
    }
    return null;
  }

  /** The unit every value of a DATE or TIMESTAMP expression is truncated to, or null. */
  static TimeUnitRange grid(RexNode e) {
    SqlTypeName t = e.getType().getSqlTypeName();
    if (t != SqlTypeName.DATE && t != SqlTypeName.TIMESTAMP) {
      return null;
    }
    TimeUnitRange g = null;
    if (e instanceof RexCall call) {
      List<RexNode> ops = call.getOperands();
      String name = call.getOperator().getName().toUpperCase(Locale.ROOT);
      if (call.getKind() == SqlKind.CAST && withTimeZone(ops.get(0).getType())) {
        return null; // the date of an instant depends on the session's TimeZone
      } else if (call.getKind() == SqlKind.CAST && SqlTypeUtil.isDatetime(ops.get(0).getType())) {
        g = grid(ops.get(0));
      } else if (call.getKind() == SqlKind.FLOOR && ops.size() == 2) {
        g = truncation(DatetimeRanges.unit(ops.get(1)), ops.get(0));
      } else if (call.getKind() == SqlKind.DATE_TRUNC
          || name.equals("DATE_TRUNC")
          || name.equals("TIMESTAMP_TRUNC")) {
        RexNode value = null;
        TimeUnitRange u = null;
        for (RexNode o : ops) {
          if (SqlTypeUtil.isDatetime(o.getType())) {
            value = o;
          } else {
            u = DatetimeRanges.unit(o);
          }
        }
        g = value == null ? null : truncation(u, value);
      }
    }
    if (t == SqlTypeName.DATE && (g == null || !COARSER_THAN_DAY.contains(g))) {
      return TimeUnitRange.DAY; // a date is a whole day
    }
    return g;
  }

  private static boolean withTimeZone(RelDataType t) {
    return t.getSqlTypeName() == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE
        || t.getSqlTypeName() == SqlTypeName.TIME_WITH_LOCAL_TIME_ZONE;
  }

  /**
   * The grid of a truncation of {@code value} to {@code u}: a value already on a day (or coarser)
   * grid truncated below a day keeps its own grid (a date truncated to the hour is its midnight).
   */
  private static TimeUnitRange truncation(TimeUnitRange u, RexNode value) {
    if (u == null || DatetimeRanges.floor(u, false) == null) {
      return null;
    }
    TimeUnitRange inner = grid(value);
    return !coarse(u) && inner != null && coarse(inner) ? inner : u;
  }

  private static boolean coarse(TimeUnitRange u) {
    return u == TimeUnitRange.DAY || COARSER_THAN_DAY.contains(u);
  }

  private static Domain times(
      TimeUnitRange g, boolean date, Interval iv, int max, RexNode e, List<String> names) {
    LongUnaryOperator align = DatetimeRanges.floor(g, date);
    LongUnaryOperator next = next(g, date);
    if (align == null) {
      return null;
    }
    long lo = (long) Math.ceil(iv.lower());
    long hi = (long) Math.floor(iv.upper());
    List<Object> out = new ArrayList<>();
    for (long v = align.applyAsLong(lo); v <= hi; v = next.applyAsLong(v)) {
      if (v >= lo) {
        if (out.size() == max) {
          return null;
        }
        out.add(date ? LocalDate.ofEpochDay(v).toString() : timestamp(v));
      }
    }
    if (out.isEmpty()) {
      return null;
    }
    String span =
        date
            ? LocalDate.ofEpochDay(lo) + ", " + LocalDate.ofEpochDay(hi)
            : timestamp(lo) + ", " + timestamp(hi);
    return new Domain(
        out,
        RexText.render(e, names)
            + " on the "
            + g.name().toLowerCase(Locale.ROOT)
            + " grid within ["
            + span
            + "] ("
            + iv.source()
            + ")");
  }

  /** One grid step later; values are aligned. */
  private static LongUnaryOperator next(TimeUnitRange g, boolean date) {
    long ms =
        switch (g) {
          case HOUR -> 3_600_000L;
          case MINUTE -> 60_000L;
          case SECOND -> 1_000L;
          case MILLISECOND, MICROSECOND, NANOSECOND -> 1L;
          default -> 0L;
        };
    if (ms > 0) {
      return date ? v -> v + 1 : v -> v + ms;
    }
    return DatetimeRanges.step(g, date);
  }

  /** Milliseconds since 1970 as {@code yyyy-MM-dd HH:mm:ss[.fff]}. */
  static String timestamp(long ms) {
    LocalDateTime t = LocalDateTime.ofEpochSecond(Math.floorDiv(ms, 1000), 0, ZoneOffset.UTC);
    String s = t.toLocalDate() + " " + String.format(Locale.ROOT, "%tT", t);
    long frac = Math.floorMod(ms, 1000);
    return frac == 0 ? s : s + String.format(Locale.ROOT, ".%03d", frac);
  }

  /** Values {@code offset + k·step} (step 0: the single value offset). */
  record Lattice(BigDecimal offset, BigDecimal step) {
    static final Lattice INTEGERS = new Lattice(BigDecimal.ZERO, BigDecimal.ONE);

    Lattice times(BigDecimal c) {
      return new Lattice(offset.multiply(c), step.multiply(c.abs()));
    }

    Lattice plus(BigDecimal c) {
      return new Lattice(offset.add(c), step);
    }

    boolean integral() {
      return offset.stripTrailingZeros().scale() <= 0 && step.stripTrailingZeros().scale() <= 0;
    }
  }

  /** The lattice every value of a numeric expression lies on, or null. */
  static Lattice lattice(RexNode e) {
    if (e instanceof RexLiteral lit) {
      BigDecimal v = lit.isNull() ? null : lit.getValueAs(BigDecimal.class);
      return v == null ? null : new Lattice(v, BigDecimal.ZERO);
    }
    Lattice shaped = e instanceof RexCall call ? shaped(call) : null;
    if (shaped != null) {
      return shaped;
    }
    return SqlTypeUtil.isIntType(e.getType()) ? Lattice.INTEGERS : null;
  }

  private static Lattice shaped(RexCall call) {
    List<RexNode> ops = call.getOperands();
    String name = call.getOperator().getName().toUpperCase(Locale.ROOT);
    switch (call.getKind()) {
      case TIMES, PLUS, MINUS -> {
        Lattice a = lattice(ops.get(0));
        Lattice b = lattice(ops.get(1));
        if (a == null || b == null) {
          return null;
        }
        if (call.getKind() == SqlKind.TIMES) {
          if (b.step().signum() == 0) {
            return a.times(b.offset());
          }
          return a.step().signum() == 0 ? b.times(a.offset()) : null;
        }
        BigDecimal sign = BigDecimal.valueOf(call.getKind() == SqlKind.MINUS ? -1 : 1);
        if (b.step().signum() == 0) {
          return a.plus(b.offset().multiply(sign));
        }
        return a.step().signum() == 0 && sign.signum() > 0 ? b.plus(a.offset()) : null;
      }
      case FLOOR, CEIL -> {
        return ops.size() == 1 ? Lattice.INTEGERS : null;
      }
      case CAST -> {
        if (!SqlTypeUtil.isNumeric(ops.get(0).getType())) {
          return null;
        }
        Lattice l = lattice(ops.get(0));
        RelDataType to = call.getType();
        if (l == null || SqlTypeUtil.isIntType(to)) {
          return SqlTypeUtil.isIntType(to) && (l == null || !l.integral()) ? Lattice.INTEGERS : l;
        }
        if (SqlTypeUtil.isDecimal(to)
            && (l.offset().stripTrailingZeros().scale() > to.getScale()
                || l.step().stripTrailingZeros().scale() > to.getScale())) {
          return null; // rounded by the cast
        }
        return l;
      }
      case EXTRACT -> {
        return extract(ops);
      }
      default -> {
        return switch (name) {
          case "ROUND", "TRUNC", "TRUNCATE" -> digits(ops);
          case "DATE_PART" -> extract(ops);
          default -> null;
        };
      }
    }
  }

  private static Lattice extract(List<RexNode> ops) {
    TimeUnitRange u = DatetimeRanges.unit(ops.get(0));
    if (u == null) {
      return null;
    }
    RexNode arg = ops.get(ops.size() - 1);
    return switch (u) {
      case SECOND, MILLISECOND, MICROSECOND, NANOSECOND -> null;
      case EPOCH ->
          SqlTypeUtil.isDate(arg.getType())
              ? new Lattice(BigDecimal.ZERO, BigDecimal.valueOf(86_400))
              : null;
      default -> Lattice.INTEGERS;
    };
  }

  private static Lattice digits(List<RexNode> ops) {
    int d = 0;
    if (ops.size() > 1) {
      if (!(ops.get(1) instanceof RexLiteral lit) || lit.isNull()) {
        return null;
      }
      BigDecimal v = lit.getValueAs(BigDecimal.class);
      if (v == null || v.abs().compareTo(BigDecimal.valueOf(30)) > 0) {
        return null;
      }
      d = v.intValue();
    }
    return new Lattice(BigDecimal.ZERO, BigDecimal.ONE.movePointLeft(d));
  }

  private static Domain numbers(
      Lattice l, RelDataType type, Interval iv, int max, RexNode e, List<String> names) {
    BigDecimal lo = BigDecimal.valueOf(iv.lower());
    BigDecimal hi = BigDecimal.valueOf(iv.upper());
    List<Object> out = new ArrayList<>();
    if (l.step().signum() == 0) {
      if (l.offset().compareTo(lo) >= 0 && l.offset().compareTo(hi) <= 0) {
        out.add(Domains.value(l.offset(), type));
      }
    } else {
      BigDecimal kLo = lo.subtract(l.offset()).divide(l.step(), 0, RoundingMode.CEILING);
      BigDecimal kHi = hi.subtract(l.offset()).divide(l.step(), 0, RoundingMode.FLOOR);
      if (kHi.subtract(kLo).compareTo(BigDecimal.valueOf(max)) >= 0) {
        return null;
      }
      for (BigDecimal k = kLo; k.compareTo(kHi) <= 0; k = k.add(BigDecimal.ONE)) {
        out.add(Domains.value(l.offset().add(k.multiply(l.step())), type));
      }
    }
    if (out.isEmpty()) {
      return null;
    }
    boolean ints = l.step().compareTo(BigDecimal.ONE) == 0 && l.offset().signum() == 0;
    return new Domain(
        out,
        RexText.render(e, names)
            + (ints ? " is an integer" : " is a multiple of " + l.step().toPlainString())
            + (l.offset().signum() == 0 || l.step().signum() == 0
                ? ""
                : " plus " + l.offset().toPlainString())
            + " within ["
            + iv.lower()
            + ", "
            + iv.upper()
            + "] ("
            + iv.source()
            + ")");
  }
}
