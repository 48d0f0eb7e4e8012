package dev.dpjdbc.driver.execute;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * Runs a statement that {@code CatalogQueries} classified as touching no user data (catalog
 * queries, ordinary SET/SHOW, BEGIN/COMMIT) on the backend and materialises its answer.
 */
public final class PassThrough {
  private PassThrough() {}

  /** The answer of a pass-through statement: rows, or an update count when it returned none. */
  public record Answer(Table table, long updateCount) {}

  /** Runs {@code sql} with {@code params}; {@code running} tracks the statement for cancel. */
  public static Answer run(
      Connection backend, String sql, List<Object> params, RunningStatement running)
      throws SQLException {
    try (PreparedStatement ps = backend.prepareStatement(sql)) {
      Parameters.bind(ps, params);
      running.start(ps);
      try {
        if (ps.execute()) {
          try (ResultSet rs = ps.getResultSet()) {
            return new Answer(Table.copyOf(rs), -1);
          }
        }
        return new Answer(null, Math.max(0, ps.getLargeUpdateCount()));
      } finally {
        running.finish();
      }
    } catch (SQLException e) {
      throw BackendErrors.scrub(e);
    }
  }

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
