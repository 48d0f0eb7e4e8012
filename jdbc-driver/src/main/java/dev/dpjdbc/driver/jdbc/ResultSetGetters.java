package dev.dpjdbc.driver.jdbc;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;

/**
 * The typed getters of a read-only in-memory {@link java.sql.ResultSet}: each reads the current
 * row's cell through {@link #cell} (which records {@code wasNull}) and converts it with {@link
 * Values}; label variants go through {@link #findColumn}.
 */
abstract class ResultSetGetters extends ResultSetUnsupported {

  /** The current row's value in 1-based {@code column}; records whether it was SQL NULL. */
  abstract Object cell(int column) throws SQLException;

  @Override
  public String getString(int c) throws SQLException {
    return Values.asString(cell(c));
  }

  @Override
  public String getNString(int c) throws SQLException {
    return getString(c);
  }

  @Override
  public boolean getBoolean(int c) throws SQLException {
    return Values.asBoolean(cell(c));
  }

  @Override
  public byte getByte(int c) throws SQLException {
    return (byte) Values.asLong(cell(c));
  }

  @Override
  public short getShort(int c) throws SQLException {
    return (short) Values.asLong(cell(c));
  }

  @Override
  public int getInt(int c) throws SQLException {
    return (int) Values.asLong(cell(c));
  }

  @Override
  public long getLong(int c) throws SQLException {
    return Values.asLong(cell(c));
  }

  @Override
  public float getFloat(int c) throws SQLException {
    return (float) Values.asDouble(cell(c));
  }

  @Override
  public double getDouble(int c) throws SQLException {
    return Values.asDouble(cell(c));
  }

  @Override
  public BigDecimal getBigDecimal(int c) throws SQLException {
    return Values.asBigDecimal(cell(c));
  }

  @Override
  @Deprecated
  public BigDecimal getBigDecimal(int c, int scale) throws SQLException {
    BigDecimal v = getBigDecimal(c);
    return v == null ? null : v.setScale(scale, RoundingMode.HALF_UP);
  }

  @Override
  public Date getDate(int c) throws SQLException {
    return Values.asDate(cell(c));
  }

  @Override
  public Date getDate(int c, Calendar cal) throws SQLException {
    return getDate(c);
  }

  @Override
  public Time getTime(int c) throws SQLException {
    return Values.asTime(cell(c));
  }

  @Override
  public Time getTime(int c, Calendar cal) throws SQLException {
    return getTime(c);
  }

  @Override
  public Time getTime(String label) throws SQLException {
    return getTime(findColumn(label));
  }

  @Override
  public Time getTime(String label, Calendar cal) throws SQLException {
    return getTime(findColumn(label));
  }

  @Override
  public byte[] getBytes(int c) throws SQLException {
    Object v = cell(c);
    if (v == null || v instanceof byte[]) {
      return (byte[]) v;
    }
    return v.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  @Override
  public byte[] getBytes(String label) throws SQLException {
    return getBytes(findColumn(label));
  }

  @Override
  public Timestamp getTimestamp(int c) throws SQLException {
    return Values.asTimestamp(cell(c));
  }

  @Override
  public Timestamp getTimestamp(int c, Calendar cal) throws SQLException {
    return getTimestamp(c);
  }

  @Override
  public Object getObject(int c) throws SQLException {
    return cell(c);
  }

  @Override
  public <T> T getObject(int c, Class<T> type) throws SQLException {
    return Values.as(cell(c), type);
  }

  @Override
  public Object getObject(int c, Map<String, Class<?>> map) throws SQLException {
    return getObject(c);
  }

  @Override
  public String getString(String label) throws SQLException {
    return getString(findColumn(label));
  }

  @Override
  public String getNString(String label) throws SQLException {
    return getString(findColumn(label));
  }

  @Override
  public boolean getBoolean(String label) throws SQLException {
    return getBoolean(findColumn(label));
  }

  @Override
  public byte getByte(String label) throws SQLException {
    return getByte(findColumn(label));
  }

  @Override
  public short getShort(String label) throws SQLException {
    return getShort(findColumn(label));
  }

  @Override
  public int getInt(String label) throws SQLException {
    return getInt(findColumn(label));
  }

  @Override
  public long getLong(String label) throws SQLException {
    return getLong(findColumn(label));
  }

  @Override
  public float getFloat(String label) throws SQLException {
    return getFloat(findColumn(label));
  }

  @Override
  public double getDouble(String label) throws SQLException {
    return getDouble(findColumn(label));
  }

  @Override
  public BigDecimal getBigDecimal(String label) throws SQLException {
    return getBigDecimal(findColumn(label));
  }

  @Override
  @Deprecated
  public BigDecimal getBigDecimal(String label, int scale) throws SQLException {
    return getBigDecimal(findColumn(label), scale);
  }

  @Override
  public Date getDate(String label) throws SQLException {
    return getDate(findColumn(label));
  }

  @Override
  public Date getDate(String label, Calendar cal) throws SQLException {
    return getDate(findColumn(label));
  }

  @Override
  public Timestamp getTimestamp(String label) throws SQLException {
    return getTimestamp(findColumn(label));
  }

  @Override
  public Timestamp getTimestamp(String label, Calendar cal) throws SQLException {
    return getTimestamp(findColumn(label));
  }

  @Override
  public Object getObject(String label) throws SQLException {
    return getObject(findColumn(label));
  }

  @Override
  public <T> T getObject(String label, Class<T> type) throws SQLException {
    return getObject(findColumn(label), type);
  }

  @Override
  public Object getObject(String label, Map<String, Class<?>> map) throws SQLException {
    return getObject(findColumn(label));
  }
}
