package dev.dpjdbc.benchmarks.peers;

/**
 * One released aggregate column of a benchmark query: its kind, its SQL alias and, for all kinds
 * but COUNT, the column it aggregates with that column's public bounds [lower, upper].
 */
record Agg(Kind kind, String alias, String column, double lower, double upper) {
  /** The aggregates the peer comparison covers. */
  enum Kind {
    COUNT,
    SUM,
    AVG,
    VAR_POP,
    STDDEV_POP
  }

  Agg {
    if (kind != Kind.COUNT && !(lower < upper)) {
      throw new IllegalArgumentException(
          "bounds of " + alias + " must satisfy lower < upper, got [" + lower + ", " + upper + "]");
    }
  }

  static Agg count(String alias) {
    return new Agg(Kind.COUNT, alias, null, 0, 0);
  }

  static Agg of(Kind kind, String alias, String column, double lower, double upper) {
    return new Agg(kind, alias, column, lower, upper);
  }

  /** The SQL select item, e.g. {@code AVG(a) AS avg_a}. */
  String sql() {
    return (kind == Kind.COUNT ? "COUNT(*)" : kind.name() + "(" + column + ")") + " AS " + alias;
  }

  /** The midpoint of the bounds. */
  double mid() {
    return lower * 0.5 + upper * 0.5;
  }

  /** Half the width of the bounds: the sensitivity of a sum centred at the midpoint. */
  double half() {
    return (upper - lower) / 2;
  }

  /** max(|lower|, |upper|): the sensitivity of an uncentred sum. */
  double maxAbs() {
    return Math.max(Math.abs(lower), Math.abs(upper));
  }

  /** max over [lower, upper] of x²: the sensitivity of an uncentred sum of squares. */
  double maxSquare() {
    return Math.max(lower * lower, upper * upper);
  }

  /**
   * The width of the range of x² over [lower, upper] (max(L², U²) when 0 lies inside, else |U² −
   * L²|), as Google's BoundedVariance defines it.
   */
  double rangeOfSquares() {
    return lower < 0 && upper > 0 ? maxSquare() : Math.abs(upper * upper - lower * lower);
  }

  /**
   * The midpoint of the range of x² over [lower, upper], as Google's BoundedVariance defines it.
   */
  double midOfSquares() {
    return lower < 0 && upper > 0
        ? maxSquare() / 2
        : lower * lower + (upper * upper - lower * lower) / 2;
  }
}
