package dev.dpjdbc.analyze.sql2rel;

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
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The front end over a real PostgreSQL 14 (zonky embedded): the contract, plus PostgreSQL as the
 * oracle of what is valid PostgreSQL — every query the front end converts also runs on PostgreSQL
 * (so the front end accepts PostgreSQL's language, not Calcite's), and every refusal marked so is
 * refused by PostgreSQL too.
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

  /** Runs {@code sql} on PostgreSQL through pgJDBC ({@code $n} bound as pgJDBC's {@code ?}). */
  private void run(String sql, List<Object> params) throws SQLException {
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
    try (PreparedStatement ps = connection.prepareStatement(text.toString())) {
      for (int i = 0; i < bound.size(); i++) {
        ps.setObject(i + 1, bound.get(i));
      }
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          rs.getObject(1);
        }
      }
    }
  }
}
