package dev.dpjdbc.analyze.sql2rel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dpjdbc.analyze.parse.SqlLexer;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The front end over a real PostgreSQL 14 (zonky embedded): the contract, plus PostgreSQL as the
 * oracle of what is valid PostgreSQL — every query the front end converts also runs on PostgreSQL
 * (so the front end accepts PostgreSQL's language, not Calcite's), and every refusal marked so is
 * refused by PostgreSQL too; and every plan, emitted back to PostgreSQL SQL with Calcite's
 * RelToSqlConverter, gives the answer PostgreSQL gives to the original query ({@link PlanOracle}).
 */
class RelFrontEndPostgresTest extends RelFrontEndContractTest {
  private EmbeddedPostgres postgres;

  @Override
  Connection open() throws SQLException {
    try {
      postgres = EmbeddedPostgres.builder().start();
    } catch (IOException e) {
      throw new IllegalStateException(
          "embedded PostgreSQL did not start (as root it needs `unshare -U`): " + e, e);
    }
    return postgres.getPostgresDatabase().getConnection();
  }

  @AfterAll
  void stopPostgres() throws IOException {
    postgres.close();
  }

  static Stream<FrontEndCases.Refuse> postgresRefusals() {
    return FrontEndCases.refusals().stream().filter(FrontEndCases.Refuse::postgresToo);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("converts")
  void postgres_runsEveryConvertedQuery(FrontEndCases.Convert c) throws SQLException {
    run(sql(c.sql()), c.params());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("postgresRefusals")
  void postgres_refusesWhatTheFrontEndRefuses(FrontEndCases.Refuse r) {
    assertThrows(SQLException.class, () -> run(sql(r.sql()), List.of()));
  }

  private static final String NEGATIVE_INTERVAL =
      "a negative interval literal is unparsed as INTERVAL -'3' MONTH, which PostgreSQL rejects"
          + " (it wants INTERVAL '-3' MONTH)";

  /**
   * Plans whose PostgreSQL SQL Calcite's RelToSqlConverter gets wrong (the plan is right; the
   * emitter is not). Each is asserted to still fail, so a Calcite upgrade that fixes it shows.
   */
  private static final Map<String, String> REL2SQL_BUGS =
      Map.of(
          "interval_ago", NEGATIVE_INTERVAL,
          "metabase_relative_days", NEGATIVE_INTERVAL,
          "metabase_week_bucket", NEGATIVE_INTERVAL);

  @ParameterizedTest(name = "{0}")
  @MethodSource("converts")
  void postgres_planMeansWhatTheQueryMeans(FrontEndCases.Convert c) throws SQLException {
    Translation t = frontEnd.translate(sql(c.sql()));
    Bound b = bind(sql(c.sql()), c.params());
    if (REL2SQL_BUGS.containsKey(c.id())) {
      assertThrows(
          SQLException.class,
          () -> PlanOracle.compare(connection, b.sql(), b.params(), t.root(), c.params()),
          "fixed? " + REL2SQL_BUGS.get(c.id()));
      return;
    }
    String difference = PlanOracle.compare(connection, b.sql(), b.params(), t.root(), c.params());
    assertNull(difference, c.sql());
  }

  /** Where the output labels differ from PostgreSQL's, and why. */
  private static final Map<String, String> LABEL_DIFFERENCES =
      Map.of(
          "wrapper_over_two_counts",
          "SELECT * over a subquery with two unnamed COUNTs: Calcite needs distinct names inside"
              + " the subquery, so the second is EXPR$1 (PostgreSQL: count, count)");

  @ParameterizedTest(name = "{0}")
  @MethodSource("converts")
  void postgres_outputLabelsArePostgresLabels(FrontEndCases.Convert c) throws SQLException {
    List<String> labels = labels(frontEnd.toRel(sql(c.sql())));
    Bound b = bind(sql(c.sql()), c.params());
    List<String> postgres = new ArrayList<>();
    try (PreparedStatement ps = connection.prepareStatement(b.sql())) {
      for (int i = 0; i < b.params().size(); i++) {
        ps.setObject(i + 1, b.params().get(i));
      }
      try (ResultSet rs = ps.executeQuery()) {
        for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
          postgres.add(rs.getMetaData().getColumnLabel(i));
        }
      }
    }
    if (LABEL_DIFFERENCES.containsKey(c.id())) {
      assertNotEquals(postgres, labels, "fixed? " + LABEL_DIFFERENCES.get(c.id()));
    } else {
      assertEquals(postgres, labels, c.sql());
    }
  }

  /** A query in pgJDBC's spelling: {@code $n} as {@code ?}, with the values in order. */
  private record Bound(String sql, List<Object> params) {}

  private static Bound bind(String sql, List<Object> params) {
    StringBuilder text = new StringBuilder();
    List<Object> bound = new ArrayList<>();
    for (SqlLexer.Token t : SqlLexer.scan(sql)) {
      int n = t.kind() == SqlLexer.Kind.PARAMETER ? Integer.parseInt(t.text().substring(1)) : 0;
      if (n >= 1 && n <= params.size()) {
        text.append('?');
        bound.add(params.get(n - 1));
      } else {
        text.append(t.text());
      }
    }
    if (bound.isEmpty()) {
      bound.addAll(params);
    }
    return new Bound(text.toString(), bound);
  }

  /** Runs {@code sql} on PostgreSQL through pgJDBC. */
  private void run(String sql, List<Object> params) throws SQLException {
    Bound b = bind(sql, params);
    PlanOracle.rows(connection, b.sql(), b.params());
  }
}
