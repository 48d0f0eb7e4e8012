package dev.dpjdbc.analyze.rewrite;

import java.math.BigDecimal;
import java.util.Locale;
import org.apache.calcite.sql.SqlDialect;
import org.apache.calcite.sql.dialect.H2SqlDialect;
import org.apache.calcite.sql.dialect.PostgresqlSqlDialect;

/**
 * The backend's SQL dialect as far as the rewrite needs it: identifier quoting, the random function
 * for the per-unit sampling windows, literals, and Calcite's dialect for unparsing the analyst's
 * WHERE clause.
 */
public enum Backend {
  POSTGRESQL(PostgresqlSqlDialect.DEFAULT, "random()"),
  H2(H2SqlDialect.DEFAULT, "RAND()");

  private final SqlDialect dialect;
  private final String random;

  Backend(SqlDialect dialect, String random) {
    this.dialect = dialect;
    this.random = random;
  }

  /** PostgreSQL for anything that is not H2 (PostgreSQL-compatible backends). */
  public static Backend forProduct(String productName) {
    return productName.toLowerCase(Locale.ROOT).contains("h2") ? H2 : POSTGRESQL;
  }

  public SqlDialect dialect() {
    return dialect;
  }

  /** A uniform random number in [0, 1) per row (used only to pick which rows to keep). */
  public String random() {
    return random;
  }

  /** {@code "name"} with embedded quotes doubled. */
  public String quote(String identifier) {
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }

  /** A numeric literal in plain decimal notation (no exponent: both backends read it exactly). */
  public static String number(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return BigDecimal.valueOf(v).toPlainString();
  }

  /** A literal for a domain value: numbers plain, booleans TRUE/FALSE, text quoted. */
  public static String literal(Object v) {
    if (v instanceof Boolean b) {
      return b ? "TRUE" : "FALSE";
    }
    if (v instanceof Number n) {
      return n instanceof BigDecimal d ? d.toPlainString() : n.toString();
    }
    return "'" + String.valueOf(v).replace("'", "''") + "'";
  }
}
