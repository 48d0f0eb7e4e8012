package dev.dpjdbc.benchmarks.scale;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The scale benchmark's schema, rows, the two policies and the query mix. Rows come from {@code
 * generate_series} and PostgreSQL's {@code random()} after {@code setseed}, server side, so 10^7
 * rows load in about a minute and every run loads the same data:
 *
 * <ul>
 *   <li>{@code shops}: {@value #SHOPS} rows, public (a dimension table: {@code region CHECK IN}
 *       five values);
 *   <li>{@code visits}: N rows over N / 5 people, skewed ({@code person_id = 1 + floor(N/5 *
 *       random()^2)}: the mean is 5 visits per person, the heaviest have thousands); {@code amount
 *       INTEGER} 0..600 with no CHECK (the policy bounds it to [0, {@value #AMOUNT_MAX}], so the
 *       rewrite must clamp), {@code minutes INTEGER CHECK 0..600} (a validated CHECK bounds it, so
 *       the rewrite leaves its clamp out and re-checks the catalog instead), {@code kind CHECK IN
 *       ('onsite','remote','client')}, {@code visited CHECK 2024-01-01 .. 2025-12-31}, {@code
 *       shop_id} a foreign key to shops.
 * </ul>
 *
 * The same table is planned under two policies, so that both bounded rewrites come from the real
 * analyzer on the same data: {@link #policyPerRow} declares the primary key {@code id} the privacy
 * unit (one row per unit is proven, so the rewrite clamps values and adds no per-unit bounding);
 * {@link #policyPerPerson} declares {@code person_id} the unit with at most {@value #ROWS_PER_UNIT}
 * rows per unit and group and {@value #GROUPS_PER_UNIT} groups per unit, which the rewrite enforces
 * by a pre-aggregation per (unit, group). Keys are added after the load, then {@code VACUUM
 * ANALYZE}, so no timed query pays for hint bits or missing statistics.
 */
final class ScaleData {
  static final int SHOPS = 50;
  static final int AMOUNT_MAX = 500;
  static final int ROWS_PER_UNIT = 8;
  static final int GROUPS_PER_UNIT = 2;

  private ScaleData() {}

  /** One query of the mix: a short name (the report's row) and the analyst's SQL. */
  record Query(String name, String sql) {}

  /** The mix, in the order it runs within a round. */
  static final List<Query> MIX =
      List.of(
          new Query("count", "SELECT COUNT(*) FROM visits"),
          new Query("sum", "SELECT SUM(amount) FROM visits"),
          new Query("sum (CHECK)", "SELECT SUM(minutes) FROM visits"),
          new Query("avg", "SELECT AVG(amount) FROM visits"),
          new Query("grouped", "SELECT kind, COUNT(*), SUM(amount) FROM visits GROUP BY kind"),
          new Query(
              "join",
              "SELECT s.region, COUNT(*), SUM(v.amount) FROM visits v"
                  + " JOIN shops s ON v.shop_id = s.id GROUP BY s.region"),
          new Query(
              "time bucket",
              "SELECT date_trunc('month', visited) AS m, COUNT(*) FROM visits"
                  + " GROUP BY date_trunc('month', visited)"));

  private static final String HEAD =
      "budget: {epsilon: 1.0e9, delta: 0.5}\n"
          + "query: {epsilon: 1.0, delta: 1.0e-7, mechanism: auto, objective: relative}\n"
          + "ledger: jdbc:h2:file:./scale-ledger\n"
          + "tables:\n"
          + "  public.shops: {public: true}\n";

  /** Each visit its own privacy unit (the primary key): value clamps only. */
  static Path policyPerRow(Path dir) throws IOException {
    return write(
        dir.resolve("scale-policy-per-row.yaml"),
        HEAD
            + "  public.visits: {privacy_unit: id, columns: {amount: {min: 0, max: "
            + AMOUNT_MAX
            + "}}}\n");
  }

  /** The person is the unit, several rows each: clamps plus per-(unit, group) bounding. */
  static Path policyPerPerson(Path dir) throws IOException {
    return write(
        dir.resolve("scale-policy-per-person.yaml"),
        HEAD
            + "  public.visits: {privacy_unit: person_id, max_rows_per_unit: "
            + ROWS_PER_UNIT
            + ", max_groups_per_unit: "
            + GROUPS_PER_UNIT
            + ", columns: {amount: {min: 0, max: "
            + AMOUNT_MAX
            + "}}}\n");
  }

  private static Path write(Path file, String yaml) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, yaml);
    return file;
  }

  /** Creates and fills both tables, {@code rows} visits. */
  static void load(Connection c, int rows) throws SQLException {
    int people = Math.max(1, rows / 5);
    List<String> ddl =
        List.of(
            "DROP TABLE IF EXISTS visits",
            "DROP TABLE IF EXISTS shops",
            "CREATE TABLE shops (id INTEGER PRIMARY KEY, region VARCHAR(8) NOT NULL CHECK (region IN"
                + " ('region 1', 'region 2', 'region 3', 'region 4', 'region 5')))",
            "INSERT INTO shops SELECT n, 'region ' || (1 + n % 5) FROM generate_series(1, "
                + SHOPS
                + ") n",
            "CREATE TABLE visits ("
                + " id INTEGER NOT NULL,"
                + " person_id INTEGER NOT NULL,"
                + " shop_id INTEGER NOT NULL,"
                + " amount INTEGER NOT NULL,"
                + " minutes INTEGER NOT NULL CHECK (minutes BETWEEN 0 AND 600),"
                + " kind VARCHAR(8) NOT NULL CHECK (kind IN ('onsite', 'remote', 'client')),"
                + " visited DATE NOT NULL CHECK (visited BETWEEN DATE '2024-01-01' AND DATE"
                + " '2025-12-31'))",
            "SELECT setseed(0.42)",
            "INSERT INTO visits SELECT n, 1 + floor("
                + people
                + " * power(random(), 2))::int, 1 + floor(random() * "
                + SHOPS
                + ")::int, floor(random() * 601)::int, floor(random() * 601)::int,"
                + " (ARRAY['onsite', 'remote', 'client'])[1 + floor(random() * 3)::int],"
                + " DATE '2024-01-01' + floor(random() * 731)::int"
                + " FROM generate_series(1, "
                + rows
                + ") n",
            "ALTER TABLE visits ADD PRIMARY KEY (id)",
            "ALTER TABLE visits ADD FOREIGN KEY (shop_id) REFERENCES shops (id)",
            "VACUUM ANALYZE shops",
            "VACUUM ANALYZE visits",
            "CHECKPOINT");
    boolean auto = c.getAutoCommit();
    c.setAutoCommit(true);
    try (Statement s = c.createStatement()) {
      for (String sql : ddl) {
        s.execute(sql);
      }
    } finally {
      c.setAutoCommit(auto);
    }
  }
}
