package dev.dpjdbc.proxy.demo;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * The embedded demo: a real PostgreSQL (zonky's embedded binaries, so psql's {@code \d} works) with
 * an ephemeral data directory deleted at {@link #close()} — the demo's "in-memory" database —
 * holding a database {@code demo} with {@link DemoData}, and the demo policy copied from the
 * classpath ({@code /demo/policy.yaml}, built from {@code conf/demo/policy.yaml}) to a temporary
 * file the driver can read.
 */
public final class DemoDatabase implements AutoCloseable {
  public static final String DATABASE = "demo";
  public static final String BACKEND_USER = "postgres";

  private final EmbeddedPostgres postgres;
  private final Path policyFile;

  private DemoDatabase(EmbeddedPostgres postgres, Path policyFile) {
    this.postgres = postgres;
    this.policyFile = policyFile;
  }

  /** Starts PostgreSQL on a free port, creates and fills {@code demo}, writes the policy. */
  public static DemoDatabase start() throws IOException, SQLException {
    EmbeddedPostgres pg = EmbeddedPostgres.builder().start();
    try {
      try (Connection c = pg.getPostgresDatabase().getConnection();
          Statement s = c.createStatement()) {
        s.execute("CREATE DATABASE " + DATABASE);
      }
      DataSource demo = pg.getDatabase(BACKEND_USER, DATABASE);
      try (Connection c = demo.getConnection()) {
        DemoData.create(c);
      }
      return new DemoDatabase(pg, copyPolicy());
    } catch (IOException | SQLException | RuntimeException e) {
      pg.close();
      throw e;
    }
  }

  private static Path copyPolicy() throws IOException {
    Path file = Files.createTempFile("dpjdbc-demo-policy", ".yaml");
    file.toFile().deleteOnExit();
    try (InputStream in = DemoDatabase.class.getResourceAsStream("/demo/policy.yaml")) {
      if (in == null) {
        throw new IOException("demo policy /demo/policy.yaml missing from the classpath");
      }
      Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
    }
    return file;
  }

  /** {@code jdbc:postgresql://localhost:<port>/demo}. */
  public String jdbcUrl() {
    return "jdbc:postgresql://localhost:" + postgres.getPort() + "/" + DATABASE;
  }

  public Path policyFile() {
    return policyFile;
  }

  /** Stops PostgreSQL; zonky deletes its data directory. */
  @Override
  public void close() throws IOException {
    postgres.close();
    Files.deleteIfExists(policyFile);
  }
}
