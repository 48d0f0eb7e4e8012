package dev.dpjdbc.driver.execute;

import java.sql.SQLException;
import java.sql.Statement;

/**
 * The backend statement currently running for one session, so that {@code Statement.cancel()} (and
 * the proxy's CancelRequest) can cancel it from another thread.
 */
public final class RunningStatement {
  private volatile Statement current;

  public void start(Statement statement) {
    current = statement;
  }

  public void finish() {
    current = null;
  }

  /** Cancels the running backend statement, if any. */
  public void cancel() throws SQLException {
    Statement s = current;
    if (s != null) {
      s.cancel();
    }
  }
}
