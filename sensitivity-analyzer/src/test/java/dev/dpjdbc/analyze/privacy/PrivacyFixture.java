package dev.dpjdbc.analyze.privacy;

import dev.dpjdbc.analyze.bounds.ColumnMeta;
import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import dev.dpjdbc.analyze.bounds.TableBounds;
import dev.dpjdbc.analyze.bounds.TableMeta;
import dev.dpjdbc.policy.Policy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * The multi-table test schema of issue 8 (employees, departments, visits, customers, orders, ...),
 * created in an in-memory H2 database (or an embedded PostgreSQL), read back through {@link
 * ConstraintCatalog} (keys, foreign keys, CHECKs, NUMERIC ranges), merged with a policy, and
 * mirrored as a Calcite schema for {@link RelBuilder}.
 *
 * <p>The DATE and TIMESTAMP bounds of {@code employees.hired}, {@code visits.visited} and {@code
 * orders.placed} come from their CHECKs, as the catalog reads them (in Calcite's units: days and
 * milliseconds since 1970-01-01).
 */
final class PrivacyFixture {
  static final String POLICY =
      """
      tables:
        departments: {public: true}
        products: {public: true}
        tags: {public: true}
        employees:
          columns:
            bonus: {min: 0, max: 5000}
        shifts:
          privacy_unit: employee_id
          max_rows_per_unit: 5
          columns:
            hours: {min: 0, max: 12}
        orders:
          privacy_unit: customer_id
          max_rows_per_unit: 3
        visits:
          max_rows_per_unit: 4
        broken: {privacy_unit: nope}
      """;

  private static final String[] DDL = {
    "CREATE TABLE departments (id INTEGER PRIMARY KEY, name VARCHAR(50) NOT NULL,"
        + " budget NUMERIC(12,2))",
    "CREATE TABLE employees (id INTEGER PRIMARY KEY,"
        + " dept_id INTEGER NOT NULL REFERENCES departments(id),"
        + " manager_id INTEGER REFERENCES employees(id),"
        + " salary INTEGER NOT NULL CHECK (salary BETWEEN 0 AND 200000),"
        + " age INTEGER CHECK (age BETWEEN 18 AND 70),"
        + " hired DATE NOT NULL CHECK (hired BETWEEN DATE '2015-01-01' AND DATE '2025-12-31'),"
        + " remote BOOLEAN NOT NULL,"
        + " region VARCHAR(1) NOT NULL CHECK (region IN ('N', 'S', 'E', 'W')),"
        + " level INTEGER NOT NULL CHECK (level IN (1, 2, 3, 4, 5)),"
        + " bonus NUMERIC(8,2), score DOUBLE PRECISION, email VARCHAR(100))",
    "CREATE TABLE visits (id INTEGER PRIMARY KEY,"
        + " employee_id INTEGER NOT NULL REFERENCES employees(id),"
        + " visited DATE NOT NULL CHECK (visited BETWEEN DATE '2020-01-01' AND DATE '2024-12-31'),"
        + " minutes INTEGER NOT NULL CHECK (minutes BETWEEN 0 AND 600))",
    "CREATE TABLE badges (employee_id INTEGER PRIMARY KEY REFERENCES employees(id),"
        + " badge VARCHAR(10))",
    "CREATE TABLE shifts (id INTEGER PRIMARY KEY,"
        + " employee_id INTEGER NOT NULL REFERENCES employees(id), hours INTEGER,"
        + " kind VARCHAR(5) NOT NULL CHECK (kind IN ('day', 'night')), code VARCHAR(10) UNIQUE)",
    "CREATE TABLE customers (id INTEGER PRIMARY KEY,"
        + " region VARCHAR(1) CHECK (region IN ('N', 'S', 'E', 'W')), segment VARCHAR(10),"
        + " birth_year INTEGER CHECK (birth_year BETWEEN 1920 AND 2010))",
    "CREATE TABLE products (id INTEGER PRIMARY KEY, name VARCHAR(50), list_price NUMERIC(8,2),"
        + " sku VARCHAR(20) UNIQUE, code VARCHAR(10) NOT NULL)",
    "CREATE UNIQUE INDEX products_code ON products (code)",
    "CREATE TABLE orders (id INTEGER PRIMARY KEY,"
        + " customer_id INTEGER NOT NULL REFERENCES customers(id),"
        + " salesperson_id INTEGER REFERENCES employees(id),"
        + " price NUMERIC(10,2) NOT NULL CHECK (price BETWEEN 0 AND 1000),"
        + " qty INTEGER NOT NULL CHECK (qty BETWEEN 1 AND 20), placed TIMESTAMP NOT NULL"
        + " CHECK (placed BETWEEN TIMESTAMP '2020-01-01 00:00:00'"
        + " AND TIMESTAMP '2024-12-31 23:59:00'))",
    "CREATE TABLE order_items (id INTEGER PRIMARY KEY,"
        + " order_id INTEGER NOT NULL REFERENCES orders(id),"
        + " product_id INTEGER NOT NULL REFERENCES products(id),"
        + " amount INTEGER NOT NULL CHECK (amount BETWEEN 1 AND 10))",
    "CREATE TABLE tags (name VARCHAR(20) NOT NULL, region VARCHAR(1))",
    "CREATE TABLE notes (body VARCHAR(100))",
    "CREATE TABLE broken (id INTEGER PRIMARY KEY, x INTEGER)",
    // two foreign keys to private tables with different units: refused without a policy unit
    "CREATE TABLE assignments (id INTEGER PRIMARY KEY,"
        + " employee_id INTEGER NOT NULL REFERENCES employees(id),"
        + " customer_id INTEGER REFERENCES customers(id))",
    // two foreign keys to the same unit through different columns: refused as well
    "CREATE TABLE referrals (id INTEGER PRIMARY KEY,"
        + " referrer_id INTEGER NOT NULL REFERENCES employees(id),"
        + " referee_id INTEGER NOT NULL REFERENCES employees(id))",
    // multi-hop with the unit in the key: badge_scans.badge_id -> badges.employee_id ->
    // employees.id
    "CREATE TABLE badge_scans (id INTEGER PRIMARY KEY,"
        + " badge_id INTEGER NOT NULL REFERENCES badges(employee_id),"
        + " minutes INTEGER NOT NULL CHECK (minutes BETWEEN 0 AND 60))",
    // a foreign key to a UNIQUE non-key column of a table whose unit is another column
    "CREATE TABLE shift_notes (id INTEGER PRIMARY KEY,"
        + " shift_code VARCHAR(10) NOT NULL REFERENCES shifts(code), body VARCHAR(100))",
    // foreign keys in a cycle, no policy unit: refused
    "CREATE TABLE cycle_a (id INTEGER PRIMARY KEY, b_id INTEGER)",
    "CREATE TABLE cycle_b (id INTEGER PRIMARY KEY, a_id INTEGER REFERENCES cycle_a(id))",
    "ALTER TABLE cycle_a ADD CONSTRAINT cycle_a_b FOREIGN KEY (b_id) REFERENCES cycle_b(id)",
  };

  /**
   * Unique indexes that guarantee nothing for every row, which the catalog must not read as keys:
   * partial, on an expression, deferrable (PostgreSQL only; H2 has none of them).
   */
  private static final String[] POSTGRES_DDL = {
    "CREATE UNIQUE INDEX products_name_live ON products (name) WHERE list_price > 0",
    "CREATE UNIQUE INDEX products_lower_name ON products (lower(name))",
    "ALTER TABLE products ADD CONSTRAINT products_price_u UNIQUE (list_price)"
        + " DEFERRABLE INITIALLY DEFERRED",
  };

  static final List<String> TABLES =
      List.of(
          "departments",
          "employees",
          "visits",
          "badges",
          "shifts",
          "customers",
          "products",
          "orders",
          "order_items",
          "tags",
          "notes",
          "broken",
          "assignments",
          "referrals",
          "badge_scans",
          "shift_notes",
          "cycle_a",
          "cycle_b");

  final Connection connection;
  final ConstraintCatalog catalog;
  final Policy policy = Policy.parse(POLICY, "test policy");
  final List<TableMeta> metas = new ArrayList<>();
  final List<TableBounds> bounds = new ArrayList<>();
  final SchemaPlus schema;

  /** The schema in a fresh in-memory H2 database (names folded to lower case, as PostgreSQL). */
  PrivacyFixture() throws SQLException {
    this(
        DriverManager.getConnection(
            "jdbc:h2:mem:privacy"
                + System.nanoTime()
                + ";DB_CLOSE_DELAY=-1;DATABASE_TO_LOWER=TRUE"));
  }

  /** The schema created through {@code connection} (H2 or PostgreSQL), read back from it. */
  PrivacyFixture(Connection connection) throws SQLException {
    this.connection = connection;
    try (Statement s = connection.createStatement()) {
      for (String ddl : DDL) {
        s.execute(ddl);
      }
      if (connection.getMetaData().getDatabaseProductName().contains("PostgreSQL")) {
        for (String ddl : POSTGRES_DDL) {
          s.execute(ddl);
        }
      }
    }
    catalog = new ConstraintCatalog(connection);
    SchemaPlus root = CalciteSchema.createRootSchema(false).plus();
    schema = root.add("public", new org.apache.calcite.schema.impl.AbstractSchema());
    for (String t : TABLES) {
      TableMeta meta = catalog.table("public", t).orElseThrow();
      metas.add(meta);
      schema.add(t, new MetaTable(meta));
    }
    bounds.addAll(TableBounds.linked(metas, policy));
  }

  static double day(String iso) {
    return LocalDate.parse(iso).toEpochDay();
  }

  static double millis(String iso) {
    return LocalDateTime.parse(iso).toInstant(ZoneOffset.UTC).toEpochMilli();
  }

  /**
   * A builder over the schema, wired by hand: {@code Frameworks} would open a Calcite JDBC
   * connection, whose HTTP client the build excludes.
   */
  RelBuilder builder() {
    JavaTypeFactoryImpl types = new JavaTypeFactoryImpl();
    RelOptCluster cluster =
        RelOptCluster.create(new HepPlanner(HepProgram.builder().build()), new RexBuilder(types));
    CalciteCatalogReader reader =
        new CalciteCatalogReader(
            CalciteSchema.from(schema.getParentSchema()),
            List.of("public"),
            types,
            CalciteConnectionConfig.DEFAULT);
    return RelFactories.LOGICAL_BUILDER.create(cluster, reader);
  }

  PrivacyAnalysis analysis() {
    return PrivacyAnalysis.of(TableFactsSource.of(bounds));
  }

  /** An analysis of the same tables under another policy. */
  PrivacyAnalysis analysis(String otherPolicy) {
    Policy p = Policy.parse(otherPolicy, "other test policy");
    return PrivacyAnalysis.of(TableFactsSource.of(TableBounds.linked(metas, p)));
  }

  /** A Calcite table with the row type and primary key of a catalog table. */
  static final class MetaTable extends AbstractTable {
    private final TableMeta meta;

    MetaTable(TableMeta meta) {
      this.meta = meta;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory f) {
      RelDataTypeFactory.Builder b = f.builder();
      for (ColumnMeta c : meta.columns().values()) {
        SqlTypeName n = SqlTypeName.getNameForJdbcType(c.jdbcType());
        RelDataType t =
            switch (c.jdbcType()) {
              case Types.NUMERIC, Types.DECIMAL -> f.createSqlType(n, c.precision(), c.scale());
              case Types.VARCHAR, Types.CHAR -> f.createSqlType(n, c.precision());
              default -> f.createSqlType(n);
            };
        b.add(c.name(), f.createTypeWithNullability(t, c.nullable()));
      }
      return b.build();
    }

    @Override
    public Statistic getStatistic() {
      List<String> names = new ArrayList<>(meta.columns().keySet());
      if (meta.primaryKey().isEmpty()) {
        return Statistics.UNKNOWN;
      }
      ImmutableBitSet key =
          ImmutableBitSet.of(meta.primaryKey().stream().map(names::indexOf).toList());
      return Statistics.of(100d, List.of(key));
    }
  }
}
