package dev.dpjdbc.driver.jdbc;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;

/** The exceptions the JDBC wrappers answer with, each with a SQLState and a fix-it message. */
public final class Refusals {
  private Refusals() {}

  /** A JDBC method dpjdbc does not offer (SQLState 0A000). */
  public static SQLFeatureNotSupportedException unsupported(String method) {
    return new SQLFeatureNotSupportedException(
        method
            + " is not supported by dpjdbc, which releases only differentially private"
            + " aggregates and catalog data",
        AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
  }

  /** Any attempt to change data (SQLState 42501). */
  public static SQLException readOnly() {
    return new SQLException(
        "dpjdbc is read-only: updates, inserts, deletes and DDL are refused; run them with the"
            + " database's own driver under a role that is allowed to write",
        AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
  }

  /**
   * A 1-based {@code index} of a {@code what} ("column", "parameter") outside {@code 1..count}
   * (SQLState 22023); returns the index when it is inside.
   */
  static int checkIndex(String what, int index, int count) throws SQLException {
    if (index < 1 || index > count) {
      throw new SQLException(
          what + " index " + index + " is out of range 1.." + count,
          AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
    }
    return index;
  }

  /** Use of a closed object (SQLState 08003 for connections, 24000-like otherwise). */
  public static SQLException closed(String what) {
    return new SQLException(what + " is closed", "08003");
  }

  /** unwrap to a type we do not implement: never hands out a backend object. */
  public static SQLException noUnwrap(Class<?> iface) {
    return new SQLException(
        "dpjdbc does not unwrap to "
            + iface.getName()
            + ": the backend's own objects would bypass the privacy pipeline",
        AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
  }
}
