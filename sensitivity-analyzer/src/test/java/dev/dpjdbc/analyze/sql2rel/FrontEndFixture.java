package dev.dpjdbc.analyze.sql2rel;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * The multi-table test schema ({@code sql2rel/schema.sql}: departments public dimension, employees,
 * visits with several rows per person, customers, orders, hr.payroll, "Events") and a small
 * deterministic data set, the same on H2 and PostgreSQL. Every person's rows are within the caps
 * the relational tests' policies set (3 visits per employee, 4 orders per customer). Public for the
 * planner's golden rewrites ({@code analyze.release}).
 */
public final class FrontEndFixture {
  private FrontEndFixture() {}

  static final int EMPLOYEES = 40;

  public static void create(Connection c) throws SQLException {
    String ddl;
    try (InputStream in = FrontEndFixture.class.getResourceAsStream("/sql2rel/schema.sql")) {
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
    insertData(c);
  }

  private static void insertData(Connection c) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO departments VALUES (?, ?, ?)")) {
      for (int i = 1; i <= 5; i++) {
        ps.setInt(1, i);
        ps.setString(2, "D" + i);
        ps.setBigDecimal(3, new BigDecimal(i * 1000 + ".50"));
        ps.addBatch();
      }
      ps.executeBatch();
    }
    String[] regions = {"N", "S", "E", "W"};
    try (PreparedStatement ps =
        c.prepareStatement("INSERT INTO employees VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      for (int i = 1; i <= EMPLOYEES; i++) {
        ps.setInt(1, i);
        ps.setInt(2, 1 + i % 5);
        ps.setInt(3, 20000 + (i * 3779) % 150000);
        ps.setObject(4, i % 7 == 0 ? null : 18 + (i * 13) % 52, java.sql.Types.INTEGER);
        ps.setDate(5, Date.valueOf(LocalDate.of(2015, 1, 1).plusDays((i * 97L) % 3900)));
        ps.setBoolean(6, i % 2 == 0);
        ps.setString(7, regions[i % 4]);
        ps.setInt(8, 1 + i % 5);
        ps.setString(9, i % 3 == 0 ? null : (i % 2 == 0 ? "F" : "M"));
        ps.setInt(10, 1 + i % 16);
        ps.addBatch();
      }
      ps.executeBatch();
    }
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO visits VALUES (?, ?, ?, ?)")) {
      for (int j = 1; j <= 120; j++) {
        ps.setInt(1, j);
        ps.setInt(2, 1 + (j * 7) % EMPLOYEES);
        ps.setDate(3, Date.valueOf(LocalDate.of(2020, 1, 1).plusDays((j * 13L) % 2000)));
        ps.setInt(4, (j * 37) % 601);
        ps.addBatch();
      }
      ps.executeBatch();
    }
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO customers VALUES (?, ?, ?)")) {
      for (int k = 1; k <= 15; k++) {
        ps.setInt(1, k);
        ps.setString(2, regions[k % 4]);
        ps.setDate(3, Date.valueOf(LocalDate.of(2019, 1, 1).plusDays(k * 31L)));
        ps.addBatch();
      }
      ps.executeBatch();
    }
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO orders VALUES (?, ?, ?, ?, ?)")) {
      for (int j = 1; j <= 60; j++) {
        ps.setInt(1, j);
        ps.setInt(2, 1 + j % 15);
        ps.setBigDecimal(3, new BigDecimal((j * 1725) % 100000).movePointLeft(2));
        ps.setInt(4, 1 + j % 20);
        ps.setTimestamp(
            5, Timestamp.valueOf(LocalDateTime.of(2020, 1, 1, 0, 0).plusHours(j * 700L)));
        ps.addBatch();
      }
      ps.executeBatch();
    }
    try (Statement s = c.createStatement()) {
      s.execute(
          "INSERT INTO hr.payroll VALUES (1, 100.00), (2, 2500.50), (3, 0.00), (4, 49999.99)");
      s.execute(
          "INSERT INTO \"Events\" VALUES (1, 'open', TIMESTAMP '2024-01-01 10:00:00'),"
              + " (2, 'close', TIMESTAMP '2024-01-02 11:00:00'), (3, 'open', NULL)");
    }
  }
}
