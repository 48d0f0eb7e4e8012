package dev.dpjdbc.analyze.plan;

import java.sql.Types;
import java.util.Arrays;
import java.util.Objects;

/**
 * Where the value of one {@code ?} of a statement dpjdbc generated comes from. Generated SQL never
 * carries a value the analyst wrote as text: every literal of the analyst's query, and every value
 * of a group key's public domain, travels as a bind parameter described by a {@link Constant}; the
 * analyst's own {@code ?} parameters are {@link Analyst} references.
 */
public sealed interface ParameterSource {

  /**
   * A value fixed at planning: taken from a literal of the analyst's query (decoded by the parser,
   * so its spelling — quotes, escapes, comments — is gone) or from a policy/catalog domain. Bound
   * with {@code setObject(i, value, jdbcType)}.
   *
   * @param value a String, Integer, Long, BigDecimal, Double, Boolean, LocalDate, LocalTime,
   *     LocalDateTime or byte[]; never null (SQL NULL stays the keyword)
   * @param jdbcType the {@link Types} code to bind it with; {@link Types#OTHER} for a string whose
   *     type the backend infers from its context, as it would for an untyped literal (PostgreSQL)
   */
  record Constant(Object value, int jdbcType) implements ParameterSource {
    public Constant {
      Objects.requireNonNull(value, "a constant parameter holds a value; NULL stays a keyword");
      if (value instanceof byte[] bytes) {
        value = bytes.clone();
      }
    }

    @Override
    public Object value() {
      return value instanceof byte[] bytes ? bytes.clone() : value;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Constant c
          && jdbcType == c.jdbcType
          && Objects.deepEquals(value, c.value);
    }

    @Override
    public int hashCode() {
      return 31 * jdbcType
          + (value instanceof byte[] bytes ? Arrays.hashCode(bytes) : value.hashCode());
    }

    @Override
    public String toString() {
      return "Constant["
          + (value instanceof byte[] bytes ? Arrays.toString(bytes) : value)
          + ", type "
          + jdbcType
          + "]";
    }
  }

  /**
   * The analyst's own parameter: the {@code index}-th {@code ?} (0-based) of the analyst's SQL, in
   * the order they appear there.
   */
  record Analyst(int index) implements ParameterSource {
    public Analyst {
      if (index < 0) {
        throw new IllegalArgumentException(
            "an analyst parameter index must be >= 0. Provided value: " + index);
      }
    }
  }
}
