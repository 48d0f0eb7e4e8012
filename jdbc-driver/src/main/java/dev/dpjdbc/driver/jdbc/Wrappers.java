package dev.dpjdbc.driver.jdbc;

import java.sql.SQLException;

/**
 * The one rule behind every {@code unwrap}/{@code isWrapperFor} of our JDBC wrappers: a wrapper
 * unwraps only to interfaces and classes it is itself; it never hands out the backend object it
 * wraps, which would let the caller run statements past the privacy pipeline (STYLE.md, "Nothing
 * bypasses the pipeline"). Anything else is refused with {@link Refusals#noUnwrap}.
 */
final class Wrappers {
  private Wrappers() {}

  /** {@code self} as {@code iface} when it is one; otherwise refused, never the backend object. */
  static <T> T unwrap(Object self, Class<T> iface) throws SQLException {
    if (iface.isInstance(self)) {
      return iface.cast(self);
    }
    throw Refusals.noUnwrap(iface);
  }

  /** True exactly when {@link #unwrap} would answer rather than refuse. */
  static boolean isWrapperFor(Object self, Class<?> iface) {
    return iface.isInstance(self);
  }
}
