package dev.dpjdbc.analyze.cache;

import dev.dpjdbc.analyze.parse.SqlParsing;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * The literal-free form of an analyst's statement: its text with every literal in a value position
 * replaced by {@code ?}, and those literals in order. Value positions are the operands of a
 * comparison ({@code =, <>, <, <=, >, >=}), of {@code [NOT] BETWEEN} and the elements of an {@code
 * [NOT] IN} list; a literal elsewhere (a function's argument such as {@code date_trunc}'s unit, a
 * LIMIT, a CASE result, a GROUP BY expression) stays in the text, so it stays part of the key.
 *
 * <p>Only plain literals are replaced: exact numbers (a leading minus sign included), quoted
 * strings without prefix or continuation, {@code DATE '…'} and {@code TIMESTAMP '…'} without a
 * fraction of a second. The replacement splices {@code ?} into the analyst's text at the parser's
 * positions, leaving every other character as written. Two statements have the same {@link #key}
 * exactly when they differ only in the values of replaced literals of the same {@linkplain
 * ShapeLiteral#tag kind}.
 *
 * @param key the cache key: {@link #sql} and the literals' kinds
 * @param sql the statement with {@code ?} for the literals (the analyst's own {@code ?} kept)
 * @param literals the replaced literals, in text order
 * @param analystIndex for each {@code ?} of {@link #sql} (shape index), the analyst's parameter
 *     index it is, or -1 for a replaced literal
 */
public record StatementShape(
    String key, String sql, List<ShapeLiteral> literals, List<Integer> analystIndex) {
  public StatementShape {
    literals = List.copyOf(literals);
    analystIndex = List.copyOf(analystIndex);
  }

  private static final Set<SqlKind> COMPARISONS =
      Set.of(
          SqlKind.EQUALS,
          SqlKind.NOT_EQUALS,
          SqlKind.LESS_THAN,
          SqlKind.LESS_THAN_OR_EQUAL,
          SqlKind.GREATER_THAN,
          SqlKind.GREATER_THAN_OR_EQUAL,
          SqlKind.BETWEEN,
          SqlKind.IN,
          SqlKind.NOT_IN);

  private static final Pattern NUMBER = Pattern.compile("-?\\s*(\\d+(\\.\\d*)?|\\.\\d+)");
  private static final Pattern STRING = Pattern.compile("'([^']|'')*'");
  private static final Pattern DATE = Pattern.compile("(?i)DATE\\s*'(\\d{4}-\\d{2}-\\d{2})'");
  private static final Pattern TIMESTAMP =
      Pattern.compile("(?i)TIMESTAMP\\s*'(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2})'");

  /** A literal found in a value position, with its character span in the text. */
  private record Found(int start, int end, ShapeLiteral.Kind kind, Object value) {}

  /**
   * The shape of {@code sql}; empty when it has no replaceable literal or does not parse (the
   * caller then plans it by its text alone, and the analyzer reports any syntax error).
   */
  public static Optional<StatementShape> of(String sql) {
    if (sql.indexOf('$') >= 0) {
      return Optional.empty(); // $1 parameters and dollar quoting: keep the exact-text cache only
    }
    List<SqlNode> statements;
    try {
      statements = SqlParser.create(sql, SqlParsing.POSTGRES).parseStmtList();
    } catch (SqlParseException | RuntimeException e) {
      return Optional.empty();
    }
    if (statements.size() != 1) {
      return Optional.empty();
    }
    int[] lineStarts = lineStarts(sql);
    List<Found> found = new ArrayList<>();
    List<Integer> params = new ArrayList<>();
    statements
        .get(0)
        .accept(
            new SqlBasicVisitor<Void>() {
              @Override
              public Void visit(SqlCall call) {
                if (COMPARISONS.contains(call.getKind())) {
                  for (SqlNode operand : call.getOperandList()) {
                    if (operand instanceof SqlNodeList list) {
                      list.forEach(e -> literal(sql, lineStarts, e).ifPresent(found::add));
                    } else {
                      literal(sql, lineStarts, operand).ifPresent(found::add);
                    }
                  }
                }
                return super.visit(call);
              }

              @Override
              public Void visit(org.apache.calcite.sql.SqlDynamicParam param) {
                params.add(offset(lineStarts, param.getParserPosition(), false));
                return null;
              }
            });
    if (found.isEmpty()) {
      return Optional.empty();
    }
    found.sort(Comparator.comparingInt(Found::start));
    for (int i = 1; i < found.size(); i++) {
      if (found.get(i).start() < found.get(i - 1).end()) {
        return Optional.empty(); // overlapping spans: the positions are not what they seem
      }
    }
    return Optional.of(build(sql, found, params));
  }

  private static StatementShape build(String sql, List<Found> found, List<Integer> params) {
    // every ? of the shape in text order: the analyst's (by its start) and the replaced literals
    List<int[]> marks = new ArrayList<>(); // {start, analyst index or -1, literal index}
    List<Integer> sortedParams = params.stream().sorted().toList();
    for (int i = 0; i < sortedParams.size(); i++) {
      marks.add(new int[] {sortedParams.get(i), i, -1});
    }
    for (int i = 0; i < found.size(); i++) {
      marks.add(new int[] {found.get(i).start(), -1, i});
    }
    marks.sort(Comparator.comparingInt(m -> m[0]));
    List<ShapeLiteral> literals = new ArrayList<>();
    List<Integer> analystIndex = new ArrayList<>();
    for (int s = 0; s < marks.size(); s++) {
      int[] m = marks.get(s);
      analystIndex.add(m[1]);
      if (m[2] >= 0) {
        Found f = found.get(m[2]);
        literals.add(new ShapeLiteral(s, f.kind(), f.value()));
      }
    }
    StringBuilder text = new StringBuilder();
    int at = 0;
    for (Found f : found) {
      text.append(sql, at, f.start()).append('?');
      at = f.end();
    }
    text.append(sql.substring(at));
    String shapeSql = text.toString();
    String tags =
        literals.stream().map(l -> l.shapeIndex() + l.tag()).collect(Collectors.joining(","));
    return new StatementShape(shapeSql + "\u0000" + tags, shapeSql, literals, analystIndex);
  }

  /** The literal {@code node} is, when it is one the shape replaces and its span checks out. */
  private static Optional<Found> literal(String sql, int[] lineStarts, SqlNode node) {
    boolean negative = false;
    SqlNode inner = node;
    if (node instanceof SqlBasicCall call
        && call.getKind() == SqlKind.MINUS_PREFIX
        && call.operand(0) instanceof SqlNumericLiteral) {
      negative = true;
      inner = call.operand(0);
    }
    if (!(inner instanceof SqlLiteral literal)) {
      return Optional.empty();
    }
    SqlParserPos pos = node.getParserPosition();
    int start = offset(lineStarts, pos, false);
    int end = offset(lineStarts, pos, true);
    if (start < 0 || end <= start || end > sql.length()) {
      return Optional.empty();
    }
    String span = sql.substring(start, end);
    if (literal instanceof SqlNumericLiteral n && n.isExact() && NUMBER.matcher(span).matches()) {
      BigDecimal v = n.getValueAs(BigDecimal.class);
      v = negative ? v.negate() : v;
      if ((v.signum() < 0) != span.startsWith("-")) {
        return Optional.empty();
      }
      boolean whole = v.scale() <= 0;
      return Optional.of(
          new Found(
              start,
              end,
              whole ? ShapeLiteral.Kind.INTEGER : ShapeLiteral.Kind.DECIMAL,
              whole ? v.setScale(0) : v));
    }
    if (negative) {
      return Optional.empty();
    }
    if (literal instanceof SqlCharStringLiteral s && STRING.matcher(span).matches()) {
      return Optional.of(
          new Found(start, end, ShapeLiteral.Kind.STRING, s.getValueAs(String.class)));
    }
    try {
      Matcher date = DATE.matcher(span);
      if (date.matches()) {
        return Optional.of(
            new Found(start, end, ShapeLiteral.Kind.DATE, LocalDate.parse(date.group(1))));
      }
      Matcher timestamp = TIMESTAMP.matcher(span);
      if (timestamp.matches()) {
        return Optional.of(
            new Found(
                start,
                end,
                ShapeLiteral.Kind.TIMESTAMP,
                LocalDateTime.parse(timestamp.group(1).replace(' ', 'T'))));
      }
    } catch (java.time.DateTimeException notADate) {
      return Optional.empty(); // the analyzer reports it when it plans the text
    }
    return Optional.empty();
  }

  /** Offsets (0-based) where each line (1-based index - 1) starts. */
  private static int[] lineStarts(String sql) {
    List<Integer> starts = new ArrayList<>(List.of(0));
    for (int i = 0; i < sql.length(); i++) {
      if (sql.charAt(i) == '\n') {
        starts.add(i + 1);
      }
    }
    return starts.stream().mapToInt(Integer::intValue).toArray();
  }

  /** The character offset of a position's start, or one past its (inclusive) end. */
  private static int offset(int[] lineStarts, SqlParserPos pos, boolean end) {
    int line = end ? pos.getEndLineNum() : pos.getLineNum();
    int column = end ? pos.getEndColumnNum() : pos.getColumnNum();
    if (line < 1 || line > lineStarts.length || column < 1) {
      return -1;
    }
    return lineStarts[line - 1] + column - 1 + (end ? 1 : 0);
  }
}
