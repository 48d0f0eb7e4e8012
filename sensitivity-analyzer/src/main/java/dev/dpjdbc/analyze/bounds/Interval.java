package dev.dpjdbc.analyze.bounds;

/**
 * A closed numeric interval [lower, upper] a column's values are guaranteed to lie in (infinite
 * ends = unknown), with where each end came from. Intersecting two guarantees is a guarantee.
 */
public record Interval(double lower, double upper, String lowerSource, String upperSource) {
  public static final Interval UNBOUNDED =
      new Interval(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, null, null);

  public static Interval of(double lower, double upper, String source) {
    return new Interval(lower, upper, source, source);
  }

  public boolean bounded() {
    return !Double.isInfinite(lower) && !Double.isInfinite(upper);
  }

  /** Both guarantees at once: the larger lower end and the smaller upper end. */
  public Interval intersect(Interval o) {
    boolean l = o.lower > lower;
    boolean u = o.upper < upper;
    return new Interval(
        l ? o.lower : lower,
        u ? o.upper : upper,
        l ? o.lowerSource : lowerSource,
        u ? o.upperSource : upperSource);
  }

  /** "CHECK salary_check" or "CHECK a (lower); NUMERIC(8,2) (upper)". */
  public String source() {
    if (lowerSource == null || lowerSource.equals(upperSource)) {
      return upperSource;
    }
    return lowerSource + " (lower); " + upperSource + " (upper)";
  }
}
