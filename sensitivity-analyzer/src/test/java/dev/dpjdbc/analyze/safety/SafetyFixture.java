package dev.dpjdbc.analyze.safety;

import dev.dpjdbc.analyze.boundary.Boundary;
import dev.dpjdbc.analyze.boundary.BoundarySplit;
import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import dev.dpjdbc.analyze.bounds.TableBounds;
import dev.dpjdbc.analyze.privacy.PrivacyAnalysis;
import dev.dpjdbc.analyze.privacy.TableFactsSource;
import dev.dpjdbc.analyze.sql2rel.RelFrontEnd;
import dev.dpjdbc.policy.Policy;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelRoot;

/**
 * The relational front end's multi-table schema ({@code sql2rel/schema.sql}: departments public by
 * policy, employees, visits, customers, orders, hr.payroll) plus {@code safety/readings.sql}
 * (columns without CHECKs, and one bounded only by the policy), on H2 or PostgreSQL: SQL text in,
 * the plan, its privacy analysis and its boundary out.
 *
 * <p>Bounds, DATE/TIMESTAMP ones included, are the catalog's own: what the CHECKs state.
 */
final class SafetyFixture implements AutoCloseable {
  static final String POLICY =
      """
      tables:
        departments: {public: true}
        readings:
          privacy_unit: employee_id
          max_rows_per_unit: 10
          columns:
            capped: {min: 0, max: 100}
      """;

  static final List<String[]> TABLES =
      List.of(
          new String[] {"public", "departments"},
          new String[] {"public", "employees"},
          new String[] {"public", "visits"},
          new String[] {"public", "customers"},
          new String[] {"public", "orders"},
          new String[] {"hr", "payroll"},
          new String[] {"public", "readings"});

  final Connection connection;
  private final ConstraintCatalog catalog;
  private final RelFrontEnd frontEnd;
  private final Policy policy = Policy.parse(POLICY, "safety test policy");
  private final List<TableBounds> withDates = new ArrayList<>();

  SafetyFixture(Connection connection) throws SQLException {
    this.connection = connection;
    run(connection, "/sql2rel/schema.sql");
    run(connection, "/safety/readings.sql");
    catalog = new ConstraintCatalog(connection);
    frontEnd = new RelFrontEnd(catalog);
    boolean upper = connection.getMetaData().storesUpperCaseIdentifiers();
    List<dev.dpjdbc.analyze.bounds.TableMeta> metas = new java.util.ArrayList<>();
    for (String[] t : TABLES) {
      String schema = upper ? t[0].toUpperCase(java.util.Locale.ROOT) : t[0];
      String name = upper ? t[1].toUpperCase(java.util.Locale.ROOT) : t[1];
      metas.add(catalog.table(schema, name).orElseThrow());
    }
    withDates.addAll(TableBounds.linked(metas, policy));
  }

  static void run(Connection c, String resource) throws SQLException {
    String ddl;
    try (InputStream in = SafetyFixture.class.getResourceAsStream(resource)) {
      ddl = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    try (Statement s = c.createStatement()) {
      for (String statement : ddl.replaceAll("(?m)^--.*$", "").split(";")) {
        if (!statement.isBlank()) {
          s.execute(statement);
        }
      }
    }
  }

  Policy policy() {
    return policy;
  }

  /** The query's plan, its privacy analysis and its boundary. */
  record Split(RelRoot root, PrivacyAnalysis analysis, Boundary boundary) {}

  /** The split with the facts the catalog reads. */
  Split split(String sql) throws SQLException {
    RelRoot root = frontEnd.toRel(sql);
    PrivacyAnalysis analysis = PrivacyAnalysis.of(TableFactsSource.of(withDates));
    return new Split(root, analysis, BoundarySplit.split(root, analysis));
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
