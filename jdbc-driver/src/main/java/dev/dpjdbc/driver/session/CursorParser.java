package dev.dpjdbc.driver.session;

import dev.dpjdbc.analyze.parse.SqlLexer.Kind;
import dev.dpjdbc.driver.session.CursorCommand.Direction;
import dev.dpjdbc.driver.session.SettingTokens.Tok;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * PostgreSQL's grammar for DECLARE CURSOR, FETCH, MOVE and CLOSE ({@code gram.y}:
 * DeclareCursorStmt, FetchStmt, ClosePortalStmt) over the same tokens as SET/RESET/SHOW ({@link
 * SettingTokens}): keywords are unquoted words, cursor names identifiers resolved as PostgreSQL
 * resolves them ({@code "C"} stays upper case, {@code C} folds). The query after DECLARE's {@code
 * FOR} is returned as the original text; it is not parsed here.
 */
final class CursorParser {
  private static final Set<String> HEADS = Set.of("declare", "fetch", "move", "close");
  private static final Set<String> QUERY_HEADS = Set.of("select", "values", "table", "with");

  private final String statement;
  private final List<Tok> toks;
  private int pos = 1;

  private CursorParser(String statement, List<Tok> toks) {
    this.statement = statement;
    this.toks = toks;
  }

  static Optional<CursorCommand> parse(String statement) throws SQLException {
    List<Tok> toks = SettingTokens.tokens(statement);
    while (!toks.isEmpty() && toks.get(toks.size() - 1).token().isSymbol(";")) {
      toks.remove(toks.size() - 1);
    }
    if (toks.isEmpty() || toks.get(0).kind() != Kind.WORD) {
      return Optional.empty();
    }
    String head = Literals.asciiLower(toks.get(0).text());
    if (!HEADS.contains(head)) {
      return Optional.empty();
    }
    CursorParser p = new CursorParser(statement, toks);
    return Optional.of(
        switch (head) {
          case "declare" -> p.declare();
          case "close" -> p.close();
          default -> p.fetch(head.equals("move"));
        });
  }

  private CursorCommand declare() throws SQLException {
    String name = name();
    boolean binary = false;
    boolean noScroll = false;
    while (!accept("cursor")) {
      if (accept("binary")) {
        binary = true;
      } else if (accept("no")) {
        expect("scroll");
        noScroll = true;
      } else if (!accept("scroll") && !accept("insensitive") && !accept("asensitive")) {
        throw unexpected("CURSOR");
      }
    }
    boolean hold = false;
    if (accept("with")) {
      expect("hold");
      hold = true;
    } else if (accept("without")) {
      expect("hold");
    }
    expect("for");
    if (pos >= toks.size()) {
      throw SettingTokens.syntax("DECLARE ... CURSOR FOR needs a query after FOR");
    }
    Tok first = toks.get(pos);
    boolean query =
        first.token().isSymbol("(")
            || (first.kind() == Kind.WORD
                && QUERY_HEADS.contains(Literals.asciiLower(first.text())));
    if (!query) {
      throw SettingTokens.syntax(
          "DECLARE CURSOR takes a query (SELECT, VALUES, TABLE or WITH), got \""
              + first.text()
              + "\"");
    }
    String inner = statement.substring(first.token().start()).strip();
    while (inner.endsWith(";")) {
      inner = inner.substring(0, inner.length() - 1).strip();
    }
    return new CursorCommand.Declare(name, binary, noScroll, hold, inner);
  }

  private CursorCommand close() throws SQLException {
    if (pos == toks.size() - 1 && toks.get(pos).isWord("all")) {
      return new CursorCommand.Close(null);
    }
    String name = name();
    end();
    return new CursorCommand.Close(name);
  }

  private CursorCommand fetch(boolean move) throws SQLException {
    // a single name after FETCH/MOVE is the cursor, even when it spells a direction keyword
    if (toks.size() - pos == 1) {
      return new CursorCommand.Fetch(name(), Direction.FORWARD, 1, move);
    }
    Direction direction = Direction.FORWARD;
    long count = 1;
    if (accept("next")) {
      count = 1;
    } else if (accept("prior")) {
      direction = Direction.BACKWARD;
    } else if (accept("first")) {
      direction = Direction.ABSOLUTE;
    } else if (accept("last")) {
      direction = Direction.ABSOLUTE;
      count = -1;
    } else if (accept("absolute")) {
      direction = Direction.ABSOLUTE;
      count = signedCount();
    } else if (accept("relative")) {
      direction = Direction.RELATIVE;
      count = signedCount();
    } else if (accept("all")) {
      count = Long.MAX_VALUE;
    } else if (accept("forward") || accept("backward")) {
      direction = toks.get(pos - 1).isWord("forward") ? Direction.FORWARD : Direction.BACKWARD;
      if (accept("all")) {
        count = Long.MAX_VALUE;
      } else if (isCountAhead()) {
        count = signedCount();
      }
    } else if (isCountAhead()) {
      count = signedCount();
    }
    if (count < 0 && (direction == Direction.FORWARD || direction == Direction.BACKWARD)) {
      direction = direction == Direction.FORWARD ? Direction.BACKWARD : Direction.FORWARD;
      count = -count;
    }
    if (!accept("from")) {
      accept("in");
    }
    String name = name();
    end();
    return new CursorCommand.Fetch(name, direction, count, move);
  }

  private boolean isCountAhead() {
    if (pos >= toks.size()) {
      return false;
    }
    Tok t = toks.get(pos);
    return t.kind() == Kind.NUMBER || t.token().isSymbol("-") || t.token().isSymbol("+");
  }

  /** PostgreSQL's SignedIconst: an optional sign and a 32-bit integer. */
  private long signedCount() throws SQLException {
    boolean negative = false;
    if (pos < toks.size() && (toks.get(pos).token().isSymbol("-"))) {
      negative = true;
      pos++;
    } else if (pos < toks.size() && toks.get(pos).token().isSymbol("+")) {
      pos++;
    }
    if (pos >= toks.size() || toks.get(pos).kind() != Kind.NUMBER) {
      throw unexpected("a row count");
    }
    String digits = toks.get(pos++).text();
    try {
      long n = Integer.parseInt(digits);
      return negative ? -n : n;
    } catch (NumberFormatException e) {
      throw SettingTokens.syntax("the row count \"" + digits + "\" is not a 32-bit integer");
    }
  }

  private String name() throws SQLException {
    if (pos >= toks.size()) {
      throw SettingTokens.syntax("syntax error at end of input: a cursor name is missing");
    }
    Tok t = toks.get(pos);
    if (!t.isName()) {
      throw SettingTokens.syntax("expected a cursor name, got \"" + t.text() + "\"");
    }
    pos++;
    String name = t.token().identifier();
    if (name.isEmpty()) {
      throw SettingTokens.syntax("zero-length delimited identifier");
    }
    return Literals.truncateIdentifier(name);
  }

  private boolean accept(String word) {
    if (pos < toks.size() && toks.get(pos).isWord(word)) {
      pos++;
      return true;
    }
    return false;
  }

  private void expect(String word) throws SQLException {
    if (!accept(word)) {
      throw unexpected(word.toUpperCase(java.util.Locale.ROOT));
    }
  }

  private void end() throws SQLException {
    if (pos < toks.size()) {
      throw SettingTokens.syntax("syntax error at or near \"" + toks.get(pos).text() + "\"");
    }
  }

  private SQLException unexpected(String wanted) {
    String near = pos < toks.size() ? "at or near \"" + toks.get(pos).text() + "\"" : "at end";
    return SettingTokens.syntax("syntax error " + near + ": expected " + wanted);
  }
}
