package dev.dpjdbc.analyze.privacy;

import com.google.common.collect.BoundType;
import com.google.common.collect.Range;
import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.bounds.TableBounds.Domain;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.Sarg;
import org.apache.calcite.util.TimestampString;

/**
 * What a filter's condition guarantees about the rows it keeps. Only top-level conjuncts that
 * compare a column with the analyst's literals are read — {@code col = v}, {@code col IN (...)},
 * {@code col <op> v}, {@code col BETWEEN a AND b} (Calcite's SEARCH), {@code col NOT IN (...)}, a
 * boolean column or its negation — so the narrowed intervals and domains depend only on the query,
 * never on the data. A column without a domain gets the literals of {@code =}/{@code IN} as its
 * domain. Anything else (OR, expressions, other columns) narrows nothing, which is always sound.
 */
final class FilterNarrowing {
  private FilterNarrowing() {}

  static List<ColumnFacts> narrow(List<ColumnFacts> cols, RexNode condition, RelDataType row) {
    List<ColumnFacts> out = new ArrayList<>(cols);
    List<String> names = cols.stream().map(ColumnFacts::name).toList();
    for (RexNode c : RelOptUtil.conjunctions(condition)) {
      String src = "WHERE " + RexText.render(c, names);
      int i = column(c);
      if (i >= 0 && SqlTypeUtil.isBoolean(row.getFieldList().get(i).getType())) {
        boolean v = !(c.getKind() == SqlKind.NOT || c.getKind() == SqlKind.IS_FALSE);
        out.set(i, withDomain(out.get(i), List.of(v), src));
        continue;
      }
      if (!(c instanceof RexCall call) || call.getOperands().size() != 2) {
        continue;
      }
      RexNode a = call.getOperands().get(0);
      RexNode b = call.getOperands().get(1);
      SqlKind kind = call.getKind();
      if (a instanceof RexLiteral && column(b) >= 0 && SqlKind.COMPARISON.contains(kind)) {
        RexNode t = a;
        a = b;
        b = t;
        kind = kind.reverse();
      }
      i = column(a);
      if (i < 0 || !(b instanceof RexLiteral lit) || lit.isNull()) {
        continue;
      }
      RelDataType type = row.getFieldList().get(i).getType();
      if (!sameUnits(type, lit.getType())) {
        continue; // e.g. a DATE column against a TIMESTAMP literal: days vs milliseconds
      }
      ColumnFacts f = out.get(i);
      if (kind == SqlKind.SEARCH) {
        out.set(i, search(f, lit.getValueAs(Sarg.class), type, src));
      } else if (kind == SqlKind.EQUALS) {
        Object raw = Domains.raw(lit);
        double v = number(raw);
        f = withDomain(f, List.of(Domains.value(raw, type)), src);
        out.set(i, ordered(type) && !Double.isNaN(v) ? withInterval(f, v, v, src) : f);
      } else if (ordered(type) && !Double.isNaN(number(Domains.raw(lit)))) {
        Object raw = Domains.raw(lit);
        out.set(i, compare(f, kind, number(raw), wholeMillis(raw) ? type : null, src));
      }
    }
    return out;
  }

  /** The input column {@code e} reads (through NOT, IS TRUE/FALSE and widening casts), or -1. */
  private static int column(RexNode e) {
    if (e instanceof RexInputRef ref) {
      return ref.getIndex();
    }
    if (e instanceof RexCall call && call.getOperands().size() == 1) {
      return switch (call.getKind()) {
        case NOT, IS_TRUE, IS_FALSE ->
            call.getOperands().get(0) instanceof RexInputRef r ? r.getIndex() : -1;
        case CAST ->
            call.getOperands().get(0) instanceof RexInputRef r
                    && SqlTypeUtil.isNumeric(r.getType())
                    && SqlTypeUtil.isNumeric(call.getType())
                    && !Casts.narrower(r.getType(), call.getType())
                    && Casts.scale(call.getType()) >= Casts.scale(r.getType())
                ? r.getIndex()
                : -1;
        default -> -1;
      };
    }
    return -1;
  }

  /** Values of the two types are compared in the same units (and representation). */
  private static boolean sameUnits(RelDataType column, RelDataType literal) {
    if (SqlTypeUtil.isNumeric(column) || SqlTypeUtil.isNumeric(literal)) {
      return SqlTypeUtil.isNumeric(column) && SqlTypeUtil.isNumeric(literal);
    }
    return column.getSqlTypeName().getFamily() == literal.getSqlTypeName().getFamily();
  }

  private static boolean ordered(RelDataType t) {
    return SqlTypeUtil.isNumeric(t) || SqlTypeUtil.isDate(t) || SqlTypeUtil.isTimestamp(t);
  }

  private static boolean integral(RelDataType t) {
    return SqlTypeUtil.isIntType(t) || SqlTypeUtil.isDate(t);
  }

  /**
   * How far inside a strict bound the values of a TIMESTAMP(p) column stay: they are multiples of
   * 10^-p seconds (p at least 6: PostgreSQL keeps microseconds, H2 up to nanoseconds), so {@code t
   * < v} gives {@code t <= v - 10^-p s}; half of that (in milliseconds) keeps a margin for the
   * rounding of the doubles. 0 (no gain, always sound) for other types, so that {@code placed <
   * '2024-04-01'} ends the days of {@code CAST(placed AS DATE)} on March 31.
   */
  private static double openGap(RelDataType type) {
    if (type == null || !SqlTypeUtil.isTimestamp(type)) {
      return 0;
    }
    int p = type.getPrecision();
    // at least microseconds: a computed value's type may claim fewer digits than it holds
    int digits = p < 0 || p > 9 ? 9 : Math.max(p, 6);
    return Math.pow(10, 3 - digits) / 2;
  }

  /**
   * @param type the column's type, or null when the literal has digits below a millisecond (its
   *     value in Calcite's milliseconds is truncated, so no gap may be taken inside it)
   */
  private static ColumnFacts compare(
      ColumnFacts f, SqlKind kind, double v, RelDataType type, String src) {
    boolean integral = type != null && integral(type);
    return switch (kind) {
      case GREATER_THAN ->
          withInterval(f, integral ? Math.floor(v) + 1 : v + openGap(type), inf(), src);
      case GREATER_THAN_OR_EQUAL -> withInterval(f, integral ? Math.ceil(v) : v, inf(), src);
      case LESS_THAN ->
          withInterval(f, -inf(), integral ? Math.ceil(v) - 1 : v - openGap(type), src);
      case LESS_THAN_OR_EQUAL -> withInterval(f, -inf(), integral ? Math.floor(v) : v, src);
      default -> f;
    };
  }

  private static double inf() {
    return Double.POSITIVE_INFINITY;
  }

  private static <C extends Comparable<C>> ColumnFacts search(
      ColumnFacts f, Sarg<C> sarg, RelDataType type, String src) {
    if (sarg == null) {
      return f;
    }
    if (sarg.isPoints()) {
      List<Object> values = new ArrayList<>();
      double lo = inf();
      double hi = -inf();
      for (Range<C> r : sarg.rangeSet.asRanges()) {
        C p = r.lowerEndpoint();
        values.add(Domains.value(p, type));
        lo = Math.min(lo, number(p));
        hi = Math.max(hi, number(p));
      }
      f = withDomain(f, values, src);
      return ordered(type) && !Double.isNaN(lo) && !Double.isNaN(hi)
          ? withInterval(f, lo, hi, src)
          : f;
    }
    if (sarg.isComplementedPoints()) {
      if (f.domain() == null) {
        return f;
      }
      Set<String> out = new HashSet<>();
      for (Range<C> r : sarg.rangeSet.complement().asRanges()) {
        out.add(Domains.key(Domains.value(r.lowerEndpoint(), type)));
      }
      Domain d = Domains.filter(f.domain(), v -> !out.contains(Domains.key(v)), src);
      return new ColumnFacts(f.name(), f.interval(), d, f.origin());
    }
    Range<C> span = sarg.rangeSet.span();
    double lo = span.hasLowerBound() ? number(span.lowerEndpoint()) : -inf();
    double hi = span.hasUpperBound() ? number(span.upperEndpoint()) : inf();
    if (!ordered(type) || Double.isNaN(lo) || Double.isNaN(hi)) {
      return f;
    }
    if (span.hasLowerBound() && span.lowerBoundType() == BoundType.OPEN) {
      lo =
          integral(type)
              ? Math.floor(lo) + 1
              : lo + (wholeMillis(span.lowerEndpoint()) ? openGap(type) : 0);
    }
    if (span.hasUpperBound() && span.upperBoundType() == BoundType.OPEN) {
      hi =
          integral(type)
              ? Math.ceil(hi) - 1
              : hi - (wholeMillis(span.upperEndpoint()) ? openGap(type) : 0);
    }
    return withInterval(f, lo, hi, src);
  }

  private static ColumnFacts withInterval(ColumnFacts f, double lo, double hi, String src) {
    Interval n =
        f.interval()
            .intersect(new Interval(lo, hi, lo == -inf() ? null : src, hi == inf() ? null : src));
    Domain d = Domains.within(f.domain(), n, src);
    return new ColumnFacts(f.name(), n, d == null ? null : d, f.origin());
  }

  /** The column's domain cut to {@code values} (values in the column's representation). */
  private static ColumnFacts withDomain(ColumnFacts f, List<Object> values, String src) {
    Set<String> keys = new HashSet<>();
    List<Object> distinct = new ArrayList<>();
    for (Object v : values) {
      if (keys.add(Domains.key(v))) {
        distinct.add(v);
      }
    }
    Domain d =
        f.domain() != null ? Domains.retain(f.domain(), keys, src) : new Domain(distinct, src);
    Interval iv = f.interval();
    double lo = inf();
    double hi = -inf();
    for (Object v : d.values()) {
      lo = Math.min(lo, Domains.number(v));
      hi = Math.max(hi, Domains.number(v));
    }
    if (!d.values().isEmpty() && !Double.isNaN(lo) && !Double.isNaN(hi)) {
      iv = iv.intersect(Interval.of(lo, hi, src)); // a numeric column lies within its domain
    }
    return new ColumnFacts(f.name(), iv, d, f.origin());
  }

  /** A timestamp literal with no digits below the millisecond (others: true, no gap is taken). */
  private static boolean wholeMillis(Object raw) {
    if (!(raw instanceof TimestampString t)) {
      return true;
    }
    String text = t.toString();
    int dot = text.indexOf('.');
    return dot < 0 || text.substring(dot + 1).replaceFirst("0+$", "").length() <= 3;
  }

  /** A literal or Sarg point as a number in Calcite's internal units, or NaN. */
  static double number(Object raw) {
    if (raw instanceof BigDecimal d) {
      return d.doubleValue();
    }
    if (raw instanceof Double || raw instanceof Float) {
      return ((Number) raw).doubleValue(); // a Sarg over DOUBLE/REAL holds its ends as doubles
    }
    if (raw instanceof DateString d) {
      return d.getDaysSinceEpoch();
    }
    if (raw instanceof TimestampString t) {
      return t.getMillisSinceEpoch();
    }
    return Double.NaN;
  }
}
