package dev.dpjdbc.driver.jdbc;

import java.sql.*;
import java.util.Map;
import java.util.concurrent.Executor;

/**
 * {@link Connection} features dpjdbc does not offer: LOB and array factories, callable statements
 * (functions may have side effects), savepoints, type maps, network timeouts and abort. Each
 * refuses with SQLState 0A000. Generated from the interface.
 */
abstract class ConnectionUnsupported implements Connection {
  @Override
  public void abort(Executor p0) throws SQLException {
    throw Refusals.unsupported("Connection.abort");
  }

  @Override
  public Array createArrayOf(String p0, Object[] p1) throws SQLException {
    throw Refusals.unsupported("Connection.createArrayOf");
  }

  @Override
  public Blob createBlob() throws SQLException {
    throw Refusals.unsupported("Connection.createBlob");
  }

  @Override
  public Clob createClob() throws SQLException {
    throw Refusals.unsupported("Connection.createClob");
  }

  @Override
  public NClob createNClob() throws SQLException {
    throw Refusals.unsupported("Connection.createNClob");
  }

  @Override
  public SQLXML createSQLXML() throws SQLException {
    throw Refusals.unsupported("Connection.createSQLXML");
  }

  @Override
  public Struct createStruct(String p0, Object[] p1) throws SQLException {
    throw Refusals.unsupported("Connection.createStruct");
  }

  @Override
  public int getNetworkTimeout() throws SQLException {
    throw Refusals.unsupported("Connection.getNetworkTimeout");
  }

  @Override
  public CallableStatement prepareCall(String p0, int p1, int p2, int p3) throws SQLException {
    throw Refusals.unsupported("Connection.prepareCall");
  }

  @Override
  public CallableStatement prepareCall(String p0, int p1, int p2) throws SQLException {
    throw Refusals.unsupported("Connection.prepareCall");
  }

  @Override
  public CallableStatement prepareCall(String p0) throws SQLException {
    throw Refusals.unsupported("Connection.prepareCall");
  }

  @Override
  public void releaseSavepoint(Savepoint p0) throws SQLException {
    throw Refusals.unsupported("Connection.releaseSavepoint");
  }

  @Override
  public void setNetworkTimeout(Executor p0, int p1) throws SQLException {
    throw Refusals.unsupported("Connection.setNetworkTimeout");
  }

  @Override
  public Savepoint setSavepoint() throws SQLException {
    throw Refusals.unsupported("Connection.setSavepoint");
  }

  @Override
  public Savepoint setSavepoint(String p0) throws SQLException {
    throw Refusals.unsupported("Connection.setSavepoint");
  }

  @Override
  public void setTypeMap(Map<String, Class<?>> p0) throws SQLException {
    throw Refusals.unsupported("Connection.setTypeMap");
  }
}
