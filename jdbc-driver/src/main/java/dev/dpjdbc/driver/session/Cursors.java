package dev.dpjdbc.driver.session;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.driver.execute.Table;
import dev.dpjdbc.driver.session.CursorCommand.Direction;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A session's open cursors. A cursor holds the table its query released (for a DP query: the noisy,
 * already charged result; for a catalog statement: the catalog door's answer), so FETCH and MOVE
 * page through rows that were released once and never reach the backend or the ledger again.
 * Positions follow PostgreSQL: 0 is before the first row, {@code n + 1} after the last; FETCH past
 * the end returns no rows. A cursor declared WITHOUT HOLD (the default) is closed at the next
 * COMMIT or ROLLBACK; WITH HOLD ones live until CLOSE or the end of the session.
 */
final class Cursors {
  private static final class Cursor {
    final Table table;
    final boolean noScroll;
    final boolean hold;
    long position;

    Cursor(Table table, boolean noScroll, boolean hold) {
      this.table = table;
      this.noScroll = noScroll;
      this.hold = hold;
    }
  }

  /** The session's ordinary statement path, which a DECLARE's query takes. */
  interface Queries {
    Outcome execute(String query, List<Object> params, int timeoutSeconds) throws SQLException;

    Description describe(String query) throws SQLException;
  }

  private final Map<String, Cursor> open = new LinkedHashMap<>();

  /**
   * DECLARE runs its query through the session's path (charged there, once, like any release) and
   * keeps the released table; FETCH and MOVE page through it without charging; CLOSE drops it.
   */
  Outcome run(CursorCommand command, List<Object> params, int timeoutSeconds, Queries queries)
      throws SQLException {
    if (command instanceof CursorCommand.Declare d) {
      checkDeclare(d);
      Outcome inner = queries.execute(d.query(), params, timeoutSeconds);
      if (inner.table() == null) {
        throw new SQLException(
            "cursor \"" + d.name() + "\": the statement returned no rows to walk", "42P11");
      }
      open.put(d.name(), new Cursor(inner.table(), d.noScroll(), d.hold()));
      return new Outcome(null, 0, inner.warning());
    }
    if (command instanceof CursorCommand.Fetch f) {
      return fetch(f);
    }
    close(((CursorCommand.Close) command).name());
    return Outcome.count(0);
  }

  /** What a cursor statement returns, without running anything or spending anything. */
  Description describe(CursorCommand command, Queries queries) throws SQLException {
    if (command instanceof CursorCommand.Declare d) {
      checkDeclare(d);
      return new Description(List.of(), queries.describe(d.query()).parameterCount());
    }
    if (command instanceof CursorCommand.Fetch f && !f.move()) {
      return new Description(cursor(f.name()).table.columns(), 0);
    }
    return new Description(List.of(), 0);
  }

  /** Refuses a DECLARE before its query runs (and is charged): name taken, BINARY. */
  private void checkDeclare(CursorCommand.Declare d) throws SQLException {
    if (d.binary()) {
      throw new SQLException(
          "binary cursors are not supported by dpjdbc; declare the cursor without BINARY",
          AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
    }
    if (open.containsKey(d.name())) {
      throw new SQLException("cursor \"" + d.name() + "\" already exists", "42P03");
    }
  }

  /** FETCH: the rows reached; MOVE: how many rows a FETCH would have returned. */
  private Outcome fetch(CursorCommand.Fetch f) throws SQLException {
    Cursor c = cursor(f.name());
    List<Object[]> rows = c.table.rows();
    long n = rows.size();
    List<Object[]> out = new ArrayList<>();
    long count = f.count();
    long target =
        switch (f.direction()) {
          case FORWARD, BACKWARD -> c.position;
          case ABSOLUTE -> count >= 0 ? Math.min(count, n + 1) : Math.max(n + 1 + count, 0);
          case RELATIVE -> Math.max(0, Math.min(n + 1, c.position + count));
        };
    boolean backward =
        f.direction() == Direction.BACKWARD
            || target < c.position
            || (count == 0 && f.direction() != Direction.ABSOLUTE);
    if (c.noScroll && backward) {
      throw new SQLException(
          "cursor \"" + f.name() + "\" can only scan forward; declare it with SCROLL", "55000");
    }
    switch (f.direction()) {
      case FORWARD -> {
        if (count == 0) {
          addRow(rows, c.position, out);
        } else {
          long last = c.position > Long.MAX_VALUE - count ? Long.MAX_VALUE : c.position + count;
          for (long p = c.position + 1; p <= Math.min(last, n); p++) {
            out.add(rows.get((int) (p - 1)));
          }
          c.position = last <= n ? last : n + 1;
        }
      }
      case BACKWARD -> {
        long first = count >= c.position ? 0 : c.position - count;
        for (long p = Math.min(c.position - 1, n); p >= Math.max(first, 1); p--) {
          out.add(rows.get((int) (p - 1)));
        }
        c.position = first >= 1 ? first : 0;
      }
      default -> {
        c.position = target;
        addRow(rows, target, out);
      }
    }
    if (f.move()) {
      return Outcome.count(out.size());
    }
    return Outcome.rows(new Table(c.table.columns(), out));
  }

  private static void addRow(List<Object[]> rows, long position, List<Object[]> out) {
    if (position >= 1 && position <= rows.size()) {
      out.add(rows.get((int) (position - 1)));
    }
  }

  /** CLOSE name; CLOSE ALL when {@code name} is null. */
  private void close(String name) throws SQLException {
    if (name == null) {
      open.clear();
    } else if (open.remove(name) == null) {
      throw missing(name);
    }
  }

  /** COMMIT or ROLLBACK: cursors declared WITHOUT HOLD close, as in PostgreSQL. */
  void transactionEnded() {
    open.values().removeIf(c -> !c.hold);
  }

  private Cursor cursor(String name) throws SQLException {
    Cursor c = open.get(name);
    if (c == null) {
      throw missing(name);
    }
    return c;
  }

  private static SQLException missing(String name) {
    return new SQLException(
        "cursor \""
            + name
            + "\" does not exist; DECLARE it first (cursors declared WITHOUT HOLD"
            + " close at COMMIT or ROLLBACK)",
        "34000");
  }
}
