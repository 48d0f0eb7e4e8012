package dev.dpjdbc.analyze.cache;

import dev.dpjdbc.analyze.plan.BoundSql;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A generated statement with each of its {@code ?} reduced to a bare {@code ?}, and the type each
 * was cast to. The relational planner writes a bound literal as {@code CAST(? AS INTEGER)} and an
 * analyst's parameter as {@code ?}; two plans whose {@link #normalized} texts are equal differ at
 * most in those casts of constant values.
 *
 * @param normalized the SQL with {@code CAST(? AS t)} written {@code ?}
 * @param casts per {@code ?} in text order, the type it is cast to ({@code "INTEGER"}, {@code
 *     "DECIMAL(8, 2)"}), or null for a bare {@code ?}
 */
record ParameterSlots(String normalized, List<String> casts) {
  private static final Pattern SLOT =
      Pattern.compile(
          "CAST\\(\\?\\s+AS\\s+([A-Za-z][A-Za-z0-9_ ]*?(?:\\(\\s*\\d+(?:\\s*,\\s*\\d+)?\\s*\\))?)\\)"
              + "|\\?");

  /**
   * The slots of {@code sql}; empty when the count of {@code ?} found is not the count of its
   * parameters (a {@code ?} inside quoted text, which generated SQL never holds).
   */
  static Optional<ParameterSlots> of(BoundSql sql) {
    Matcher m = SLOT.matcher(sql.sql());
    StringBuilder out = new StringBuilder();
    List<String> casts = new ArrayList<>();
    while (m.find()) {
      casts.add(m.group(1) == null ? null : m.group(1).trim());
      m.appendReplacement(out, "?");
    }
    m.appendTail(out);
    if (casts.size() != sql.parameters().size()) {
      return Optional.empty();
    }
    return Optional.of(new ParameterSlots(out.toString(), casts));
  }
}
