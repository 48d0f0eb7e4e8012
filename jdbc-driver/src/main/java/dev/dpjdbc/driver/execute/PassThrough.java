package dev.dpjdbc.driver.execute;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * The answer and the shape of a pass-through statement (catalog data, run by {@code
 * driver.catalog.CatalogDoor}), and its describe on the backend.
 */
public final class PassThrough {
  private PassThrough() {}

  /** The answer of a pass-through statement: rows, or an update count when it returned none. */
  public record Answer(Table table, long updateCount) {}

  /** What a pass-through statement returns and how many {@code ?} it takes. */
  public record Shape(List<Table.Column> columns, int parameterCount) {}

  /**
   * Describes a pass-through statement without running it, with one prepare on the backend: its
   * columns (empty when it returns no rows) and its parameter count.
   */
  public static Shape describe(Connection backend, String sql) throws SQLException {
    try (PreparedStatement ps = backend.prepareStatement(sql)) {
      return new Shape(
          Table.describe(ps.getMetaData()), ps.getParameterMetaData().getParameterCount());
    } catch (SQLException e) {
      throw BackendErrors.scrub(e);
    }
  }
}
