package dev.dpjdbc.driver.session;

import java.sql.SQLException;
import java.util.Optional;

/**
 * The cursor statements the session answers itself, canonical after {@link CursorParser}: {@code
 * DECLARE}, {@code FETCH}, {@code MOVE} and {@code CLOSE}. A DECLARE carries its inner query as
 * text, untouched: the session hands it to the ordinary statement path (privacy path or catalog
 * door), never to a parser of its own.
 */
sealed interface CursorCommand {
  /**
   * {@code DECLARE name [BINARY] [ASENSITIVE | INSENSITIVE] [[NO] SCROLL] CURSOR [WITH[OUT] HOLD]
   * FOR query}.
   */
  record Declare(String name, boolean binary, boolean noScroll, boolean hold, String query)
      implements CursorCommand {}

  /** {@code FETCH} ({@code move} false) or {@code MOVE} ({@code move} true). */
  record Fetch(String name, Direction direction, long count, boolean move)
      implements CursorCommand {}

  /** {@code CLOSE name}, or {@code CLOSE ALL} ({@code name} null). */
  record Close(String name) implements CursorCommand {}

  /**
   * How a FETCH moves, after PostgreSQL's grammar (NEXT = FORWARD 1, PRIOR = BACKWARD 1, FIRST =
   * ABSOLUTE 1, LAST = ABSOLUTE -1, a bare count n = FORWARD n).
   */
  enum Direction {
    /** {@code count} rows forward; {@link Long#MAX_VALUE} for ALL; 0 re-reads the current row. */
    FORWARD,
    /** {@code count} rows backward; {@link Long#MAX_VALUE} for ALL. */
    BACKWARD,
    /** To row {@code count} (negative counts from the end), returning it. */
    ABSOLUTE,
    /** {@code count} rows from the current one, returning the row reached. */
    RELATIVE
  }

  /**
   * A cursor statement, if {@code statement} starts with DECLARE, FETCH, MOVE or CLOSE (those words
   * start nothing else in PostgreSQL, so every such statement is claimed: answered or refused with
   * 42601).
   */
  static Optional<CursorCommand> parse(String statement) throws SQLException {
    return CursorParser.parse(statement);
  }
}
