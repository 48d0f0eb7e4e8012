package dev.dpjdbc.analyze.privacy;

import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.bounds.TableBounds.Domain;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * The {@link ColumnFacts} of a computed column: its interval ({@link RexIntervals}) and its public
 * domain. Domains come from the expression's shape, never from data:
 *
 * <ul>
 *   <li>an input column keeps its domain (and its origin: it is a copy);
 *   <li>a literal is its own one-value domain; CASE and COALESCE take the union of their value
 *       operands' domains (NULL adds no value), when every operand has one;
 *   <li>a boolean expression has {true, false};
 *   <li>CAST keeps a domain when every value survives it unchanged (numbers to numbers, integral
 *       values to integers, text to text no shorter, same type family otherwise);
 *   <li>otherwise an integer expression whose interval holds at most {@code
 *       groups.max_domain_values} integers (default 1000) has that range (EXTRACT(MONTH FROM d)
 *       gives 1..12; the same rule {@code TableBounds} applies to integer CHECK ranges);
 *   <li>otherwise the values on a time grid or a numeric lattice inside the expression's interval
 *       ({@link DerivedDomains}: date_trunc, CAST(ts AS DATE), Grafana's epoch buckets).
 * </ul>
 */
final class ExprFacts {
  private final List<ColumnFacts> in;
  private final RexIntervals intervals;
  private final int maxValues;

  /**
   * @param maxValues the largest domain derived from an interval (groups.max_domain_values)
   */
  ExprFacts(List<ColumnFacts> in, int maxValues) {
    this.in = in;
    this.intervals = new RexIntervals(in);
    this.maxValues = maxValues;
  }

  /** The facts of output column {@code name} computed as {@code e}. */
  ColumnFacts column(String name, RexNode e) {
    if (e instanceof RexInputRef ref) {
      return in.get(ref.getIndex()).withName(name);
    }
    Interval iv = intervals.interval(e);
    return new ColumnFacts(name, iv, domain(e, iv), null);
  }

  private Domain domain(RexNode e, Interval iv) {
    Domain d = structural(e, e.getType());
    if (d == null) {
      d = Domains.integerRange(iv, e.getType(), maxValues);
    }
    return d != null ? d : DerivedDomains.of(e, iv, maxValues, names());
  }

  private Domain domainOf(RexNode e, RelDataType as) {
    Domain d = structural(e, as);
    if (d == null) {
      Interval iv = intervals.interval(e);
      d = Domains.integerRange(iv, e.getType(), maxValues);
      if (d == null) {
        d = DerivedDomains.of(e, iv, maxValues, names());
      }
    }
    return d == null ? null : convert(d, as);
  }

  private Domain structural(RexNode e, RelDataType as) {
    if (e instanceof RexInputRef ref) {
      return in.get(ref.getIndex()).domain();
    }
    if (e instanceof RexLiteral lit) {
      Comparable<?> raw = Domains.raw(lit);
      if (raw == null) {
        return new Domain(List.of(), "NULL");
      }
      return new Domain(List.of(Domains.value(raw, as)), "literal " + RexText.value(raw));
    }
    if (!(e instanceof RexCall call)) {
      return null;
    }
    List<RexNode> ops = call.getOperands();
    switch (call.getKind()) {
      case CASE -> {
        List<Domain> parts = new ArrayList<>();
        for (int i = 1; i < ops.size(); i += 2) {
          parts.add(domainOf(ops.get(i), as));
        }
        parts.add(domainOf(ops.get(ops.size() - 1), as));
        return Domains.union(parts, "the values of " + RexText.render(e, names()));
      }
      case COALESCE -> {
        List<Domain> parts = new ArrayList<>();
        ops.forEach(o -> parts.add(domainOf(o, as)));
        return Domains.union(parts, "the values of " + RexText.render(e, names()));
      }
      case CAST -> {
        return cast(domainOf(ops.get(0), ops.get(0).getType()), ops.get(0).getType(), as);
      }
      default -> {
        if (SqlTypeUtil.isBoolean(call.getType())) {
          return new Domain(List.of(Boolean.TRUE, Boolean.FALSE), "boolean expression");
        }
        return null;
      }
    }
  }

  private List<String> names() {
    return in.stream().map(ColumnFacts::name).toList();
  }

  private static Domain cast(Domain d, RelDataType from, RelDataType to) {
    if (d == null) {
      return null;
    }
    if (SqlTypeUtil.isNumeric(from) && SqlTypeUtil.isNumeric(to)) {
      for (Object v : d.values()) {
        BigDecimal b = new BigDecimal(v.toString());
        if (SqlTypeUtil.isIntType(to) && b.stripTrailingZeros().scale() > 0) {
          return null; // would be rounded
        }
      }
      return convert(d, to);
    }
    if (SqlTypeUtil.isCharacter(from) && SqlTypeUtil.isCharacter(to)) {
      int max = d.values().stream().mapToInt(v -> v.toString().length()).max().orElse(0);
      return to.getPrecision() < 0 || to.getPrecision() >= max ? d : null;
    }
    return from.getSqlTypeName().getFamily() == to.getSqlTypeName().getFamily() ? d : null;
  }

  /** Numeric values in the representation of {@code type}; others unchanged. */
  static Domain convert(Domain d, RelDataType type) {
    if (!SqlTypeUtil.isNumeric(type)) {
      return d;
    }
    List<Object> out = new ArrayList<>();
    for (Object v : d.values()) {
      out.add(v instanceof Number ? Domains.value(new BigDecimal(v.toString()), type) : v);
    }
    return new Domain(out, d.source());
  }
}
