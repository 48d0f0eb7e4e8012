package dev.dpjdbc.analyze.sql2rel;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.parse.SqlLexer;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * The two PostgreSQL spellings Calcite's Babel parser cannot read, turned into ones it can, on the
 * tokens of dpjdbc's PostgreSQL lexer ({@link SqlLexer}) before parsing:
 *
 * <ul>
 *   <li>{@code $n} parameters become {@code ?} padded with spaces to the same width (so error
 *       positions stay right); after parsing, {@link #renumber} gives the {@code i}-th {@code ?}
 *       the index {@code n - 1}, so a RexDynamicParam's index is the {@code $n} it came from and a
 *       repeated {@code $1} is one parameter. Babel reads {@code $1} as an identifier, and not at
 *       all after {@code LIMIT}. A query may use {@code ?} or {@code $n}, not both;
 *   <li>{@code INTERVAL '5 years'} becomes {@code INTERVAL '5' YEAR} ({@link PostgresIntervals});
 *       an INTERVAL string already followed by its unit is left alone.
 * </ul>
 *
 * Nothing else changes: what is validated, converted and later executed comes from Calcite's parse
 * of this text, so a disagreement between the two lexers can only make a query fail to parse, not
 * run something other than what was checked.
 *
 * @param sql the text Calcite parses
 * @param dollarNumbers for {@code $n} style, the {@code n} of each {@code ?} in text order; empty
 *     for {@code ?} style (Calcite's own numbering stands)
 */
record QueryText(String sql, List<Integer> dollarNumbers) {
  /** PostgreSQL's limit on the number of parameters of one statement. */
  static final int MAX_PARAMETERS = 65535;

  private static final Set<String> INTERVAL_UNITS =
      Set.of(
          "year",
          "years",
          "quarter",
          "quarters",
          "month",
          "months",
          "week",
          "weeks",
          "day",
          "days",
          "hour",
          "hours",
          "minute",
          "minutes",
          "second",
          "seconds",
          "millisecond",
          "milliseconds",
          "microsecond",
          "microseconds");

  QueryText {
    dollarNumbers = List.copyOf(dollarNumbers);
  }

  static QueryText of(String sql) throws SQLException {
    List<SqlLexer.Token> tokens = SqlLexer.scan(sql);
    StringBuilder out = new StringBuilder(sql.length());
    List<Integer> numbers = new ArrayList<>();
    boolean questionMarks = false;
    for (int i = 0; i < tokens.size(); i++) {
      SqlLexer.Token t = tokens.get(i);
      if (t.kind() == SqlLexer.Kind.PARAMETER) {
        numbers.add(parameterNumber(t.text()));
        out.append('?').append(" ".repeat(t.text().length() - 1));
      } else if (t.kind() == SqlLexer.Kind.SYMBOL && t.text().indexOf('?') >= 0) {
        questionMarks = true;
        out.append(t.text());
      } else if (isIntervalString(tokens, i)) {
        String body = t.text().substring(1, t.text().length() - 1).replace("''", "'");
        out.append(PostgresIntervals.standard(body));
      } else {
        out.append(t.text());
      }
    }
    if (questionMarks && !numbers.isEmpty()) {
      throw new SQLException(
          "a query may use ? or $n parameters, not both; write all its parameters one way",
          AnalyzerSqlState.SYNTAX_ERROR.code());
    }
    return new QueryText(out.toString(), numbers);
  }

  private static int parameterNumber(String text) throws SQLException {
    String digits = text.substring(1);
    if (digits.length() > 5
        || Integer.parseInt(digits) < 1
        || Integer.parseInt(digits) > MAX_PARAMETERS) {
      throw new SQLException(
          "there is no parameter " + text + " (parameters are $1 to $" + MAX_PARAMETERS + ")",
          AnalyzerSqlState.SYNTAX_ERROR.code());
    }
    return Integer.parseInt(digits);
  }

  /** Token {@code i} is the plain string of {@code INTERVAL '...'} with no unit after it. */
  private static boolean isIntervalString(List<SqlLexer.Token> tokens, int i) {
    SqlLexer.Token t = tokens.get(i);
    if (t.kind() != SqlLexer.Kind.STRING || !t.text().startsWith("'")) {
      return false;
    }
    SqlLexer.Token before = neighbour(tokens, i, -1);
    if (before == null
        || before.kind() != SqlLexer.Kind.WORD
        || !before.text().equalsIgnoreCase("interval")) {
      return false;
    }
    SqlLexer.Token after = neighbour(tokens, i, +1);
    return after == null
        || after.kind() != SqlLexer.Kind.WORD
        || !INTERVAL_UNITS.contains(after.text().toLowerCase(Locale.ROOT));
  }

  private static SqlLexer.Token neighbour(List<SqlLexer.Token> tokens, int i, int step) {
    for (int j = i + step; j >= 0 && j < tokens.size(); j += step) {
      if (!tokens.get(j).isTrivia()) {
        return tokens.get(j);
      }
    }
    return null;
  }

  /** The parsed query with each {@code ?} renumbered to its {@code $n} (no-op for ? style). */
  SqlNode renumber(SqlNode parsed) {
    if (dollarNumbers.isEmpty()) {
      return parsed;
    }
    return parsed.accept(
        new SqlShuttle() {
          @Override
          public SqlNode visit(SqlDynamicParam param) {
            return new SqlDynamicParam(
                dollarNumbers.get(param.getIndex()) - 1, param.getParserPosition());
          }
        });
  }
}
