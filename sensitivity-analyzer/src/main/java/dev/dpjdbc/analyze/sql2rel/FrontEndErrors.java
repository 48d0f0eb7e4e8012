package dev.dpjdbc.analyze.sql2rel;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Calcite's exceptions as the SQLExceptions an analyst sees: PostgreSQL's wording where there is
 * one, the position in the query, and the SQLState of {@link AnalyzerSqlState}: 42601 syntax (and
 * any other invalid query), 42P01 unknown table, 42703 unknown column, 42702 ambiguous column (as
 * PostgreSQL), 42501 a function that is not a built-in, 0A000 what Calcite cannot convert.
 */
final class FrontEndErrors {
  private FrontEndErrors() {}

  private static final Pattern TABLE =
      Pattern.compile(
          "(?:Object|Table) '([^']*)' not found(?: within '([^']*)')?.*", Pattern.DOTALL);
  private static final Pattern COLUMN =
      Pattern.compile(
          "Column '([^']*)' not found in (?:any table|table '([^']*)').*", Pattern.DOTALL);
  private static final Pattern AMBIGUOUS =
      Pattern.compile("Column '([^']*)' is ambiguous.*", Pattern.DOTALL);
  private static final Pattern FUNCTION =
      Pattern.compile("No match found for function signature ([^(]+)\\((.*)\\)", Pattern.DOTALL);
  private static final Pattern NOT_GROUPED =
      Pattern.compile("Expression '(.+)' is not being grouped");
  private static final Pattern UNKNOWN =
      Pattern.compile("Unknown (?:identifier|field) '([^']*)'", Pattern.DOTALL);

  static SQLException syntax(SqlParseException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof StackOverflowError) {
        return tooDeep();
      }
    }
    String first = String.valueOf(e.getMessage()).lines().findFirst().orElse("").strip();
    return new SQLException("syntax error: " + first, AnalyzerSqlState.SYNTAX_ERROR.code(), e);
  }

  /**
   * @param sql the text Calcite parsed: an unknown table is named as written there ({@code
   *     hr.employees}; Calcite names only the first part it could not resolve)
   */
  static SQLException validation(
      CalciteContextException e, PostgresOperators functions, String sql) {
    String raw = String.valueOf(e.getCause() != null ? e.getCause().getMessage() : e.getMessage());
    String at = at(e.getPosLine(), e.getPosColumn());
    Matcher m = TABLE.matcher(raw);
    if (m.matches()) {
      String written =
          slice(sql, e.getPosLine(), e.getPosColumn(), e.getEndPosLine(), e.getEndPosColumn());
      String name = written != null ? written : m.group(1);
      return new SQLException(
          "relation " + name + " does not exist" + at + folding(),
          AnalyzerSqlState.UNDEFINED_TABLE.code(),
          e);
    }
    return validation(raw, at, functions, e);
  }

  /**
   * The text between two 1-based (line, column) positions, both inclusive; null if out of range.
   */
  private static String slice(String sql, int line, int column, int endLine, int endColumn) {
    String[] lines = sql.split("\n", -1);
    if (line < 1 || endLine != line || line > lines.length) {
      return null;
    }
    String l = lines[line - 1];
    if (column < 1 || endColumn < column || endColumn > l.length()) {
      return null;
    }
    return l.substring(column - 1, endColumn).strip();
  }

  static SQLException validation(
      String raw, String at, PostgresOperators functions, Throwable cause) {
    Matcher m;
    if ((m = TABLE.matcher(raw)).matches()) {
      String name = m.group(2) == null ? m.group(1) : m.group(2) + "." + m.group(1);
      return new SQLException(
          "relation \"" + name + "\" does not exist" + at + folding(),
          AnalyzerSqlState.UNDEFINED_TABLE.code(),
          cause);
    }
    if ((m = COLUMN.matcher(raw)).matches()) {
      String name = m.group(2) == null ? m.group(1) : m.group(2) + "." + m.group(1);
      return new SQLException(
          "column \"" + name + "\" does not exist" + at + folding(),
          AnalyzerSqlState.UNDEFINED_COLUMN.code(),
          cause);
    }
    if ((m = AMBIGUOUS.matcher(raw)).matches()) {
      return new SQLException(
          "column reference \"" + m.group(1) + "\" is ambiguous" + at + "; qualify it: t.column",
          AnalyzerSqlState.AMBIGUOUS_COLUMN.code(),
          cause);
    }
    if ((m = FUNCTION.matcher(raw)).matches()) {
      String name = m.group(1).strip();
      if (functions.knowsFunction(name)) {
        return new SQLException(
            "function "
                + name
                + "("
                + m.group(2)
                + ") does not exist for these argument types"
                + at
                + "; cast the arguments to the types the function takes",
            AnalyzerSqlState.SYNTAX_ERROR.code(),
            cause);
      }
      return new SQLException(
          "dpjdbc allows only built-in deterministic functions; "
              + name
              + "() is not one"
              + at
              + ". Remove it or compute it outside the query.",
          AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code(),
          cause);
    }
    if (raw.startsWith("Illegal use of dynamic parameter")) {
      return new SQLException(
          "could not determine the type of a parameter" + at + "; give it one: CAST(? AS integer)",
          AnalyzerSqlState.SYNTAX_ERROR.code(),
          cause);
    }
    if ((m = NOT_GROUPED.matcher(raw)).matches()) {
      return new SQLException(
          "column \""
              + m.group(1)
              + "\" must appear in the GROUP BY clause or be used in an aggregate function"
              + at
              + " (dpjdbc releases aggregates over many people, never a row-level value)",
          AnalyzerSqlState.GROUPING_ERROR.code(),
          cause);
    }
    if ((m = UNKNOWN.matcher(raw)).matches()) {
      return new SQLException(
          "\"" + m.group(1) + "\" is not a known column, table or type" + at,
          AnalyzerSqlState.UNDEFINED_COLUMN.code(),
          cause);
    }
    return new SQLException(
        "invalid query" + at + ": " + raw, AnalyzerSqlState.SYNTAX_ERROR.code(), cause);
  }

  /** What Calcite could not convert (its own limits, not the query's errors). */
  static SQLException unsupported(Throwable e) {
    return new SQLException(
        "dpjdbc cannot translate this query into relational algebra ("
            + e.getClass().getSimpleName()
            + (e.getMessage() == null ? "" : ": " + e.getMessage().lines().findFirst().orElse(""))
            + "); simplify the construct it names",
        AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code(),
        e);
  }

  static SQLException tooDeep() {
    return new SQLException(
        "the query is nested too deeply to analyse; simplify it",
        AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
  }

  static String at(SqlParserPos pos) {
    return at(pos.getLineNum(), pos.getColumnNum());
  }

  private static String at(int line, int column) {
    return line > 0 ? " at line " + line + ", column " + column : "";
  }

  private static String folding() {
    return " (unquoted names are folded to lower case; quote a name to keep its case)";
  }
}
