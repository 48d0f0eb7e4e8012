package dev.dpjdbc.driver;

import com.zaxxer.hikari.SQLExceptionOverride;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;

/**
 * Keeps a pooled backend connection alive when its driver says a method is not implemented.
 * HikariCP treats SQLState 0A000 as fatal and closes the connection, so without this a BI tool
 * calling e.g. pgJDBC's unimplemented {@code DatabaseMetaData.getAttributes} would lose the
 * session's catalog connection for every later metadata call. A {@link
 * SQLFeatureNotSupportedException} is thrown before anything is sent, so the connection is intact.
 */
public final class KeepOnUnsupported implements SQLExceptionOverride {
  @java.lang.Override
  public Override adjudicate(SQLException e) {
    return e instanceof SQLFeatureNotSupportedException
        ? Override.DO_NOT_EVICT
        : Override.CONTINUE_EVICT;
  }
}
