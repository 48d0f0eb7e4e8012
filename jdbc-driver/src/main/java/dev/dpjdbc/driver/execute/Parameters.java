package dev.dpjdbc.driver.execute;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.plan.ParameterTyping;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;

/**
 * Binds values to a backend statement: the analyst's {@code ?} values in order (pass-through), or a
 * generated statement's parameters from their {@link ParameterSource}s (the privacy path).
 */
public final class Parameters {
  private Parameters() {}

  /** A SQL NULL of a given {@link java.sql.Types} type ({@code setNull}). */
  public record SqlNull(int sqlType) {}

  /**
   * A value given as text without a type ({@code setObject(i, text, Types.OTHER)}, or a PostgreSQL
   * client's parameter with type OID 0): PostgreSQL's {@code unknown}. On PostgreSQL it travels
   * untyped, so the backend infers its type from the statement, as for a quoted literal; on H2 it
   * is bound as a string, which H2 converts where it is used.
   */
  public record Untyped(String text) {
    public Untyped {
      java.util.Objects.requireNonNull(text, "an untyped value is text; SQL NULL is a SqlNull");
    }
  }

  /** The value the post-processing reads: a SQL NULL as null, an untyped value as its text. */
  public static Object plain(Object v) {
    if (v instanceof SqlNull) {
      return null;
    }
    return v instanceof Untyped u ? u.text() : v;
  }

  /**
   * Binds {@code values} to {@code ps}; {@link SqlNull} becomes {@code setNull}, {@link Untyped} an
   * untyped value on PostgreSQL and a string elsewhere.
   */
  public static void bind(PreparedStatement ps, List<Object> values) throws SQLException {
    Boolean postgres = null;
    for (int i = 0; i < values.size(); i++) {
      Object v = values.get(i);
      if (v instanceof SqlNull n) {
        ps.setNull(i + 1, n.sqlType());
      } else if (v instanceof Untyped u) {
        if (postgres == null) {
          postgres = isPostgres(ps);
        }
        setUntyped(ps, i + 1, u, postgres);
      } else {
        ps.setObject(i + 1, v);
      }
    }
  }

  private static void setUntyped(PreparedStatement ps, int index, Untyped u, boolean postgres)
      throws SQLException {
    if (postgres) {
      ps.setObject(index, u.text(), Types.OTHER); // pgJDBC: type OID 0, the backend infers it
    } else {
      ps.setString(index, u.text());
    }
  }

  private static boolean isPostgres(PreparedStatement ps) throws SQLException {
    return ps.getConnection()
        .getMetaData()
        .getDatabaseProductName()
        .toLowerCase(java.util.Locale.ROOT)
        .contains("postgres");
  }

  /**
   * Binds the parameters of a generated statement: a constant with {@code setObject(i, value,
   * jdbcType)}, an analyst reference with the analyst's value. With {@link
   * ParameterTyping#CONVERTED_AT_BIND} string constants and the analyst's values are first
   * converted to the type the statement's {@link ParameterMetaData} declares (when it declares a
   * type other than a character string, which H2 also reports for "unknown"), so a value that does
   * not convert fails here, before the backend reads a row.
   *
   * @param analyst the analyst's values, indexed as {@link ParameterSource.Analyst#index}
   */
  public static void bind(
      PreparedStatement ps, BoundSql sql, List<Object> analyst, ParameterTyping typing)
      throws SQLException {
    ParameterMetaData declared =
        typing == ParameterTyping.CONVERTED_AT_BIND && !sql.parameters().isEmpty()
            ? ps.getParameterMetaData()
            : null;
    for (int i = 0; i < sql.parameters().size(); i++) {
      int index = i + 1;
      ParameterSource source = sql.parameters().get(i);
      if (source instanceof ParameterSource.Constant c) {
        int type = c.jdbcType();
        boolean convert = declared != null && (type == Types.VARCHAR || type == Types.OTHER);
        ps.setObject(index, c.value(), convert ? target(declared, index, false, type) : type);
        continue;
      }
      int k = ((ParameterSource.Analyst) source).index();
      if (k >= analyst.size()) {
        throw new SQLException(
            "parameter " + (k + 1) + " is not bound; bind every parameter before executing",
            AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
      }
      Object v = analyst.get(k);
      if (v instanceof SqlNull n) {
        ps.setNull(index, n.sqlType());
      } else if (v instanceof Untyped u && declared == null) {
        setUntyped(ps, index, u, typing == ParameterTyping.INFERRED_BY_BACKEND);
      } else if (declared != null) {
        v = plain(v);
        int type = target(declared, index, true, Types.NULL);
        if (type == Types.NULL) {
          ps.setObject(index, v);
        } else {
          ps.setObject(index, v, type);
        }
      } else {
        ps.setObject(index, v);
      }
    }
  }

  /**
   * The declared type of parameter {@code index} if a conversion to it is wanted, else {@code
   * otherwise}. Character types count only for the analyst's values (a number compared with a text
   * column becomes text, as a literal would).
   */
  private static int target(ParameterMetaData md, int index, boolean analyst, int otherwise)
      throws SQLException {
    int type = md.getParameterType(index);
    return switch (type) {
      case Types.TINYINT,
              Types.SMALLINT,
              Types.INTEGER,
              Types.BIGINT,
              Types.NUMERIC,
              Types.DECIMAL,
              Types.REAL,
              Types.FLOAT,
              Types.DOUBLE,
              Types.DATE,
              Types.TIME,
              Types.TIMESTAMP,
              Types.TIME_WITH_TIMEZONE,
              Types.TIMESTAMP_WITH_TIMEZONE,
              Types.BOOLEAN ->
          type;
      case Types.VARCHAR, Types.CHAR -> analyst ? Types.VARCHAR : otherwise;
      default -> otherwise;
    };
  }
}
