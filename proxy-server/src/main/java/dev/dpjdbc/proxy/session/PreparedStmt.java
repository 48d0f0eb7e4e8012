package dev.dpjdbc.proxy.session;

import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;

/**
 * A Parse'd statement: the client's SQL, its JDBC translation ({@code $n} → {@code ?}), the
 * parameter type OIDs (declared in Parse or learnt from the driver) and, for ordinary statements,
 * the dp connection's PreparedStatement. Transaction control and empty statements have none.
 */
final class PreparedStmt implements AutoCloseable {
  enum Kind {
    EMPTY,
    TRANSACTION,
    JDBC
  }

  final String sql;
  final Kind kind;
  final SqlText.Translated jdbc;
  final int[] paramOids;
  final PreparedStatement statement;
  private Columns columns;
  private boolean described;

  PreparedStmt(
      String sql, Kind kind, SqlText.Translated jdbc, int[] declared, PreparedStatement ps) {
    this.sql = sql;
    this.kind = kind;
    this.jdbc = jdbc;
    this.statement = ps;
    this.paramOids = new int[Math.max(declared.length, jdbc == null ? 0 : jdbc.parameterCount())];
    System.arraycopy(declared, 0, paramOids, 0, declared.length);
  }

  /**
   * Parameter OIDs for ParameterDescription: declared ones, else the driver's metadata, else text.
   */
  int[] describeParameters() throws SQLException {
    int[] out = paramOids.clone();
    ParameterMetaData md = null;
    for (int i = 0; i < out.length; i++) {
      if (out[i] != 0) {
        continue;
      }
      int jdbcIndex = jdbcIndexOf(i);
      PgType type = PgType.TEXT;
      if (statement != null && jdbcIndex > 0) {
        try {
          if (md == null) {
            md = statement.getParameterMetaData();
          }
          type = PgType.of(md.getParameterTypeName(jdbcIndex), md.getParameterType(jdbcIndex));
        } catch (SQLException | RuntimeException e) {
          type = PgType.TEXT;
        }
      }
      out[i] = type.oid();
    }
    return out;
  }

  /** Result columns before execution (text formats), or null when the statement returns none. */
  Columns columns() throws SQLException {
    if (!described) {
      ResultSetMetaData md = statement == null ? null : statement.getMetaData();
      columns = md == null || md.getColumnCount() == 0 ? null : Columns.describe(md, new int[0]);
      described = true;
    }
    return columns;
  }

  /** True when {@link #columns()} was already computed (the client was told these types). */
  boolean described() {
    return described;
  }

  private int jdbcIndexOf(int pgIndex) {
    for (int k = 0; k < jdbc.order().length; k++) {
      if (jdbc.order()[k] == pgIndex) {
        return k + 1;
      }
    }
    return -1;
  }

  @Override
  public void close() {
    if (statement != null) {
      try {
        statement.close();
      } catch (SQLException ignored) {
        // closing is best effort
      }
    }
  }
}
