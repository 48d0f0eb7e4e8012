package dev.dpjdbc.driver.jdbc;

import java.sql.SQLException;
import java.sql.Wrapper;

/**
 * The one {@code unwrap}/{@code isWrapperFor} of every dpjdbc JDBC object ({@code Connection},
 * {@code Statement}s, {@code ResultSet}, their metadata): it unwraps only to interfaces and classes
 * the object itself is, and never hands out the backend object it wraps, which would let the caller
 * run statements past the privacy pipeline (no JDBC object may let a caller bypass it). Anything
 * else is refused with {@link Refusals#noUnwrap} (SQLState 42501). A class gets the rule by
 * implementing this interface and not overriding its methods.
 */
public interface OwnWrapper extends Wrapper {
  /** {@code this} as {@code iface} when it is one; otherwise refused, never the backend object. */
  @Override
  default <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw Refusals.noUnwrap(iface);
  }

  /** True exactly when {@link #unwrap} would answer rather than refuse. */
  @Override
  default boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
}
