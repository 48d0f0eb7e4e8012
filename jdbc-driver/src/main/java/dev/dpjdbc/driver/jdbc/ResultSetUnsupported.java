package dev.dpjdbc.driver.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.sql.*;

/**
 * {@link ResultSet} methods dpjdbc does not offer: scrolling (results are forward-only), LOBs,
 * streams, refs and arrays (released values are numbers and public keys). Each refuses with
 * SQLState 0A000. Generated from the interface.
 */
abstract class ResultSetUnsupported extends ResultSetUpdateRefusals {
  @Override
  public boolean absolute(int p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.absolute");
  }

  @Override
  public void afterLast() throws SQLException {
    throw Refusals.unsupported("ResultSet.afterLast");
  }

  @Override
  public void beforeFirst() throws SQLException {
    throw Refusals.unsupported("ResultSet.beforeFirst");
  }

  @Override
  public boolean first() throws SQLException {
    throw Refusals.unsupported("ResultSet.first");
  }

  @Override
  public Array getArray(String p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getArray");
  }

  @Override
  public Array getArray(int p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getArray");
  }

  @Override
  public InputStream getAsciiStream(String p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getAsciiStream");
  }

  @Override
  public InputStream getAsciiStream(int p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getAsciiStream");
  }

  @Override
  public InputStream getBinaryStream(String p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getBinaryStream");
  }

  @Override
  public InputStream getBinaryStream(int p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getBinaryStream");
  }

  @Override
  public Blob getBlob(String p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getBlob");
  }

  @Override
  public Blob getBlob(int p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getBlob");
  }

  @Override
  public Reader getCharacterStream(String p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getCharacterStream");
  }

  @Override
  public Reader getCharacterStream(int p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getCharacterStream");
  }

  @Override
  public Clob getClob(String p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getClob");
  }

  @Override
  public Clob getClob(int p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getClob");
  }

  @Override
  public String getCursorName() throws SQLException {
    throw Refusals.unsupported("ResultSet.getCursorName");
  }

  @Override
  public Reader getNCharacterStream(String p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getNCharacterStream");
  }

  @Override
  public Reader getNCharacterStream(int p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getNCharacterStream");
  }

  @Override
  public NClob getNClob(String p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getNClob");
  }

  @Override
  public NClob getNClob(int p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getNClob");
  }

  @Override
  public Ref getRef(String p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getRef");
  }

  @Override
  public Ref getRef(int p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getRef");
  }

  @Override
  public RowId getRowId(String p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getRowId");
  }

  @Override
  public RowId getRowId(int p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getRowId");
  }

  @Override
  public SQLXML getSQLXML(String p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getSQLXML");
  }

  @Override
  public SQLXML getSQLXML(int p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getSQLXML");
  }

  @Override
  public java.net.URL getURL(String p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getURL");
  }

  @Override
  public java.net.URL getURL(int p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getURL");
  }

  @Override
  public InputStream getUnicodeStream(String p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getUnicodeStream");
  }

  @Override
  public InputStream getUnicodeStream(int p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.getUnicodeStream");
  }

  @Override
  public boolean last() throws SQLException {
    throw Refusals.unsupported("ResultSet.last");
  }

  @Override
  public boolean previous() throws SQLException {
    throw Refusals.unsupported("ResultSet.previous");
  }

  @Override
  public boolean relative(int p0) throws SQLException {
    throw Refusals.unsupported("ResultSet.relative");
  }
}
