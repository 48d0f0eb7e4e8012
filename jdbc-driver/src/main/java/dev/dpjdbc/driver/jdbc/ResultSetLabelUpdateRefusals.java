package dev.dpjdbc.driver.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.sql.*;

/**
 * {@link ResultSet} update methods addressed by column label, and the row-editing operations:
 * dpjdbc results are read-only in-memory releases, so each refuses with SQLState 42501 (row-state
 * queries with 0A000). Generated from the interface; behaviour lives in {@link DpResultSet}.
 */
abstract class ResultSetLabelUpdateRefusals implements ResultSet {
  @Override
  public void cancelRowUpdates() throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void deleteRow() throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void insertRow() throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void moveToCurrentRow() throws SQLException {
    throw Refusals.unsupported("ResultSet.moveToCurrentRow");
  }

  @Override
  public void moveToInsertRow() throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void refreshRow() throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public boolean rowDeleted() throws SQLException {
    throw Refusals.unsupported("ResultSet.rowDeleted");
  }

  @Override
  public boolean rowInserted() throws SQLException {
    throw Refusals.unsupported("ResultSet.rowInserted");
  }

  @Override
  public boolean rowUpdated() throws SQLException {
    throw Refusals.unsupported("ResultSet.rowUpdated");
  }

  @Override
  public void updateRow() throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateArray(String p0, Array p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateAsciiStream(String p0, InputStream p1, int p2) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateAsciiStream(String p0, InputStream p1, long p2) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateAsciiStream(String p0, InputStream p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateBigDecimal(String p0, BigDecimal p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateBinaryStream(String p0, InputStream p1, int p2) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateBinaryStream(String p0, InputStream p1, long p2) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateBinaryStream(String p0, InputStream p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateBlob(String p0, InputStream p1, long p2) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateBlob(String p0, InputStream p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateBlob(String p0, Blob p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateBoolean(String p0, boolean p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateByte(String p0, byte p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateBytes(String p0, byte[] p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateCharacterStream(String p0, Reader p1, int p2) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateCharacterStream(String p0, Reader p1, long p2) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateCharacterStream(String p0, Reader p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateClob(String p0, Reader p1, long p2) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateClob(String p0, Reader p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateClob(String p0, Clob p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateDate(String p0, Date p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateDouble(String p0, double p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateFloat(String p0, float p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateInt(String p0, int p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateLong(String p0, long p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateNCharacterStream(String p0, Reader p1, long p2) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateNCharacterStream(String p0, Reader p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateNClob(String p0, Reader p1, long p2) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateNClob(String p0, Reader p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateNClob(String p0, NClob p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateNString(String p0, String p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateNull(String p0) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateObject(String p0, Object p1, int p2) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateObject(String p0, Object p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateRef(String p0, Ref p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateRowId(String p0, RowId p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateSQLXML(String p0, SQLXML p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateShort(String p0, short p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateString(String p0, String p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateTime(String p0, Time p1) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void updateTimestamp(String p0, Timestamp p1) throws SQLException {
    throw Refusals.readOnly();
  }
}
