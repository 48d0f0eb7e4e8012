package dev.dpjdbc.analyze.parse;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorScope;

/**
 * The expressions a WHERE clause may use: only forms that cannot raise an error whose occurrence
 * depends on row values. A backend error is released without noise, so {@code WHERE
 * 1/(salary-50000) > 0} (division by zero iff someone earns exactly 50000), {@code CAST(name AS
 * INT)}, an integer overflow or a regular expression compiled only when a row reaches it would each
 * leak one bit per query. An allow-list, not a deny-list: what is not named here is refused with
 * 0A000 and a message naming the construct.
 *
 * <p>Allowed: AND/OR/NOT; comparisons, IS [NOT] DISTINCT FROM, BETWEEN, IN lists between operands
 * of compatible type families (a column is never implicitly converted to another family: H2 would
 * convert {@code name} per row in {@code name = 5}); IS [NOT] NULL/TRUE/FALSE/UNKNOWN; LIKE/ILIKE
 * with a literal pattern that does not end in its escape character; lower, upper, trim,
 * char_length, EXTRACT, COALESCE and CASE with branches of one family; CURRENT_DATE and friends;
 * casts of literals and widening casts of columns (integer to a wider integer, decimal, float or a
 * long enough string; identity casts); +, − and × only between literals (folded by the backend
 * before any row is read). Refused: division and modulo anywhere, every other function, casts that
 * can fail, arithmetic on columns or parameters.
 *
 * <p>Assumes constant sub-expressions made of literals are folded (or their errors raised) before
 * rows are read — PostgreSQL folds immutable functions of constants at plan time, H2 optimises
 * constant expressions at prepare time.
 */
final class WhereAllowList {
  private static final Set<String> FUNCTIONS =
      Set.of(
          "lower",
          "upper",
          "char_length",
          "character_length",
          "length",
          "trim",
          "btrim",
          "ltrim",
          "rtrim",
          "current_date",
          "current_timestamp",
          "current_time",
          "localtimestamp",
          "localtime");

  private final SqlValidator validator;
  private final SqlValidatorScope scope;
  private final Set<SqlParserPos> userCasts;

  private WhereAllowList(
      SqlValidator validator, SqlValidatorScope scope, Set<SqlParserPos> userCasts) {
    this.validator = validator;
    this.scope = scope;
    this.userCasts = userCasts;
  }

  /** Refuses (0A000) the first construct in {@code where} that is not on the allow-list. */
  static void check(
      SqlValidator validator, SqlValidatorScope scope, SqlNode where, Set<SqlParserPos> userCasts)
      throws SQLException {
    if (where != null) {
      new WhereAllowList(validator, scope, userCasts).expr(where);
    }
  }

  private void expr(SqlNode node) throws SQLException {
    node = written(node);
    if (node instanceof SqlLiteral
        || node instanceof SqlDynamicParam
        || node instanceof SqlIdentifier
        || node instanceof SqlIntervalQualifier
        || node instanceof SqlDataTypeSpec) {
      return;
    }
    if (node instanceof SqlNodeList list) {
      for (SqlNode n : list) {
        expr(n);
      }
      return;
    }
    if (!(node instanceof SqlCall call)) {
      throw refuse(node.getKind().toString(), node);
    }
    SqlKind kind = call.getKind();
    switch (kind) {
      case AND,
              OR,
              NOT,
              IS_NULL,
              IS_NOT_NULL,
              IS_TRUE,
              IS_FALSE,
              IS_NOT_TRUE,
              IS_NOT_FALSE,
              IS_UNKNOWN ->
          operands(call);
      case EQUALS,
          NOT_EQUALS,
          LESS_THAN,
          LESS_THAN_OR_EQUAL,
          GREATER_THAN,
          GREATER_THAN_OR_EQUAL,
          IS_DISTINCT_FROM,
          IS_NOT_DISTINCT_FROM,
          BETWEEN -> {
        operands(call);
        for (int i = 1; i < call.operandCount(); i++) {
          comparable(call, call.operand(0), call.operand(i));
        }
      }
      case IN, NOT_IN -> {
        operands(call);
        if (!(call.operand(1) instanceof SqlNodeList list)) {
          throw refuse("IN with a subquery", call);
        }
        for (SqlNode element : list) {
          comparable(call, call.operand(0), element);
        }
      }
      case LIKE -> like(call);
      case CAST -> cast(call);
      case PLUS, MINUS, TIMES, MINUS_PREFIX, PLUS_PREFIX -> {
        if (SqlTrees.hasColumnOrParameter(call)) {
          throw refuse(
              "arithmetic on a column or parameter (" + call.getOperator().getName() + ")",
              call,
              "it can overflow for some row values; compare the column with a constant instead");
        }
        operands(call);
      }
      case DIVIDE, MOD ->
          throw refuse(
              kind == SqlKind.DIVIDE ? "division" : "modulo",
              call,
              "it fails on a zero divisor, so an error would reveal a row value");
      case CASE, COALESCE -> {
        operands(call);
        sameFamily(call, values(call));
      }
      case TRIM, EXTRACT -> operands(call);
      default -> {
        String name = call.getOperator().getName().toLowerCase(Locale.ROOT);
        if (!FUNCTIONS.contains(name)) {
          throw refuse(
              name.isEmpty() ? kind.toString() : name,
              call,
              "only lower, upper, trim, char_length, EXTRACT, COALESCE, CASE and CURRENT_DATE"
                  + " are allowed as functions");
        }
        operands(call);
      }
    }
  }

  private void operands(SqlCall call) throws SQLException {
    for (SqlNode operand : call.getOperandList()) {
      if (operand != null) {
        expr(operand);
      }
    }
  }

  private static List<SqlNode> values(SqlCall call) {
    if (call instanceof SqlCase c) {
      List<SqlNode> out = new java.util.ArrayList<>(c.getThenOperands().getList());
      if (c.getElseOperand() != null) {
        out.add(c.getElseOperand());
      }
      return out;
    }
    return call.getOperandList();
  }

  /** LIKE/ILIKE/NOT LIKE: the pattern (and escape) must be literals the matcher cannot reject. */
  private void like(SqlCall call) throws SQLException {
    expr(call.operand(0));
    if (!(call.operand(1) instanceof SqlCharStringLiteral pattern)) {
      throw refuse(
          "LIKE with a pattern that is not a string literal",
          call,
          "PostgreSQL rejects some patterns only when a row reaches them; write the pattern as a"
              + " literal");
    }
    char escape = '\\';
    boolean hasEscape = true;
    if (call.operandCount() > 2 && call.operand(2) != null) {
      if (!(call.operand(2) instanceof SqlCharStringLiteral e)
          || e.getValueAs(String.class).length() > 1) {
        throw refuse("LIKE with an ESCAPE that is not a one-character literal", call);
      }
      String s = e.getValueAs(String.class);
      hasEscape = !s.isEmpty();
      escape = hasEscape ? s.charAt(0) : escape;
    }
    String p = pattern.getValueAs(String.class);
    for (int i = 0; hasEscape && i < p.length(); i++) {
      if (p.charAt(i) == escape && ++i >= p.length()) {
        throw refuse(
            "a LIKE pattern ending in its escape character",
            call,
            "the backend raises that error only when a row reaches it; remove the trailing escape");
      }
    }
    comparable(call, call.operand(0), call.operand(1));
  }

  /** A cast of a literal, or a widening cast of a column that cannot fail for any value. */
  private void cast(SqlCall call) throws SQLException {
    SqlNode source = call.operand(0);
    if (!SqlTrees.hasColumnOrParameter(source)) {
      expr(source);
      return;
    }
    expr(source);
    RelDataType from = type(source);
    RelDataType to = type(call);
    if (from == null || to == null || !TypeFamily.widening(from, to)) {
      throw refuse(
          "CAST from " + typeName(source) + " to " + typeName(call) + " of a column",
          call,
          "the conversion can fail for some row values; compare the column in its own type");
    }
  }

  /**
   * Operands of a comparison must not make the backend convert a column to another type family:
   * only constants are converted (once, before any row is read), or integers to floating point.
   */
  private void comparable(SqlCall call, SqlNode a, SqlNode b) throws SQLException {
    if (!ok(a, b) || !ok(b, a)) {
      throw refuse(
          "comparing "
              + typeName(a)
              + " with "
              + typeName(b)
              + " ("
              + call.getOperator().getName()
              + ")",
          call,
          "the backend would convert a column value, which can fail for some rows; compare"
              + " values of the same type");
    }
  }

  /** May the column side {@code col} be compared with {@code other}? */
  private boolean ok(SqlNode col, SqlNode other) {
    col = written(col);
    other = written(other);
    if (!SqlTrees.hasColumn(col)) {
      return true;
    }
    TypeFamily fc = TypeFamily.of(type(col));
    TypeFamily fo = TypeFamily.of(type(other));
    if (fc == fo || fo == TypeFamily.UNKNOWN || fc == TypeFamily.UNKNOWN) {
      return true;
    }
    boolean constant = !SqlTrees.hasColumn(other);
    boolean integer = TypeFamily.integerDigits(type(col).getSqlTypeName()) > 0;
    if (fc == TypeFamily.APPROX && fo == TypeFamily.EXACT) {
      return constant || TypeFamily.integerDigits(type(other).getSqlTypeName()) > 0;
    }
    if (fc == TypeFamily.EXACT && fo == TypeFamily.APPROX) {
      return integer;
    }
    return constant
        && (fo == TypeFamily.CHAR || (fc == TypeFamily.TIMESTAMP && fo == TypeFamily.DATE));
  }

  private void sameFamily(SqlCall call, List<SqlNode> values) throws SQLException {
    for (SqlNode a : values) {
      for (SqlNode b : values) {
        if (a != null && b != null && (!ok(a, b) || !ok(b, a))) {
          throw refuse(
              call.getOperator().getName() + " mixing " + typeName(a) + " and " + typeName(b),
              call,
              "give every branch the same type");
        }
      }
    }
  }

  /**
   * The node as the analyst wrote it: Calcite's type coercion wraps operands in CASTs; those are
   * not in the SQL sent to the backend (it is re-emitted from the parsed tree), so the checks look
   * through every CAST whose position is not one of the analyst's own CASTs.
   */
  private SqlNode written(SqlNode node) {
    while (node instanceof SqlCall c
        && c.getKind() == SqlKind.CAST
        && !userCasts.contains(c.getParserPosition())) {
      node = c.operand(0);
    }
    return node;
  }

  /** The validated type of {@code node}, or null when Calcite does not know it (a bare ?). */
  private RelDataType type(SqlNode node) {
    node = written(node);
    RelDataType known = validator.getValidatedNodeTypeIfKnown(node);
    if (known != null) {
      return known;
    }
    try {
      return validator.deriveType(scope, node);
    } catch (RuntimeException e) {
      return null;
    }
  }

  private String typeName(SqlNode node) {
    RelDataType t = type(node);
    return t == null ? "?" : t.getFullTypeString();
  }

  private static SQLException refuse(String construct, SqlNode at) {
    return refuse(construct, at, "it can raise an error that depends on row values");
  }

  private static SQLException refuse(String construct, SqlNode at, String why) {
    return new SQLException(
        "dpjdbc refuses "
            + construct
            + " in WHERE: "
            + why
            + ", and an error is released without noise. WHERE may use comparisons, AND/OR/NOT,"
            + " IS [NOT] NULL, IN lists, BETWEEN, LIKE/ILIKE with a literal pattern, lower/upper/"
            + "trim/char_length, EXTRACT, COALESCE, CASE and widening casts",
        AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
  }
}
