package dev.dpjdbc.analyze.boundary;

import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import dev.dpjdbc.analyze.privacy.PrivacyAnalysis;
import dev.dpjdbc.analyze.sql2rel.RelFrontEnd;
import dev.dpjdbc.policy.Policy;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.calcite.rel.RelRoot;

/**
 * The relational front end's multi-table schema ({@code sql2rel/schema.sql}) in an in-memory H2
 * database, with departments a public dimension by policy: SQL text in, {@link Boundary} out.
 */
final class BoundaryFixture implements AutoCloseable {
  static final String POLICY =
      """
      tables:
        departments: {public: true}
      """;

  private final Connection connection;
  private final ConstraintCatalog catalog;
  private final RelFrontEnd frontEnd;
  private final Policy policy = Policy.parse(POLICY, "boundary test policy");

  /** The schema in a fresh in-memory H2 database (names stored in upper case). */
  BoundaryFixture() throws SQLException {
    this(
        DriverManager.getConnection(
            "jdbc:h2:mem:boundary" + System.nanoTime() + ";DB_CLOSE_DELAY=-1"));
  }

  /** The schema created through {@code connection} (H2 or PostgreSQL), read back from it. */
  BoundaryFixture(Connection connection) throws SQLException {
    this.connection = connection;
    String ddl;
    try (InputStream in = BoundaryFixture.class.getResourceAsStream("/sql2rel/schema.sql")) {
      ddl = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    try (Statement s = connection.createStatement()) {
      for (String statement : ddl.replaceAll("(?m)^--.*$", "").split(";")) {
        if (!statement.isBlank()) {
          s.execute(statement);
        }
      }
    }
    catalog = new ConstraintCatalog(connection);
    frontEnd = new RelFrontEnd(catalog);
  }

  Boundary split(String sql) throws SQLException {
    RelRoot root = frontEnd.toRel(sql);
    return BoundarySplit.split(root, PrivacyAnalysis.load(root.rel, catalog, policy));
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
