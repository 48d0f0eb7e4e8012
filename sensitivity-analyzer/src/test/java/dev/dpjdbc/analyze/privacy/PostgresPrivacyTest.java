package dev.dpjdbc.analyze.privacy;

import dev.dpjdbc.analyze.privacy.Expect.Case;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.SQLException;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every case of the H2-backed tests again, with the schema's keys, foreign keys and CHECKs read
 * from a real PostgreSQL (zonky embedded): the facts must not depend on how H2 prints its catalog.
 */
class PostgresPrivacyTest {
  static EmbeddedPostgres postgres;
  static PrivacyFixture fx;

  @BeforeAll
  static void setUp() throws SQLException {
    try {
      postgres = EmbeddedPostgres.builder().start();
    } catch (IOException e) {
      throw new IllegalStateException(
          "embedded PostgreSQL did not start (as root it needs `unshare -U`): " + e, e);
    }
    fx = new PrivacyFixture(postgres.getPostgresDatabase().getConnection());
  }

  @AfterAll
  static void tearDown() throws SQLException, IOException {
    fx.connection.close();
    postgres.close();
  }

  static Stream<Case> cases() {
    return Stream.of(
            ScanFilterPrivacyTest.cases(),
            ExpressionPrivacyTest.cases(),
            CaseGuardsPrivacyTest.cases(),
            JoinPrivacyTest.cases(),
            AggregateSetOpPrivacyTest.cases(),
            UnitRulePrivacyTest.cases())
        .flatMap(s -> s);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void analyse(Case c) {
    c.expect().accept(fx.analysis().privacy(c.plan().apply(fx.builder())));
  }

  @Test
  void orders_withoutAPolicyUnit_refusedAndSoAreTablesReferencingIt() {
    UnitRulePrivacyTest.checkOrdersWithoutPolicyUnit(fx);
  }

  /** The partial, expression and deferrable unique indexes exist here and must not count. */
  @Test
  void catalog_readsUniqueConstraintsAndIndexes() throws SQLException {
    UnitRulePrivacyTest.checkUniqueKeys(fx);
  }
}
