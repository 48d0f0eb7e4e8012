package dev.dpjdbc.driver.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.sql.*;
import java.util.Calendar;

/**
 * {@link PreparedStatement} parameter setters dpjdbc does not take: streams, LOBs, refs, arrays,
 * URLs, bytes and times (an aggregate's WHERE needs numbers, strings, booleans, dates and
 * timestamps). Each refuses with SQLState 0A000. Generated from the interface.
 */
abstract class PreparedStatementUnsupported extends StatementBase implements PreparedStatement {
  PreparedStatementUnsupported(DpConnection connection) {
    super(connection);
  }

  @Override
  public void setArray(int p0, Array p1) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setArray");
  }

  @Override
  public void setAsciiStream(int p0, InputStream p1, int p2) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setAsciiStream");
  }

  @Override
  public void setAsciiStream(int p0, InputStream p1, long p2) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setAsciiStream");
  }

  @Override
  public void setAsciiStream(int p0, InputStream p1) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setAsciiStream");
  }

  @Override
  public void setBinaryStream(int p0, InputStream p1, int p2) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setBinaryStream");
  }

  @Override
  public void setBinaryStream(int p0, InputStream p1, long p2) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setBinaryStream");
  }

  @Override
  public void setBinaryStream(int p0, InputStream p1) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setBinaryStream");
  }

  @Override
  public void setBlob(int p0, InputStream p1, long p2) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setBlob");
  }

  @Override
  public void setBlob(int p0, InputStream p1) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setBlob");
  }

  @Override
  public void setBlob(int p0, Blob p1) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setBlob");
  }

  @Override
  public void setBytes(int p0, byte[] p1) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setBytes");
  }

  @Override
  public void setCharacterStream(int p0, Reader p1, int p2) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setCharacterStream");
  }

  @Override
  public void setCharacterStream(int p0, Reader p1, long p2) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setCharacterStream");
  }

  @Override
  public void setCharacterStream(int p0, Reader p1) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setCharacterStream");
  }

  @Override
  public void setClob(int p0, Reader p1, long p2) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setClob");
  }

  @Override
  public void setClob(int p0, Reader p1) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setClob");
  }

  @Override
  public void setClob(int p0, Clob p1) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setClob");
  }

  @Override
  public void setNCharacterStream(int p0, Reader p1, long p2) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setNCharacterStream");
  }

  @Override
  public void setNCharacterStream(int p0, Reader p1) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setNCharacterStream");
  }

  @Override
  public void setNClob(int p0, Reader p1, long p2) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setNClob");
  }

  @Override
  public void setNClob(int p0, Reader p1) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setNClob");
  }

  @Override
  public void setNClob(int p0, NClob p1) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setNClob");
  }

  @Override
  public void setRef(int p0, Ref p1) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setRef");
  }

  @Override
  public void setRowId(int p0, RowId p1) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setRowId");
  }

  @Override
  public void setSQLXML(int p0, SQLXML p1) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setSQLXML");
  }

  @Override
  public void setTime(int p0, Time p1, Calendar p2) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setTime");
  }

  @Override
  public void setTime(int p0, Time p1) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setTime");
  }

  @Override
  public void setURL(int p0, java.net.URL p1) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setURL");
  }

  @Override
  public void setUnicodeStream(int p0, InputStream p1, int p2) throws SQLException {
    throw Refusals.unsupported("PreparedStatement.setUnicodeStream");
  }
}
