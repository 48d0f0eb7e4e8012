package dev.dpjdbc.analyze.post;

/**
 * PostgreSQL's integer arithmetic where Java's differs, called from Calcite's generated code
 * (public only for that; not an API): overflow is an error ({@code bigint out of range}, SQLState
 * 22003), not a silent wrap-around.
 */
public final class PgInts {
  private PgInts() {}

  /** {@code a + b}, exact. */
  public static long plus(long a, long b) {
    return exact(() -> Math.addExact(a, b));
  }

  /** {@code a - b}, exact. */
  public static long minus(long a, long b) {
    return exact(() -> Math.subtractExact(a, b));
  }

  /** {@code a * b}, exact. */
  public static long times(long a, long b) {
    return exact(() -> Math.multiplyExact(a, b));
  }

  /** {@code v} as an INTEGER, or an error when outside its range. */
  public static int toInteger(long v) {
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      throw new ArithmeticException("integer out of range: " + v);
    }
    return (int) v;
  }

  private static long exact(java.util.function.LongSupplier op) {
    try {
      return op.getAsLong();
    } catch (ArithmeticException e) {
      throw new ArithmeticException("bigint out of range");
    }
  }
}
