package dev.dpjdbc.it.corpus;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * One H2 and one embedded PostgreSQL per test JVM holding the corpus schema ({@code
 * corpus/schema.sql}), started on first use and stopped when the JVM exits (PostgreSQL takes
 * seconds to start; loading the schema takes about a second on each).
 */
final class CorpusBackends {
  private CorpusBackends() {}

  private static CorpusBackend h2;
  private static CorpusBackend postgres;

  static synchronized CorpusBackend get(String name) throws Exception {
    return switch (name) {
      case "h2" -> h2();
      case "postgres" -> postgres();
      default -> throw new IllegalArgumentException("no corpus backend named " + name);
    };
  }

  private static CorpusBackend h2() throws Exception {
    if (h2 == null) {
      CorpusBackend b = CorpusBackend.h2(Files.createTempDirectory("dpjdbc-corpus-h2-"));
      load(b);
      h2 = b;
    }
    return h2;
  }

  private static CorpusBackend postgres() throws Exception {
    if (postgres == null) {
      CorpusBackend pg = CorpusBackend.postgres();
      Runtime.getRuntime().addShutdownHook(new Thread(() -> closeQuietly(pg)));
      load(pg);
      postgres = pg;
    }
    return postgres;
  }

  /** Runs every statement of {@code corpus/schema.sql} on the backend. */
  static void load(CorpusBackend backend) throws SQLException {
    try (Connection c = backend.direct();
        Statement s = c.createStatement()) {
      for (String sql : statements(resource("corpus/schema.sql"))) {
        try {
          s.execute(sql);
        } catch (SQLException e) {
          throw new SQLException(
              "schema.sql on " + backend.name() + ": " + e.getMessage() + "\n" + sql, e);
        }
      }
    }
  }

  /**
   * The statements of a script: '--' comment lines dropped, a statement ends with a semicolon at
   * the end of a line (no statement of schema.sql has one elsewhere).
   */
  static List<String> statements(String script) {
    List<String> out = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String line : script.split("\n", -1)) {
      String t = line.strip();
      if (t.startsWith("--") || t.isEmpty()) {
        continue;
      }
      current.append(line).append('\n');
      if (t.endsWith(";")) {
        String sql = current.toString().strip();
        out.add(sql.substring(0, sql.length() - 1));
        current.setLength(0);
      }
    }
    if (!current.toString().isBlank()) {
      out.add(current.toString().strip());
    }
    return out;
  }

  static String resource(String path) {
    try (InputStream in = CorpusBackends.class.getClassLoader().getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource " + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void closeQuietly(CorpusBackend b) {
    try {
      b.close();
    } catch (Exception e) {
      // the JVM is exiting
    }
  }
}
