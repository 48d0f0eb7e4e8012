package dev.dpjdbc.proxy.session;

import java.util.List;
import java.util.Set;

/**
 * CommandComplete tags as PostgreSQL writes them ({@code SELECT 3}, {@code INSERT 0 1}, {@code
 * SET}).
 */
final class CommandTags {
  private CommandTags() {}

  private static final Set<String> TWO_WORD = Set.of("CREATE", "DROP", "ALTER", "DISCARD");
  private static final Set<String> COUNTED =
      Set.of("UPDATE", "DELETE", "MERGE", "COPY", "FETCH", "MOVE");

  /** Tag for a statement that returned a result set of {@code rows} rows. */
  static String forRows(String sql, long rows) {
    List<String> words = SqlText.leadingWords(sql, 1);
    String first = words.isEmpty() ? "" : words.get(0);
    if (first.equals("SHOW") || first.equals("EXPLAIN")) {
      return first;
    }
    if (first.equals("FETCH")) {
      return "FETCH " + rows;
    }
    return "SELECT " + rows;
  }

  /** Tag for a statement that returned an update count (-1 if none). */
  static String forUpdate(String sql, long count) {
    List<String> words = SqlText.leadingWords(sql, 2);
    if (words.isEmpty()) {
      return "OK";
    }
    String first = words.get(0);
    long n = Math.max(count, 0);
    if (first.equals("INSERT")) {
      return "INSERT 0 " + n;
    }
    if (COUNTED.contains(first) || first.equals("SELECT")) {
      return first + " " + n;
    }
    if (TWO_WORD.contains(first) && words.size() > 1) {
      return first + " " + words.get(1);
    }
    return switch (first) {
      case "DECLARE" -> "DECLARE CURSOR";
      case "CLOSE" ->
          words.size() > 1 && words.get(1).equals("ALL") ? "CLOSE CURSOR ALL" : "CLOSE CURSOR";
      case "START" -> "START TRANSACTION";
      case "END" -> "COMMIT";
      case "ABORT" -> "ROLLBACK";
      default -> first;
    };
  }
}
