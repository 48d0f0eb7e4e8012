package dev.dpjdbc.analyze.privacy;

import java.util.List;
import java.util.stream.Collectors;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUnknownAs;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.Sarg;

/** Renders a row expression with its input columns' names, for sources and reasons. */
public final class RexText {
  private RexText() {}

  /** {@code e} as SQL-like text, input columns by {@code names}. */
  public static String render(RexNode e, List<String> names) {
    if (e instanceof RexInputRef ref) {
      return ref.getIndex() < names.size() ? names.get(ref.getIndex()) : ref.toString();
    }
    if (e instanceof RexLiteral lit) {
      return literal(lit);
    }
    if (!(e instanceof RexCall call)) {
      return e.toString();
    }
    List<RexNode> ops = call.getOperands();
    SqlKind kind = call.getKind();
    if (kind == SqlKind.SEARCH && ops.get(1) instanceof RexLiteral l) {
      Sarg<?> sarg = l.getValueAs(Sarg.class);
      String arg = nested(ops.get(0), names);
      String text = search(arg, sarg);
      return sarg != null && sarg.nullAs == RexUnknownAs.TRUE
          ? "(" + text + " OR " + arg + " IS NULL)"
          : text;
    }
    if (kind == SqlKind.CAST || kind == SqlKind.SAFE_CAST) {
      return "CAST(" + render(ops.get(0), names) + " AS " + call.getType().getSqlTypeName() + ")";
    }
    if (kind == SqlKind.MINUS_PREFIX) {
      return "-" + nested(ops.get(0), names);
    }
    if (kind == SqlKind.CASE) {
      StringBuilder b = new StringBuilder("CASE");
      for (int i = 0; i + 1 < ops.size(); i += 2) {
        b.append(" WHEN ").append(render(ops.get(i), names));
        b.append(" THEN ").append(render(ops.get(i + 1), names));
      }
      return b.append(" ELSE ")
          .append(render(ops.get(ops.size() - 1), names))
          .append(" END")
          .toString();
    }
    if (ops.size() == 2 && infix(kind)) {
      return nested(ops.get(0), names)
          + " "
          + call.getOperator().getName()
          + " "
          + nested(ops.get(1), names);
    }
    return call.getOperator().getName()
        + "("
        + ops.stream().map(o -> render(o, names)).collect(Collectors.joining(", "))
        + ")";
  }

  private static String search(String arg, Sarg<?> sarg) {
    if (sarg != null && sarg.isPoints()) {
      return arg
          + " IN ("
          + sarg.rangeSet.asRanges().stream()
              .map(r -> value(r.lowerEndpoint()))
              .collect(Collectors.joining(", "))
          + ")";
    }
    if (sarg != null && sarg.rangeSet.asRanges().size() == 1) {
      com.google.common.collect.Range<?> r = sarg.rangeSet.span();
      List<String> parts = new java.util.ArrayList<>();
      if (r.hasLowerBound()) {
        boolean open = r.lowerBoundType() == com.google.common.collect.BoundType.OPEN;
        parts.add(arg + (open ? " > " : " >= ") + value(r.lowerEndpoint()));
      }
      if (r.hasUpperBound()) {
        boolean open = r.upperBoundType() == com.google.common.collect.BoundType.OPEN;
        parts.add(arg + (open ? " < " : " <= ") + value(r.upperEndpoint()));
      }
      return String.join(" AND ", parts);
    }
    return arg + " IN " + sarg;
  }

  private static String nested(RexNode e, List<String> names) {
    String s = render(e, names);
    return e instanceof RexCall c && c.getOperands().size() == 2 && infix(c.getKind())
        ? "(" + s + ")"
        : s;
  }

  private static boolean infix(SqlKind kind) {
    return SqlKind.BINARY_ARITHMETIC.contains(kind)
        || SqlKind.BINARY_COMPARISON.contains(kind)
        || kind == SqlKind.AND
        || kind == SqlKind.OR;
  }

  private static String literal(RexLiteral lit) {
    if (lit.isNull()) {
      return "NULL";
    }
    return value(Domains.raw(lit));
  }

  static String value(Object v) {
    if (v instanceof NlsString s) {
      return "'" + s.getValue() + "'";
    }
    if (v instanceof java.math.BigDecimal d) {
      return d.stripTrailingZeros().toPlainString();
    }
    if (v instanceof org.apache.calcite.util.DateString d) {
      return "DATE '" + d + "'";
    }
    if (v instanceof org.apache.calcite.util.TimestampString t) {
      return "TIMESTAMP '" + t + "'";
    }
    return String.valueOf(v);
  }
}
