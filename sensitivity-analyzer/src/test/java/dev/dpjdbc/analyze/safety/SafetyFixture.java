package dev.dpjdbc.analyze.safety;

import dev.dpjdbc.analyze.boundary.Boundary;
import dev.dpjdbc.analyze.boundary.BoundarySplit;
import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.bounds.TableBounds;
import dev.dpjdbc.analyze.bounds.TableMeta;
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
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.RelRoot;

/**
 * The relational front end's multi-table schema ({@code sql2rel/schema.sql}: departments public by
 * policy, employees, visits, customers, orders, hr.payroll) plus {@code safety/readings.sql}
 * (columns without CHECKs, and one bounded only by the policy), on H2 or PostgreSQL: SQL text in,
 * the plan, its privacy analysis and its boundary out.
 *
 * <p>The catalog does not read DATE/TIMESTAMP bounds from CHECKs yet; {@link #split} adds those of
 * {@code employees.hired}, {@code visits.day} and {@code orders.placed} to what it read (as {@code
 * privacy.PrivacyFixture} does), as a catalog that did would. {@link #splitCatalogOnly} uses the
 * catalog as it is.
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
      metas.add(datesFromChecks(catalog.table(schema, name).orElseThrow()));
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

  /** The query's plan, its privacy analysis and its boundary. */
  record Split(RelRoot root, PrivacyAnalysis analysis, Boundary boundary) {}

  /** The split with the date bounds of the schema's CHECKs (see the class Javadoc). */
  Split split(String sql) throws SQLException {
    RelRoot root = frontEnd.toRel(sql);
    PrivacyAnalysis analysis = PrivacyAnalysis.of(TableFactsSource.of(withDates));
    return new Split(root, analysis, BoundarySplit.split(root, analysis));
  }

  /** The split with the catalog's facts as it reads them (no date bounds). */
  Split splitCatalogOnly(String sql) throws SQLException {
    RelRoot root = frontEnd.toRel(sql);
    PrivacyAnalysis analysis = PrivacyAnalysis.load(root.rel, catalog, policy);
    return new Split(root, analysis, BoundarySplit.split(root, analysis));
  }

  /** The DATE/TIMESTAMP bounds the schema's CHECKs state, in Calcite's units. */
  private static TableMeta datesFromChecks(TableMeta m) {
    Map<String, Interval> iv = new HashMap<>(m.constraintIntervals());
    switch (m.name().toLowerCase(java.util.Locale.ROOT)) {
      case "employees" -> put(m, iv, "hired", days("2015-01-01"), days("2025-12-31"));
      case "visits" -> put(m, iv, "day", days("2020-01-01"), days("2025-12-31"));
      case "orders" ->
          put(m, iv, "placed", millis("2020-01-01T00:00:00"), millis("2025-12-31T23:59:59"));
      default -> {
        return m;
      }
    }
    return new TableMeta(
        m.schema(),
        m.name(),
        m.columns(),
        m.primaryKey(),
        m.uniqueKeys(),
        m.foreignKeys(),
        iv,
        m.constraintValues(),
        m.valueSources());
  }

  private static void put(TableMeta m, Map<String, Interval> iv, String col, double lo, double hi) {
    iv.put(m.column(col).orElseThrow().name(), Interval.of(lo, hi, "CHECK " + col));
  }

  private static double days(String iso) {
    return LocalDate.parse(iso).toEpochDay();
  }

  private static double millis(String iso) {
    return LocalDateTime.parse(iso).toInstant(ZoneOffset.UTC).toEpochMilli();
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
