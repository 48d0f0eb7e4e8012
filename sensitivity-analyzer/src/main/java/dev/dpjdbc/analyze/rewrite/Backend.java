package dev.dpjdbc.analyze.rewrite;

import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.plan.ParameterTyping;
import java.math.BigDecimal;
import java.sql.Types;
import java.util.Locale;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlDialect;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.dialect.H2SqlDialect;
import org.apache.calcite.sql.dialect.PostgresqlSqlDialect;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The backend's SQL dialect as far as the rewrite needs it: identifier quoting, the random function
 * for the per-unit sampling windows, how constants are bound, and Calcite's dialect for unparsing
 * the analyst's WHERE clause.
 */
public enum Backend {
  POSTGRESQL(
      new PostgresqlSqlDialect(PostgresqlSqlDialect.DEFAULT_CONTEXT) {
        @Override
        public SqlNode getCastSpec(RelDataType type) {
          SqlNode interval = intervalCastSpec(type);
          return interval != null ? interval : super.getCastSpec(type);
        }
      },
      "random()",
      Types.OTHER),
  H2(
      new H2SqlDialect(H2SqlDialect.DEFAULT_CONTEXT) {
        @Override
        public SqlNode getCastSpec(RelDataType type) {
          SqlNode interval = intervalCastSpec(type);
          return interval != null ? interval : super.getCastSpec(type);
        }
      },
      "RAND()",
      Types.VARCHAR);

  private final SqlDialect dialect;
  private final String random;
  private final int stringType;

  Backend(SqlDialect dialect, String random, int stringType) {
    this.dialect = dialect;
    this.random = random;
    this.stringType = stringType;
  }

  /**
   * The target of {@code CAST(? AS INTERVAL DAY)} (how {@code rel2sql.RelSql} binds an interval
   * literal): its interval qualifier, which Calcite unparses after the keyword INTERVAL; Calcite's
   * dialects cannot spell an interval type themselves. Null for any other type.
   */
  static SqlNode intervalCastSpec(RelDataType type) {
    return SqlTypeName.INTERVAL_TYPES.contains(type.getSqlTypeName())
        ? type.getIntervalQualifier()
        : null;
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

  /** How the executor types bound values on this backend. */
  public ParameterTyping typing() {
    return this == H2 ? ParameterTyping.CONVERTED_AT_BIND : ParameterTyping.INFERRED_BY_BACKEND;
  }

  /**
   * A string constant: on PostgreSQL untyped ({@link Types#OTHER}, which pgJDBC sends as type
   * "unknown"), so the backend resolves its type from the context exactly as for an untyped
   * literal; on H2 a VARCHAR.
   */
  public ParameterSource.Constant string(String value) {
    return new ParameterSource.Constant(value, stringType);
  }

  /**
   * A group key's domain value (a Java object of the key column's type, as {@code
   * TableBounds.domain} makes it) as a bind parameter of that type.
   */
  public ParameterSource.Constant domainValue(Object v) {
    if (v instanceof Boolean b) {
      return new ParameterSource.Constant(b, Types.BOOLEAN);
    }
    if (v instanceof Integer i) {
      return new ParameterSource.Constant(i, Types.INTEGER);
    }
    if (v instanceof Long l) {
      return new ParameterSource.Constant(l, Types.BIGINT);
    }
    if (v instanceof BigDecimal d) {
      return new ParameterSource.Constant(d, Types.NUMERIC);
    }
    if (v instanceof Double d) {
      return new ParameterSource.Constant(d, Types.DOUBLE);
    }
    return string(String.valueOf(v));
  }

  /**
   * A number dpjdbc derived itself (a clamp bound from the policy or a constraint) in plain decimal
   * notation: no exponent, so both backends read it exactly; it carries no analyst text.
   */
  public static String number(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return BigDecimal.valueOf(v).toPlainString();
  }
}
