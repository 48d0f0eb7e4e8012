package dev.dpjdbc.driver.session;

import dev.dpjdbc.driver.execute.Table;
import java.sql.SQLWarning;

/**
 * What one statement produced: rows ({@code table}, non-null) or an update count (SET, pass-through
 * session statements), and the privacy-cost warning of a release (null when nothing was spent).
 */
public record Outcome(Table table, long updateCount, SQLWarning warning) {
  static Outcome rows(Table table) {
    return new Outcome(table, -1, null);
  }

  static Outcome count(long n) {
    return new Outcome(null, n, null);
  }
}
