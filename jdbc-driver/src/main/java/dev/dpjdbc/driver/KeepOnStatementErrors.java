package dev.dpjdbc.driver;

import com.zaxxer.hikari.SQLExceptionOverride;
import java.sql.SQLException;

/**
 * Tells HikariCP that SQLState {@code 0A000} (feature not supported) is a statement's error, not a
 * broken connection: PostgreSQL raises it for statements such as a cross-database reference, and
 * HikariCP would otherwise evict the session's connection in the middle of its work. Every other
 * SQLState is left to HikariCP's own judgement (connection errors, class 08, still evict). The same
 * holds for a {@link java.sql.SQLFeatureNotSupportedException} whatever its SQLState: a driver
 * method that is not implemented (pgJDBC's {@code DatabaseMetaData.getAttributes}) throws it before
 * anything is sent, so a BI tool calling it must not lose the session's catalog connection.
 */
public final class KeepOnStatementErrors implements SQLExceptionOverride {
  /** HikariCP instantiates it by class name. */
  public KeepOnStatementErrors() {}

  @java.lang.Override
  public SQLExceptionOverride.Override adjudicate(SQLException e) {
    return "0A000".equals(e.getSQLState()) || e instanceof java.sql.SQLFeatureNotSupportedException
        ? SQLExceptionOverride.Override.DO_NOT_EVICT
        : SQLExceptionOverride.Override.CONTINUE_EVICT;
  }
}
