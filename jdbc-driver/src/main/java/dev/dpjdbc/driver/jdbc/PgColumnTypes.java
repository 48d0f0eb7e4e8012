package dev.dpjdbc.driver.jdbc;

import java.sql.SQLException;

/**
 * PostgreSQL's own description of a result column, for a wire-protocol front end (the proxy) that
 * must describe it as PostgreSQL would. Obtain it with {@code
 * resultSetMetaData.unwrap(PgColumnTypes.class)}. A catalog (pass-through) column on a PostgreSQL
 * backend carries the backend's type OID and modifier; a released or session column carries OID 0
 * and is described by its type name, with modifier -1 except for a released copy of a {@code
 * varchar(n)} or {@code char(n)} column, which carries that column's modifier.
 */
public interface PgColumnTypes {
  /** The backend's type OID of column {@code column} (1-based), or 0 when not known. */
  int getColumnTypeOid(int column) throws SQLException;

  /** The backend's type modifier ({@code atttypmod}) of column {@code column}, or -1. */
  int getColumnTypeMod(int column) throws SQLException;
}
