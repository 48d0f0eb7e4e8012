package dev.dpjdbc.driver.execute;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/** Binds the analyst's {@code ?} values, in order, to a backend statement. */
public final class Parameters {
  private Parameters() {}

  /** A SQL NULL of a given {@link java.sql.Types} type ({@code setNull}). */
  public record SqlNull(int sqlType) {}

  /** Binds {@code values} to {@code ps}; {@link SqlNull} becomes {@code setNull}. */
  public static void bind(PreparedStatement ps, List<Object> values) throws SQLException {
    for (int i = 0; i < values.size(); i++) {
      Object v = values.get(i);
      if (v instanceof SqlNull n) {
        ps.setNull(i + 1, n.sqlType());
      } else {
        ps.setObject(i + 1, v);
      }
    }
  }
}
