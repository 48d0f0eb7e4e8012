package dev.dpjdbc.analyze.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.plan.OutputColumn;
import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.rewrite.Backend;
import dev.dpjdbc.analyze.sql2rel.FrontEndFixture;
import dev.dpjdbc.policy.Policy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The relational planner's rewrites of {@link RewriteCases#CASES}, on a real backend: each plan
 * matches the golden file {@code docs/golden/rewrites-<backend>.md} ({@link GoldenRewrites}; re-
 * record with {@code -Drewrites.golden.write=../docs/golden}), its backend SQL and preflight run
 * with their parameters bound and return one column per group key and coordinate, and on the
 * fixture's data (within every bound and cap) the released columns, computed from the true
 * coordinates and post-processed ({@link PrivacyPlan.Post}), equal the plain query's answer.
 * Nothing is random: no noise is drawn.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class GoldenRewritesContractTest {
  private Connection connection;
  private RelationalPlanner planner;

  abstract Connection open() throws SQLException;

  abstract Backend backend();

  @BeforeAll
  void setUp() throws SQLException {
    connection = open();
    FrontEndFixture.create(connection);
    planner =
        new RelationalPlanner(
            new ConstraintCatalog(connection),
            Policy.parse(RewriteCases.POLICY, "golden rewrites policy"),
            backend());
  }

  @AfterAll
  void tearDown() throws SQLException {
    connection.close();
  }

  List<RewriteCases.Case> cases() {
    return RewriteCases.CASES;
  }

  /** The golden file's name under {@code docs/golden}. */
  String goldenFile() {
    return GoldenRewrites.fileName(backend());
  }

  @Test
  void plans_matchTheGoldenFile() throws SQLException, IOException {
    StringBuilder actual = new StringBuilder(GoldenRewrites.header(backend()));
    int n = 0;
    for (RewriteCases.Case c : cases()) {
      actual.append(GoldenRewrites.section(++n, c, planner.plan(c.sql())));
    }
    String file = goldenFile();
    String target = System.getProperty("rewrites.golden.write");
    if (target != null) {
      Files.createDirectories(Path.of(target));
      Files.writeString(Path.of(target, file), actual.toString());
    }
    Path golden = Path.of(System.getProperty("basedir", "."), "..", "docs", "golden", file);
    if (!Files.exists(golden)) {
      fail(golden + " is missing; record it with -Drewrites.golden.write=../docs/golden");
    }
    assertEquals(
        Files.readString(golden),
        actual.toString(),
        "the rewrites differ from "
            + golden
            + "; if the change is deliberate, re-record with"
            + " -Drewrites.golden.write=../docs/golden and review the diff");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void rewrite_runsOnTheBackend_andAnswersAsThePlainQuery(RewriteCases.Case c) throws SQLException {
    PrivacyPlan plan = planner.plan(c.sql());
    assertTrue(SqlLayout.sameTokens(plan.rewrittenSql(), SqlLayout.pretty(plan.rewrittenSql())));
    if (plan.preflight() != null) {
      try (PreparedStatement ps = connection.prepareStatement(plan.preflight().sql())) {
        bind(ps, plan.preflight(), c.parameters());
        ps.executeQuery().close();
      }
    }
    List<Object[]> released = new ArrayList<>();
    try (PreparedStatement ps = connection.prepareStatement(plan.rewrittenSql())) {
      bind(ps, plan.rewritten(), c.parameters());
      try (ResultSet rs = ps.executeQuery()) {
        int keys = plan.groupKeys().size();
        assertEquals(
            keys + plan.coordinates().size(),
            rs.getMetaData().getColumnCount(),
            "one column per group key and coordinate: " + plan.rewrittenSql());
        while (rs.next()) {
          Object[] k = new Object[keys];
          for (int i = 0; i < keys; i++) {
            k[i] = rs.getObject(i + 1);
          }
          double[] coordinates = new double[plan.coordinates().size()];
          for (int i = 0; i < coordinates.length; i++) {
            coordinates[i] = rs.getDouble(keys + i + 1);
          }
          Object[] row = new Object[plan.outputs().size()];
          for (int i = 0; i < row.length; i++) {
            OutputColumn o = plan.outputs().get(i);
            row[i] = o.expr().evaluate(k, coordinates);
          }
          released.add(row);
        }
      }
    }
    List<List<Object>> viaPlan = rows(plan.post().processor().apply(released));
    List<List<Object>> plain = plain(c);
    assertEquals(plan.post().columns().size(), plain.isEmpty() ? 0 : plain.get(0).size());
    assertNull(difference(viaPlan, plain), c.sql());
  }

  /**
   * Binds as the driver does: a constant with its JDBC type; on H2, a string the backend types from
   * its context ({@link Types#OTHER}) as a plain value (the driver converts it to the parameter's
   * declared type); the analyst's values as given.
   */
  private void bind(PreparedStatement ps, BoundSql sql, Object[] analyst) throws SQLException {
    for (int i = 0; i < sql.parameters().size(); i++) {
      ParameterSource p = sql.parameters().get(i);
      if (p instanceof ParameterSource.Constant k) {
        if (backend() == Backend.H2 && k.jdbcType() == Types.OTHER) {
          ps.setObject(i + 1, k.value());
        } else {
          ps.setObject(i + 1, k.value(), k.jdbcType());
        }
      } else {
        ps.setObject(i + 1, analyst[((ParameterSource.Analyst) p).index()]);
      }
    }
  }

  private List<List<Object>> plain(RewriteCases.Case c) throws SQLException {
    List<Object[]> out = new ArrayList<>();
    String sql = backend() == Backend.H2 && c.h2Plain() != null ? c.h2Plain() : c.sql();
    try (PreparedStatement ps = connection.prepareStatement(sql)) {
      for (int i = 0; i < c.parameters().length; i++) {
        ps.setObject(i + 1, c.parameters()[i]);
      }
      try (ResultSet rs = ps.executeQuery()) {
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          Object[] row = new Object[n];
          for (int i = 0; i < n; i++) {
            row[i] = rs.getObject(i + 1);
          }
          out.add(row);
        }
      }
    }
    return rows(out);
  }

  /** Rows as comparable lists (dates as java.time, numbers as they are), sorted by their text. */
  private static List<List<Object>> rows(List<Object[]> in) {
    List<List<Object>> out = new ArrayList<>();
    for (Object[] r : in) {
      List<Object> row = new ArrayList<>();
      for (Object v : r) {
        row.add(
            v instanceof java.sql.Date d
                ? d.toLocalDate()
                : v instanceof java.sql.Timestamp t ? t.toLocalDateTime() : v);
      }
      out.add(row);
    }
    out.sort(Comparator.comparing(GoldenRewritesContractTest::sortKey));
    return out;
  }

  /** A row's text with numbers to 9 significant digits, so 10000, 1.0E4 and 10000.00 sort alike. */
  private static String sortKey(List<Object> row) {
    StringBuilder key = new StringBuilder();
    for (Object v : row) {
      key.append(
              v instanceof Number n
                  ? String.format(java.util.Locale.ROOT, "%.9g", n.doubleValue())
                  : String.valueOf(v))
          .append('|');
    }
    return key.toString();
  }

  /** Null when both agree: numbers within 1e-9 relative, other values by their text. */
  private static String difference(List<List<Object>> a, List<List<Object>> b) {
    if (a.size() != b.size()) {
      return "row counts differ: " + a + " vs " + b;
    }
    for (int r = 0; r < a.size(); r++) {
      if (a.get(r).size() != b.get(r).size()) {
        return "column counts differ: " + a.get(r) + " vs " + b.get(r);
      }
      for (int i = 0; i < a.get(r).size(); i++) {
        Object x = a.get(r).get(i);
        Object y = b.get(r).get(i);
        boolean same =
            x instanceof Number nx && y instanceof Number ny
                ? Math.abs(nx.doubleValue() - ny.doubleValue())
                    <= 1e-9 * Math.max(1, Math.abs(ny.doubleValue()))
                : Objects.equals(String.valueOf(x), String.valueOf(y));
        if (!same) {
          return "row " + r + " column " + i + ": " + x + " vs " + y + "\n" + a + "\n" + b;
        }
      }
    }
    return null;
  }
}
