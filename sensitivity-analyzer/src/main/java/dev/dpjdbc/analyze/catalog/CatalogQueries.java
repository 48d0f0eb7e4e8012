package dev.dpjdbc.analyze.catalog;

import dev.dpjdbc.analyze.catalog.SqlTokens.Token;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Classifies statements that touch no user data and may go to the backend unchanged: catalog
 * queries (only {@code pg_catalog} / {@code information_schema} relations, built-in functions),
 * session statements (ordinary {@code SET}/{@code SHOW}, {@code BEGIN}/{@code COMMIT}/{@code
 * ROLLBACK}) — and refuses the ones that expose data (statistics views such as {@code pg_stats},
 * size functions, {@code reltuples}, sequences, credential and config relations). A function that
 * is not a known catalog helper (a user-defined one, say) makes the statement {@link
 * Verdict#NOT_CATALOG}.
 *
 * <p>Token based, not a parser: psql's catalog SQL ({@code OPERATOR(pg_catalog.~)}, {@code
 * ::regclass}, {@code COLLATE pg_catalog.default}) is beyond Calcite. The rules
 * (docs/proxy-server.md § Catalog classification) are conservative: anything not recognised as
 * catalog traffic is {@link Verdict#NOT_CATALOG}, which the driver then plans as an aggregate or
 * refuses. {@code SET dp.*}, {@code SHOW dp.*} and {@code RESET dp.*} are {@code NOT_CATALOG}; the
 * driver answers them itself before classifying.
 */
public final class CatalogQueries {
  private CatalogQueries() {}

  /** What to do with a statement. */
  public enum Verdict {
    /** Not a catalog/session statement: plan it as an aggregate query (or refuse it there). */
    NOT_CATALOG,
    /** Touches no user data: run it on the backend, return its result unchanged. */
    PASS_THROUGH,
    /** Catalog traffic that would expose data: refuse with {@link Classification#reason}. */
    REFUSE
  }

  /**
   * @param reason why the statement is refused (names the object and what it would expose); null
   *     unless {@code verdict == REFUSE}
   */
  public record Classification(Verdict verdict, String reason) {
    public Classification {
      if (verdict == null) {
        throw new IllegalArgumentException("verdict must not be null");
      }
      if (verdict == Verdict.REFUSE && (reason == null || reason.isBlank())) {
        throw new IllegalArgumentException(
            "a REFUSE classification needs a reason, got: " + reason);
      }
    }

    static final Classification PASS = new Classification(Verdict.PASS_THROUGH, null);
    static final Classification NOT = new Classification(Verdict.NOT_CATALOG, null);

    static Classification refuse(String reason) {
      return new Classification(Verdict.REFUSE, reason);
    }
  }

  private static final Set<String> TRANSACTION_CONTROL =
      Set.of("begin", "commit", "rollback", "end", "abort", "deallocate");

  /**
   * BEGIN, START TRANSACTION, COMMIT, END, ROLLBACK, ABORT, SAVEPOINT, RELEASE, DEALLOCATE,
   * DISCARD: statements about the session's own transaction or prepared statements. dpjdbc's work
   * is read-only and every statement runs in a transaction of its own, so the driver answers them
   * itself and sends nothing to the backend.
   */
  public static boolean isTransactionControl(String sql) {
    String head = head(sql);
    return head != null
        && (TRANSACTION_CONTROL.contains(head)
            || head.equals("start")
            || head.equals("savepoint")
            || head.equals("release")
            || head.equals("discard"));
  }

  private static String head(String sql) {
    if (sql == null) {
      return null;
    }
    List<Token> tokens = SqlTokens.tokenize(sql);
    return tokens.isEmpty() || tokens.get(0).kind() != SqlTokens.Kind.WORD
        ? null
        : tokens.get(0).text();
  }

  public static Classification classify(String sql) {
    if (sql == null) {
      return Classification.NOT;
    }
    List<Token> tokens = SqlTokens.tokenize(sql);
    while (!tokens.isEmpty() && tokens.get(tokens.size() - 1).isSymbol(";")) {
      tokens = tokens.subList(0, tokens.size() - 1);
    }
    if (tokens.isEmpty() || tokens.stream().anyMatch(t -> t.isSymbol(";"))) {
      return Classification.NOT; // empty or several statements: the driver decides
    }
    Token first = tokens.get(0);
    if (first.kind() != SqlTokens.Kind.WORD && !first.isSymbol("(")) {
      return Classification.NOT;
    }
    String head = first.text();
    if (TRANSACTION_CONTROL.contains(head)) {
      return Classification.PASS;
    }
    if (head.equals("start") && tokens.size() > 1 && tokens.get(1).is("transaction")) {
      return Classification.PASS;
    }
    if (head.equals("discard") && tokens.size() == 2 && tokens.get(1).is("all")) {
      return Classification.PASS;
    }
    if (head.equals("set") || head.equals("reset") || head.equals("show")) {
      return SessionStatements.classify(tokens);
    }
    if (head.equals("select") || head.equals("with") || head.equals("(")) {
      return new SelectScanner(tokens).classify();
    }
    return Classification.NOT;
  }

  static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }
}
