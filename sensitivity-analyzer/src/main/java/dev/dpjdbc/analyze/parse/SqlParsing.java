package dev.dpjdbc.analyze.parse;

import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.babel.SqlBabelParserImpl;
import org.apache.calcite.sql.validate.SqlConformanceEnum;

/**
 * The one Calcite parser configuration dpjdbc uses: the Babel parser (accepts PostgreSQL's {@code
 * ::} casts, {@code LIMIT/OFFSET}, ...), BABEL conformance and PostgreSQL's lexical rules —
 * unquoted identifiers folded to lower case, double-quoted identifiers kept as written, name
 * matching case-sensitive.
 */
public final class SqlParsing {
  private SqlParsing() {}

  /** Parser config for analyst SQL. */
  public static final SqlParser.Config POSTGRES =
      SqlParser.config()
          .withParserFactory(SqlBabelParserImpl.FACTORY)
          .withConformance(SqlConformanceEnum.BABEL)
          .withQuoting(Quoting.DOUBLE_QUOTE)
          .withUnquotedCasing(Casing.TO_LOWER)
          .withQuotedCasing(Casing.UNCHANGED)
          .withCaseSensitive(true);

  /**
   * Parser config for CHECK expressions printed by a backend: names kept as printed (H2 prints
   * {@code "SALARY"}, PostgreSQL {@code salary}); the catalog matches them case-insensitively.
   */
  public static final SqlParser.Config CONSTRAINTS =
      POSTGRES.withUnquotedCasing(Casing.UNCHANGED).withCaseSensitive(false);
}
