package dev.dpjdbc.driver.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.sql.*;

/**
 * {@link ResultSet} update methods addressed by column index: each refuses with SQLState 42501
 * (dpjdbc results are read-only). Generated from the interface.
 */
abstract class ResultSetUpdateRefusals extends ResultSetLabelUpdateRefusals {
  @Override
  public void updateArray(int p0, Array p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateAsciiStream(int p0, InputStream p1, int p2) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateAsciiStream(int p0, InputStream p1, long p2) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateAsciiStream(int p0, InputStream p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateBigDecimal(int p0, BigDecimal p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateBinaryStream(int p0, InputStream p1, int p2) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateBinaryStream(int p0, InputStream p1, long p2) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateBinaryStream(int p0, InputStream p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateBlob(int p0, InputStream p1, long p2) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateBlob(int p0, InputStream p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateBlob(int p0, Blob p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateBoolean(int p0, boolean p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateByte(int p0, byte p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateBytes(int p0, byte[] p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateCharacterStream(int p0, Reader p1, int p2) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateCharacterStream(int p0, Reader p1, long p2) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateCharacterStream(int p0, Reader p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateClob(int p0, Reader p1, long p2) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateClob(int p0, Reader p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateClob(int p0, Clob p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateDate(int p0, Date p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateDouble(int p0, double p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateFloat(int p0, float p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateInt(int p0, int p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateLong(int p0, long p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateNCharacterStream(int p0, Reader p1, long p2) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateNCharacterStream(int p0, Reader p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateNClob(int p0, Reader p1, long p2) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateNClob(int p0, Reader p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateNClob(int p0, NClob p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateNString(int p0, String p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateNull(int p0) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateObject(int p0, Object p1, int p2) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateObject(int p0, Object p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateRef(int p0, Ref p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateRowId(int p0, RowId p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateSQLXML(int p0, SQLXML p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateShort(int p0, short p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateString(int p0, String p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateTime(int p0, Time p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateTimestamp(int p0, Timestamp p1) throws SQLException {
    throw Refusals.readOnly();
  }
}
