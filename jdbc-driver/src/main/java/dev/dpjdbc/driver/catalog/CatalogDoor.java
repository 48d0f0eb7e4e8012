package dev.dpjdbc.driver.catalog;

import dev.dpjdbc.driver.execute.BackendErrors;
import dev.dpjdbc.driver.execute.Parameters;
import dev.dpjdbc.driver.execute.PassThrough;
import dev.dpjdbc.driver.execute.RunningStatement;
import dev.dpjdbc.driver.execute.Table;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.postgresql.util.PSQLException;

/**
 * Runs catalog pass-through statements on the catalog connection: on PostgreSQL only what {@link
 * PgParseCheck} accepted, as PostgreSQL's own text of the checked tree; always inside a READ ONLY
 * transaction that is rolled back afterwards, under the connection's pinned statement timeout, and
 * with its result capped in rows and bytes ({@link Table#copyOf(ResultSet, int, long, List)}).
 *
 * <p>On other backends (H2) there is no PostgreSQL parse to consult: the statement runs as written,
 * read only and capped, after the driver's classifier let it through; the catalog role's privileges
 * are then the boundary.
 */
public final class CatalogDoor {
  private final Connection catalog;
  private final boolean postgres;
  private final int maxRows;
  private final long maxBytes;
  private final String dataRole;

  /**
   * @param catalog the catalog role's connection (or the data role's, when none is configured)
   * @param postgres whether the backend is PostgreSQL (checked by its parse)
   */
  public CatalogDoor(Connection catalog, boolean postgres, int maxRows, long maxBytes) {
    this(catalog, postgres, maxRows, maxBytes, null);
  }

  /**
   * @param dataRole the data role's name when {@code catalog} is another role's connection (then
   *     privilege questions are answered for the data role, {@link DataRoleView}), else null
   */
  public CatalogDoor(
      Connection catalog, boolean postgres, int maxRows, long maxBytes, String dataRole) {
    this.dataRole = dataRole;
    this.catalog = catalog;
    this.postgres = postgres;
    this.maxRows = maxRows;
    this.maxBytes = maxBytes;
  }

  /** Checks (on PostgreSQL) and runs {@code sql} read only; rows, or an update count of 0. */
  public PassThrough.Answer run(String sql, List<Object> params, RunningStatement running)
      throws SQLException {
    if (postgres) {
      PgParseCheck.Checked checked = PgParseCheck.check(catalog, sql, params, dataRole);
      return readOnly(checked.sql(), List.of(), checked.labels(), running);
    }
    return readOnly(sql, params, null, running);
  }

  /**
   * The checks {@link #run} makes before it runs {@code sql}, without running it: on PostgreSQL
   * {@link PgParseCheck} (PostgreSQL's parse of the statement, judged object by object, inside a
   * rolled-back transaction), elsewhere the backend's prepare. Reads no rows; for EXPLAIN PRIVACY.
   */
  public void check(String sql, List<Object> params) throws SQLException {
    if (postgres) {
      PgParseCheck.check(catalog, sql, params, dataRole);
    } else {
      describe(sql);
    }
  }

  /**
   * Test only: runs {@code sql} read only on the catalog connection without any check, to prove
   * that the catalog role's privileges alone stop raw reads.
   */
  public PassThrough.Answer runUnchecked(String sql, List<Object> params, RunningStatement running)
      throws SQLException {
    return readOnly(sql, params, null, running);
  }

  /** Columns and parameter count of {@code sql}, from the backend's describe (nothing runs). */
  public PassThrough.Shape describe(String sql) throws SQLException {
    return PassThrough.describe(catalog, sql);
  }

  private PassThrough.Answer readOnly(
      String sql, List<Object> params, List<String> labels, RunningStatement running)
      throws SQLException {
    boolean autoCommit = catalog.getAutoCommit();
    try {
      catalog.setAutoCommit(false);
      catalog.setReadOnly(true);
      try (PreparedStatement ps = catalog.prepareStatement(sql)) {
        ps.setEscapeProcessing(false);
        ps.setFetchSize(1000);
        Parameters.bind(ps, params);
        running.start(ps);
        try {
          if (ps.execute()) {
            try (ResultSet rs = ps.getResultSet()) {
              return new PassThrough.Answer(Table.copyOf(rs, maxRows, maxBytes, labels), -1);
            }
          }
          return new PassThrough.Answer(null, Math.max(0, ps.getLargeUpdateCount()));
        } finally {
          running.finish();
        }
      }
    } catch (PSQLException e) {
      throw BackendErrors.scrub(e);
    } catch (SQLException e) {
      throw e.getSQLState() != null && e.getSQLState().equals("54000") ? e : BackendErrors.scrub(e);
    } finally {
      try {
        catalog.rollback();
      } finally {
        catalog.setReadOnly(false);
        catalog.setAutoCommit(autoCommit);
      }
    }
  }
}
