package dev.dpjdbc.it.boundary;

import java.util.List;

/**
 * One row of the attack table: a class of attack, the statements played in one session, and what is
 * allowed for the last one. Whatever the expectation, no response to any statement may contain a
 * canary ({@link Canary}), a refused statement must not be charged, and the database must not
 * change.
 *
 * @param kind the attack class (for reports and for choosing rows)
 * @param expect what the last statement may do
 * @param statements played in order in one session
 */
record Attack(Kind kind, Expect expect, List<String> statements) {

  /** What the last statement may do. */
  enum Expect {
    /** Refused with some SQLState (by dpjdbc or by PostgreSQL), never answered. */
    REFUSED,
    /** Refused with SQLState 42501 (insufficient privilege), never answered. */
    REFUSED_42501,
    /** Answered (statistics as NULL): the canary scan shows no count or value came back with it. */
    ANSWERED,
    /** Answered or refused; only the invariants apply. */
    NO_LEAK
  }

  /** The attack classes of issue 7. */
  enum Kind {
    STRING_SETTINGS,
    COMMENT_LINE_ENDINGS,
    CTE_SHADOWING,
    TABLE_FORM,
    ATTRIBUTE_NOTATION,
    COLUMN_ALIAS_LISTS,
    LITERAL_INJECTION,
    QUERY_TEXTS,
    STATISTICS,
    SERVER_FILES_SETTINGS,
    WRITES,
    SHELL,
    SET_CONFIG,
    QUERY_TO_XML,
    CURSORS,
    MULTI_STATEMENT,
    COMMENT_DOLLAR_TRICKS,
    UNICODE_IDENTIFIERS,
    RAW_READS
  }

  static Attack of(Kind kind, Expect expect, String... statements) {
    return new Attack(kind, expect, List.of(statements));
  }

  /** The last statement, shown in test names with line endings made visible. */
  String last() {
    return statements.get(statements.size() - 1);
  }

  @Override
  public String toString() {
    String s = String.join(" ⏎ ", statements);
    s = s.replace("\r", "\\r").replace("\n", "\\n").replace("\f", "\\f").replace("\u000b", "\\v");
    return kind + " " + (s.length() > 110 ? s.substring(0, 107) + "..." : s);
  }
}
