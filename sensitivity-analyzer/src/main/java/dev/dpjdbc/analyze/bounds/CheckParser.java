package dev.dpjdbc.analyze.bounds;

import dev.dpjdbc.analyze.parse.SqlParsing;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlUnknownLiteral;
import org.apache.calcite.sql.fun.SqlBetweenOperator;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Reads per-column guarantees out of one CHECK expression as a backend prints it, with Calcite's
 * parser. Understood (possibly nested in AND): {@code x BETWEEN a AND b}, {@code x >= a}, {@code x
 * > a}, {@code x <= b}, {@code x < b} (either side), {@code x = a}, {@code x IN (...)} and
 * PostgreSQL's print form of IN, {@code x = ANY (ARRAY[...])}. PostgreSQL's typed constants ({@code
 * '-2'::integer}, {@code '2015-01-01'::date}) are read with their type first ({@link
 * TypedLiterals}); the remaining casts such as {@code 'N'::text} or {@code (x)::numeric} are then
 * dropped. Anything else (OR, functions, NOT, ...) is ignored: it only ever makes the guarantee
 * weaker, never wrong.
 *
 * <p>Numeric constants give {@link Facts#intervals}. Every other constant a column is compared with
 * — a date, timestamp or timestamptz literal, or a plain string — is kept as an {@link Endpoint}
 * for the catalog, which knows the column's type and turns it into an interval in that type's units
 * ({@link DatetimeBounds}).
 *
 * <p>A strict bound {@code x > a} is recorded as the closed bound a (a weaker, still true
 * guarantee).
 */
public final class CheckParser {
  private CheckParser() {}

  /** The guarantees of one expression, by column name as printed. */
  public record Facts(
      Map<String, Interval> intervals,
      Map<String, List<Object>> values,
      Map<String, List<Endpoint>> endpoints) {}

  /**
   * A non-numeric constant a column is compared with: the column is {@code >=} it ({@code lower}),
   * {@code <=} it ({@code upper}) or both ({@code =}).
   *
   * @param value a {@link java.time.LocalDate} (DATE literal), {@link java.time.LocalDateTime}
   *     (TIMESTAMP), {@link java.time.OffsetDateTime} (TIMESTAMP WITH TIME ZONE) or a {@link
   *     String} (an untyped string constant)
   */
  public record Endpoint(Object value, boolean lower, boolean upper) {}

  private static final Pattern CAST =
      Pattern.compile(
          "::\\s*(?:character varying|double precision|timestamp with(?:out)? time zone"
              + "|time with(?:out)? time zone|\"[^\"]+\"|[A-Za-z_][A-Za-z0-9_.]*)"
              + "(?:\\s*\\(\\s*\\d+(?:\\s*,\\s*\\d+)?\\s*\\))?(?:\\[\\])*");
  private static final String VALUE = "dp_domain_value";
  private static final Pattern ANY = Pattern.compile("=\\s*ANY\\s*", Pattern.CASE_INSENSITIVE);

  /**
   * @param expression the CHECK body, with or without the leading {@code CHECK} keyword
   * @param source e.g. "CHECK employees_salary_check"
   * @param valueColumn for domain constraints, the column that {@code VALUE} stands for; else null
   */
  public static Facts parse(String expression, String source, String valueColumn) {
    Map<String, Interval> intervals = new HashMap<>();
    Map<String, List<Object>> values = new HashMap<>();
    Map<String, List<Endpoint>> endpoints = new HashMap<>();
    String text = normalize(expression);
    if (valueColumn != null) {
      // VALUE is a keyword to Calcite's parser: name it as a quoted identifier instead
      text = text.replaceAll("(?i)\\bVALUE\\b", "\"" + VALUE + "\"");
    }
    SqlNode node;
    try {
      node = SqlParser.create(text, SqlParsing.CONSTRAINTS).parseExpression();
    } catch (SqlParseException | RuntimeException e) {
      // a CHECK we cannot read gives no guarantee
      return new Facts(intervals, values, endpoints);
    }
    new Collector(source, valueColumn, intervals, values, endpoints).collect(node);
    return new Facts(intervals, values, endpoints);
  }

  static String normalize(String expression) {
    String s = expression.strip();
    if (s.regionMatches(true, 0, "CHECK", 0, 5)) {
      s = s.substring(5).strip();
    }
    if (s.toUpperCase(java.util.Locale.ROOT).endsWith("NOT VALID")) {
      s = s.substring(0, s.length() - "NOT VALID".length()).strip();
    }
    s = TypedLiterals.rewrite(s);
    s = CAST.matcher(s).replaceAll("");
    return rewriteAny(s);
  }

  /** {@code = ANY ((ARRAY[a, b]))} → {@code IN (a, b)}, balancing the parentheses it consumes. */
  private static String rewriteAny(String s) {
    Matcher m = ANY.matcher(s);
    StringBuilder out = new StringBuilder();
    int from = 0;
    while (m.find(from)) {
      int i = m.end();
      int opened = 0;
      while (i < s.length() && (s.charAt(i) == '(' || Character.isWhitespace(s.charAt(i)))) {
        opened += s.charAt(i) == '(' ? 1 : 0;
        i++;
      }
      if (!s.regionMatches(true, i, "ARRAY[", 0, 6)) {
        break;
      }
      int close = s.indexOf(']', i);
      if (close < 0) {
        break;
      }
      String items = s.substring(i + 6, close);
      int j = close + 1;
      int closed = 0;
      while (j < s.length() && closed < opened) {
        char c = s.charAt(j);
        if (c == ')') {
          closed++;
        } else if (!Character.isWhitespace(c)) {
          break;
        }
        j++;
      }
      out.append(s, from, m.start()).append("IN (").append(items).append(')');
      from = j;
    }
    out.append(s.substring(from));
    return out.toString();
  }

  /** Walks one parsed CHECK, adding what it guarantees to the three maps. */
  private record Collector(
      String source,
      String valueColumn,
      Map<String, Interval> intervals,
      Map<String, List<Object>> values,
      Map<String, List<Endpoint>> endpoints) {

    void collect(SqlNode node) {
      if (!(node instanceof SqlCall call)) {
        return;
      }
      SqlKind kind = call.getKind();
      List<SqlNode> ops = call.getOperandList();
      switch (kind) {
        case AND -> ops.forEach(this::collect);
        case BETWEEN -> between(call, ops);
        case GREATER_THAN_OR_EQUAL, GREATER_THAN, LESS_THAN_OR_EQUAL, LESS_THAN, EQUALS ->
            compare(kind, ops);
        case IN -> in(ops);
        default -> {
          // not understood: no guarantee taken from it
        }
      }
    }

    private void between(SqlCall call, List<SqlNode> ops) {
      if (call.getOperator() instanceof SqlBetweenOperator b && b.isNegated()) {
        return;
      }
      String col = column(ops.get(0), valueColumn);
      if (col == null) {
        return;
      }
      BigDecimal a = number(ops.get(1));
      BigDecimal c = number(ops.get(2));
      if (a != null && c != null) {
        put(intervals, col, Interval.of(a.doubleValue(), c.doubleValue(), source));
        return;
      }
      Object lo = endpoint(ops.get(1));
      Object hi = endpoint(ops.get(2));
      if (lo != null && hi != null) {
        addEndpoint(col, new Endpoint(lo, true, false));
        addEndpoint(col, new Endpoint(hi, false, true));
      }
    }

    private void compare(SqlKind kind, List<SqlNode> ops) {
      String col = column(ops.get(0), valueColumn);
      SqlNode other = ops.get(1);
      boolean flipped = false;
      if (col == null) {
        col = column(ops.get(1), valueColumn);
        other = ops.get(0);
        flipped = true;
      }
      Object lit = literal(other);
      if (col == null || lit == null) {
        return;
      }
      if (kind == SqlKind.EQUALS) {
        putValues(values, col, List.of(lit));
      }
      boolean lower =
          switch (kind) {
            case GREATER_THAN_OR_EQUAL, GREATER_THAN -> !flipped;
            case LESS_THAN_OR_EQUAL, LESS_THAN -> flipped;
            default -> false;
          };
      boolean equals = kind == SqlKind.EQUALS;
      if (!(lit instanceof BigDecimal d)) {
        Object e = endpoint(other);
        if (e != null) {
          addEndpoint(col, new Endpoint(e, equals || lower, equals || !lower));
        }
        return;
      }
      double v = d.doubleValue();
      if (equals) {
        put(intervals, col, Interval.of(v, v, source));
      } else if (lower) {
        put(intervals, col, new Interval(v, Double.POSITIVE_INFINITY, source, null));
      } else {
        put(intervals, col, new Interval(Double.NEGATIVE_INFINITY, v, null, source));
      }
    }

    private void in(List<SqlNode> ops) {
      String col = column(ops.get(0), valueColumn);
      if (col == null || !(ops.get(1) instanceof SqlNodeList list)) {
        return;
      }
      List<Object> items = new ArrayList<>();
      for (SqlNode item : list) {
        Object lit = literal(item);
        if (lit == null) {
          return;
        }
        items.add(lit);
      }
      putValues(values, col, items);
      if (items.stream().allMatch(BigDecimal.class::isInstance)) {
        double lo =
            items.stream().mapToDouble(o -> ((BigDecimal) o).doubleValue()).min().orElseThrow();
        double hi =
            items.stream().mapToDouble(o -> ((BigDecimal) o).doubleValue()).max().orElseThrow();
        put(intervals, col, Interval.of(lo, hi, source));
      }
    }

    private void addEndpoint(String col, Endpoint e) {
      endpoints.computeIfAbsent(col, k -> new ArrayList<>()).add(e);
    }
  }

  private static void put(Map<String, Interval> intervals, String col, Interval i) {
    intervals.merge(col, i, Interval::intersect);
  }

  private static void putValues(Map<String, List<Object>> values, String col, List<Object> vs) {
    values.merge(
        col,
        List.copyOf(new LinkedHashSet<>(vs)),
        (a, b) -> {
          Set<Object> both = new LinkedHashSet<>(a);
          both.retainAll(b);
          return List.copyOf(both);
        });
  }

  private static String column(SqlNode node, String valueColumn) {
    if (node instanceof SqlIdentifier id && id.isSimple()) {
      String name = id.getSimple();
      if (valueColumn != null && name.equals(VALUE)) {
        return valueColumn;
      }
      return valueColumn == null ? name : null;
    }
    return null;
  }

  /**
   * A non-numeric constant as an {@link Endpoint} value: a DATE, TIMESTAMP or TIMESTAMP WITH LOCAL
   * TIME ZONE literal ({@link TypedLiterals}' forms, and H2's) parsed, a plain string as written;
   * else null. A literal whose text does not parse is null (no bound).
   */
  static Object endpoint(SqlNode node) {
    if (node instanceof SqlBasicCall call && call.getKind() == SqlKind.CAST) {
      return endpoint(call.operand(0));
    }
    if (node instanceof SqlUnknownLiteral u) {
      return DatetimeBounds.parse(u.tag, u.getValue());
    }
    if (node instanceof SqlLiteral lit
        && (lit.getTypeName() == SqlTypeName.CHAR || lit.getTypeName() == SqlTypeName.VARCHAR)) {
      return lit.getValueAs(String.class);
    }
    return null;
  }

  /** A literal as BigDecimal (numbers, incl. unary minus), String, or Boolean; else null. */
  static Object literal(SqlNode node) {
    if (node instanceof SqlBasicCall call && call.getKind() == SqlKind.CAST) {
      // H2 prints integer literals compared with NUMERIC columns as CAST(0 AS NUMERIC(1)). The
      // bound is enforced by clamping in the rewritten SQL, so reading the uncast literal can
      // only cost utility, never privacy.
      return literal(call.operand(0));
    }
    BigDecimal n = number(node);
    if (n != null) {
      return n;
    }
    if (node instanceof SqlUnknownLiteral u) {
      return u.getValue(); // a typed literal's text, as the value set kept it before
    }
    if (node instanceof SqlLiteral lit) {
      return switch (lit.getTypeName()) {
        case CHAR, VARCHAR -> lit.getValueAs(String.class);
        case BOOLEAN -> lit.getValueAs(Boolean.class);
        default -> null;
      };
    }
    return null;
  }

  private static BigDecimal number(SqlNode node) {
    if (node instanceof SqlBasicCall call && call.getKind() == SqlKind.CAST) {
      return number(call.operand(0));
    }
    if (node instanceof org.apache.calcite.sql.SqlNumericLiteral lit) {
      return lit.getValueAs(BigDecimal.class);
    }
    if (node instanceof SqlBasicCall call && call.getKind() == SqlKind.MINUS_PREFIX) {
      BigDecimal inner = number(call.operand(0));
      return inner == null ? null : inner.negate();
    }
    if (node instanceof SqlBasicCall call && call.getKind() == SqlKind.PLUS_PREFIX) {
      return number(call.operand(0));
    }
    return null;
  }
}
