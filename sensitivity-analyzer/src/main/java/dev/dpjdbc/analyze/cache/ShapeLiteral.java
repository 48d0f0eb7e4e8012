package dev.dpjdbc.analyze.cache;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Objects;

/**
 * One literal of an analyst's statement that its {@link StatementShape} replaced by {@code ?}.
 *
 * @param shapeIndex the position (0-based) of its {@code ?} among all {@code ?} of the shape, the
 *     analyst's own included, in text order
 * @param kind what the literal was: its value's Java class follows from it
 * @param value the literal's value as the parser decoded it: a {@link BigDecimal} for {@link
 *     Kind#INTEGER} and {@link Kind#DECIMAL}, a {@link String}, a {@link LocalDate} or a {@link
 *     LocalDateTime}
 */
public record ShapeLiteral(int shapeIndex, Kind kind, Object value) {
  /** The literal forms a shape parameterises; each keeps its own key tag. */
  public enum Kind {
    /** An exact number without a fraction ({@code 37}, {@code -5}). */
    INTEGER,
    /** An exact number with a fraction ({@code 37.5}); its scale is part of the key. */
    DECIMAL,
    /** A plain quoted string ({@code '2024-01-01'}, {@code 'N'}). */
    STRING,
    /** {@code DATE '2024-01-01'}. */
    DATE,
    /** {@code TIMESTAMP '2024-01-01 10:00:00'}, whole seconds (a fraction stays in the key). */
    TIMESTAMP
  }

  public ShapeLiteral {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(value, "value");
    Class<?> expected =
        switch (kind) {
          case INTEGER, DECIMAL -> BigDecimal.class;
          case STRING -> String.class;
          case DATE -> LocalDate.class;
          case TIMESTAMP -> LocalDateTime.class;
        };
    if (!expected.isInstance(value)) {
      throw new IllegalArgumentException(
          "a " + kind + " literal holds a " + expected.getSimpleName() + ", got " + value);
    }
  }

  /**
   * The part of the cache key that says what kind of literal stands at this {@code ?}: the kind,
   * the scale of a decimal, and for integers whether the value fits Calcite's INTEGER or BIGINT
   * (the parser types an integer literal by its magnitude).
   */
  String tag() {
    return switch (kind) {
      case INTEGER -> {
        BigDecimal v = (BigDecimal) value;
        yield v.abs().compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) <= 0
            ? "i"
            : v.abs().compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0 ? "l" : "n";
      }
      case DECIMAL -> "d" + ((BigDecimal) value).scale();
      case STRING -> "s";
      case DATE -> "D";
      case TIMESTAMP -> "T";
    };
  }
}
