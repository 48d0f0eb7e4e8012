package dev.dpjdbc.it.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The recorded corpus of what Metabase, DBeaver, Tableau, Superset and Grafana send on connect,
 * sync and chart rendering ({@code clients/bi/*.sql}), replayed through pgJDBC against the proxy on
 * embedded PostgreSQL, each statement checked against its expected outcome. Catalog statements are
 * also run directly on the backend as a superuser: the proxy's answer must have the same column
 * names and types, and the same rows where the statement reads no statistics.
 */
class BiToolStatementsIT {
  static final Path CORPUS = Path.of("src/test/resources/clients/bi");
  static final List<String> TOOLS =
      System.getProperty("bi.tools") == null
          ? List.of("metabase", "dbeaver", "tableau", "superset", "grafana")
          : List.of(System.getProperty("bi.tools").split(","));
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{(\\w+)(?: ([^}]*))?}}");

  static ProxyFixture fixture;

  @BeforeAll
  static void start() throws Exception {
    fixture = ProxyFixture.start(100_000.0);
  }

  @AfterAll
  static void stop() throws Exception {
    if (fixture != null) {
      fixture.close();
    }
  }

  static Stream<BiStatement> corpus() throws Exception {
    List<BiStatement> all = new ArrayList<>();
    for (String tool : TOOLS) {
      List<BiStatement> statements = BiStatement.read(CORPUS.resolve(tool + ".sql"));
      assertTrue(statements.size() >= 8, tool + " has only " + statements.size() + " statements");
      all.addAll(statements);
    }
    return all.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  void statement_hasItsExpectedOutcome(BiStatement st) throws Exception {
    try (Connection backend = superuser()) {
      String sql = resolve(backend, st.sql());
      List<String> params = new ArrayList<>();
      for (String p : st.params()) {
        params.add(resolve(backend, p));
      }
      Answer proxied;
      try (Connection c = fixture.pgjdbc("")) {
        proxied = run(c, sql, params);
      } catch (SQLException e) {
        if (st.kind().equals("refused")) {
          assertEquals(st.argument(), e.getSQLState(), st + ": " + e.getMessage());
          return;
        }
        throw new AssertionError(
            st + " failed with " + e.getSQLState() + ": " + e.getMessage() + "\n" + sql, e);
      }
      switch (st.kind()) {
        case "refused" -> fail(st + " was answered, expected SQLState " + st.argument());
        case "command" -> {}
        case "noisy" -> {
          Answer truth = run(backend, sql, params);
          assertEquals(truth.labels, proxied.labels, st + ": column names");
        }
        case "rows", "shape", "stats-null" -> {
          Answer truth = run(backend, sql, params);
          assertEquals(truth.labels, proxied.labels, st + ": column names");
          assertEquals(asProxied(truth.types), proxied.types, st + ": column types");
          if (st.kind().equals("rows")) {
            assertEquals(truth.sortedRows(), proxied.sortedRows(), st + ": rows");
          }
          if (st.kind().equals("stats-null")) {
            for (String col : st.argument().split(",")) {
              int i = proxied.labels.indexOf(col.strip());
              assertTrue(i >= 0, st + ": no column " + col);
              for (List<String> row : proxied.rows) {
                assertNull(row.get(i), st + ": statistics column " + col + " must be NULL");
              }
            }
            assertEquals(truth.rows.size(), proxied.rows.size(), st + ": row count");
          }
        }
        default -> fail(st + ": unknown expectation " + st.expect());
      }
    }
  }

  /**
   * The one documented difference in column types: a pseudo-typed column (pg_attribute's
   * attmissingval, {@code anyarray}) cannot be checked by the catalog door in a view, so it comes
   * back as its text form, typed {@code text}.
   */
  private static List<String> asProxied(List<String> types) {
    return types.stream().map(t -> t.equals("anyarray") ? "text" : t).toList();
  }

  private static Connection superuser() throws SQLException {
    return fixture.postgres.getDatabase("postgres", "demo").getConnection();
  }

  /** The SQL with {{reloid schema.table}}, {{nsoid schema}}, {{dboid}} filled from the backend. */
  static String resolve(Connection backend, String text) throws SQLException {
    Matcher m = PLACEHOLDER.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String query =
          switch (m.group(1)) {
            case "reloid" -> "SELECT '" + m.group(2) + "'::regclass::oid";
            case "nsoid" -> "SELECT oid FROM pg_namespace WHERE nspname = '" + m.group(2) + "'";
            case "dboid" -> "SELECT oid FROM pg_database WHERE datname = current_database()";
            default -> throw new IllegalArgumentException("unknown placeholder " + m.group());
          };
      try (Statement s = backend.createStatement();
          ResultSet rs = s.executeQuery(query)) {
        rs.next();
        m.appendReplacement(out, rs.getString(1));
      }
    }
    m.appendTail(out);
    return out.toString();
  }

  /** A result: labels, type names and rows as strings (NULL as null). */
  record Answer(List<String> labels, List<String> types, List<List<String>> rows) {
    List<String> sortedRows() {
      return rows.stream().map(String::valueOf).sorted().toList();
    }
  }

  static Answer run(Connection c, String sql, List<String> params) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < params.size(); i++) {
        bind(c, ps, i + 1, params.get(i));
      }
      if (!ps.execute()) {
        return new Answer(List.of(), List.of(), List.of());
      }
      try (ResultSet rs = ps.getResultSet()) {
        ResultSetMetaData md = rs.getMetaData();
        List<String> labels = new ArrayList<>();
        List<String> types = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          labels.add(md.getColumnLabel(i));
          types.add(md.getColumnTypeName(i));
        }
        List<List<String>> rows = new ArrayList<>();
        while (rs.next()) {
          List<String> row = new ArrayList<>();
          for (int i = 1; i <= md.getColumnCount(); i++) {
            row.add(rs.getString(i));
          }
          rows.add(row);
        }
        return new Answer(labels, types, rows);
      }
    }
  }

  /** Binds {@code type:value} the way the tools do (setString, setLong, setInt, setDate, ...). */
  static void bind(Connection c, PreparedStatement ps, int i, String param) throws SQLException {
    int colon = param.indexOf(':');
    String type = param.substring(0, colon).toLowerCase(Locale.ROOT);
    String value = param.substring(colon + 1);
    switch (type) {
      case "string" -> ps.setString(i, value);
      case "long" -> ps.setLong(i, Long.parseLong(value));
      case "int" -> ps.setInt(i, Integer.parseInt(value));
      case "date" -> ps.setDate(i, Date.valueOf(value));
      case "timestamp" -> ps.setTimestamp(i, Timestamp.valueOf(value));
      case "text[]" -> ps.setArray(i, c.createArrayOf("text", value.split(",")));
      default -> throw new IllegalArgumentException("unknown parameter type " + type);
    }
  }
}
