package dev.dpjdbc.it.boundary;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The canary person and the exact aggregates of the data table, and the scan that looks for them in
 * any text a client received (row values, error messages, notices, warnings, raw protocol bytes).
 *
 * <p>The values are chosen to appear nowhere else: the name and e-mail are made-up strings, the
 * salary is above every other person's, and the row count ({@value #ROWS}) is larger than any OID
 * or transaction id a test run reaches (each run allocates well under 500,000 of either), so a
 * catalog number cannot collide with it by chance. The exact sum is read from the database at
 * start-up (it is about 4.6e10, eleven digits).
 *
 * <p>What is looked for:
 *
 * <ul>
 *   <li>the name and the e-mail, case-insensitively, and the name in hex (bytea output), in base64
 *       and reversed;
 *   <li>every number in the text (integer, decimal or scientific form) compared by value with the
 *       canary salary, and, unless the answer is a noisy release, with the exact row count and the
 *       exact salary sum. A noisy COUNT hits its true value with probability about epsilon/2, so
 *       released answers are exempt from the count/sum comparison (their noise is what protects
 *       them; {@code NeighbouringDatabasesIT} audits it);
 *   <li>extra markers a test adds (another analyst's query text).
 * </ul>
 */
final class Canary {
  private Canary() {}

  /** Rows of {@code people}, the canary included: the exact count. */
  static final int ROWS = 611_953;

  static final String NAME = "CANARY-ZQX-4417";
  static final String EMAIL = "zqx4417@canary.invalid";

  /** The canary's salary; every other salary lies in [30000, 120000]. */
  static final long SALARY = 7_391_737L;

  /** Text another analyst typed (used by the query-text attacks). */
  static final String OTHER_ANALYST_TEXT = "OTHER-ANALYST-9QZ";

  private static volatile BigDecimal exactSum;

  static void setExactSum(long sum) {
    exactSum = BigDecimal.valueOf(sum);
  }

  static BigDecimal exactSum() {
    return exactSum;
  }

  private static final Pattern NUMBER =
      Pattern.compile("(?<![0-9A-Za-z_.])[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?");

  private static final List<String> STRINGS = strings();

  private static List<String> strings() {
    List<String> s = new ArrayList<>();
    s.add(NAME.toLowerCase(Locale.ROOT));
    s.add(EMAIL.toLowerCase(Locale.ROOT));
    s.add(OTHER_ANALYST_TEXT.toLowerCase(Locale.ROOT));
    byte[] utf8 = NAME.getBytes(StandardCharsets.UTF_8);
    s.add(HexFormat.of().formatHex(utf8));
    s.add(Base64.getEncoder().encodeToString(utf8).replace("=", "").toLowerCase(Locale.ROOT));
    s.add(new StringBuilder(NAME).reverse().toString().toLowerCase(Locale.ROOT));
    return List.copyOf(s);
  }

  /**
   * The first canary found in {@code text}, described, or empty.
   *
   * @param released true when the text is a noisy release (then the exact count and sum are not
   *     compared; see the class comment)
   */
  static Optional<String> findIn(String text, boolean released) {
    return findIn(text, released, true);
  }

  /**
   * As {@link #findIn(String, boolean)}; with {@code countsToo} false only row values are looked
   * for (the canary's strings and salary, and the exact sum), not the exact row count nor another
   * analyst's text: PostgreSQL shows row-count statistics to every role, and all analysts' catalog
   * sessions share one role, so database separation alone hides neither (see SeparationIT).
   */
  static Optional<String> findIn(String text, boolean released, boolean countsToo) {
    if (text == null || text.isEmpty()) {
      return Optional.empty();
    }
    String lower = text.toLowerCase(Locale.ROOT);
    for (String s : STRINGS) {
      if (!countsToo && s.equals(OTHER_ANALYST_TEXT.toLowerCase(Locale.ROOT))) {
        continue;
      }
      if (lower.contains(s)) {
        return Optional.of("canary string '" + s + "'");
      }
    }
    Matcher m = NUMBER.matcher(text);
    BigDecimal salary = BigDecimal.valueOf(SALARY);
    BigDecimal rows = BigDecimal.valueOf(ROWS);
    BigDecimal sum = exactSum;
    while (m.find()) {
      String token = m.group();
      if (token.length() < 6) {
        continue; // every canary number has at least six digits
      }
      BigDecimal v;
      try {
        v = new BigDecimal(token);
      } catch (NumberFormatException e) {
        continue;
      }
      if (v.compareTo(salary) == 0) {
        return Optional.of("canary salary " + token);
      }
      if (!released && countsToo && v.compareTo(rows) == 0) {
        return Optional.of("exact row count " + token);
      }
      if (!released && sum != null && v.compareTo(sum) == 0) {
        return Optional.of("exact salary sum " + token);
      }
    }
    return Optional.empty();
  }
}
