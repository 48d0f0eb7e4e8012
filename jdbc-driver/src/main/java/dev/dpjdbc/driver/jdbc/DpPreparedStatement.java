package dev.dpjdbc.driver.jdbc;

import dev.dpjdbc.driver.execute.Parameters;
import dev.dpjdbc.driver.session.Description;
import java.math.BigDecimal;
import java.sql.Date;
import java.sql.ParameterMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.TreeMap;

/**
 * A prepared statement with {@code ?} parameters. {@link #getMetaData()} plans the query (spending
 * nothing) and describes the released columns, so it agrees with the result's metadata after
 * execution; {@link #getParameterMetaData()} reports the plan's parameter count.
 */
final class DpPreparedStatement extends PreparedStatementUnsupported {
  private final String sql;
  private final TreeMap<Integer, Object> params = new TreeMap<>();
  private Description description;

  DpPreparedStatement(DpConnection connection, String sql) {
    super(connection);
    this.sql = sql;
  }

  private Description description() throws SQLException {
    checkOpen();
    if (description == null) {
      description = connection.session().describe(sql);
    }
    return description;
  }

  private List<Object> values() throws SQLException {
    List<Object> out = new ArrayList<>();
    for (int i = 1; i <= (params.isEmpty() ? 0 : params.lastKey()); i++) {
      if (!params.containsKey(i)) {
        throw new SQLException(
            "parameter " + i + " is not bound; bind every ? before executing", "22023");
      }
      out.add(params.get(i));
    }
    return out;
  }

  private void bind(int index, Object value) throws SQLException {
    checkOpen();
    if (index < 1) {
      throw new SQLException("parameter index must be >= 1. Provided value: " + index, "22023");
    }
    params.put(index, value == null ? new Parameters.SqlNull(Types.NULL) : value);
  }

  @Override
  public boolean execute() throws SQLException {
    return run(sql, values());
  }

  @Override
  public ResultSet executeQuery() throws SQLException {
    run(sql, values());
    return requireRows(sql);
  }

  @Override
  public int executeUpdate() throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public long executeLargeUpdate() throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void addBatch() throws SQLException {
    throw batch();
  }

  @Override
  public ResultSetMetaData getMetaData() throws SQLException {
    Description d = description();
    return d.columns().isEmpty() ? null : new DpResultSetMetaData(d.columns());
  }

  @Override
  public ParameterMetaData getParameterMetaData() throws SQLException {
    return new DpParameterMetaData(description().parameterCount());
  }

  @Override
  public void clearParameters() {
    params.clear();
  }

  @Override
  public void setNull(int i, int sqlType) throws SQLException {
    bind(i, new Parameters.SqlNull(sqlType));
  }

  @Override
  public void setNull(int i, int sqlType, String typeName) throws SQLException {
    setNull(i, sqlType);
  }

  @Override
  public void setBoolean(int i, boolean x) throws SQLException {
    bind(i, x);
  }

  @Override
  public void setByte(int i, byte x) throws SQLException {
    bind(i, x);
  }

  @Override
  public void setShort(int i, short x) throws SQLException {
    bind(i, x);
  }

  @Override
  public void setInt(int i, int x) throws SQLException {
    bind(i, x);
  }

  @Override
  public void setLong(int i, long x) throws SQLException {
    bind(i, x);
  }

  @Override
  public void setFloat(int i, float x) throws SQLException {
    bind(i, x);
  }

  @Override
  public void setDouble(int i, double x) throws SQLException {
    bind(i, x);
  }

  @Override
  public void setBigDecimal(int i, BigDecimal x) throws SQLException {
    bind(i, x);
  }

  @Override
  public void setString(int i, String x) throws SQLException {
    bind(i, x);
  }

  @Override
  public void setNString(int i, String x) throws SQLException {
    bind(i, x);
  }

  @Override
  public void setDate(int i, Date x) throws SQLException {
    bind(i, x);
  }

  @Override
  public void setDate(int i, Date x, Calendar cal) throws SQLException {
    bind(i, x);
  }

  @Override
  public void setTimestamp(int i, Timestamp x) throws SQLException {
    bind(i, x);
  }

  @Override
  public void setTimestamp(int i, Timestamp x, Calendar cal) throws SQLException {
    bind(i, x);
  }

  @Override
  public void setObject(int i, Object x) throws SQLException {
    bind(i, x);
  }

  @Override
  public void setObject(int i, Object x, int targetSqlType) throws SQLException {
    if (x instanceof String s && targetSqlType == Types.OTHER) {
      bind(i, new Parameters.Untyped(s)); // PostgreSQL's unknown: the backend infers the type
      return;
    }
    bind(i, x == null ? new Parameters.SqlNull(targetSqlType) : x);
  }

  @Override
  public void setObject(int i, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
    setObject(i, x, targetSqlType);
  }

  @Override
  public boolean execute(String sql) throws SQLException {
    throw stringOnPrepared();
  }

  @Override
  public ResultSet executeQuery(String sql) throws SQLException {
    throw stringOnPrepared();
  }

  @Override
  public boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
    throw stringOnPrepared();
  }

  @Override
  public boolean execute(String sql, int[] columnIndexes) throws SQLException {
    throw stringOnPrepared();
  }

  @Override
  public boolean execute(String sql, String[] columnNames) throws SQLException {
    throw stringOnPrepared();
  }

  private static SQLException stringOnPrepared() {
    return new SQLException(
        "a PreparedStatement executes its own SQL; call execute() without arguments", "HY000");
  }
}
