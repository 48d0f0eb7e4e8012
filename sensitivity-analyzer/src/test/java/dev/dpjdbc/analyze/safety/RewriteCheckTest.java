package dev.dpjdbc.analyze.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.bounding.BoundedRewrite;
import dev.dpjdbc.analyze.bounding.Rewritten;
import dev.dpjdbc.analyze.rewrite.Backend;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.stream.Stream;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.RelBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link ErrorFreedom#checkRewrite}: the rule against data-dependent errors applied to what the
 * backend runs, the bounded rewrite of the DP aggregate. Every allowed query whose aggregates have
 * bounds has a rewrite that passes (its clamps, per-unit partial sums, centred sums, squares and
 * random group choice included); an expression that could fail, placed in a rewritten plan, is
 * refused with 0A000.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RewriteCheckTest {
  SafetyFixture fixture;
  private int rewritten;

  abstract Connection open() throws SQLException;

  private Backend backend;

  @BeforeAll
  void setUp() throws SQLException {
    fixture = new SafetyFixture(open());
    backend = Backend.forProduct(fixture.connection.getMetaData().getDatabaseProductName());
  }

  @AfterAll
  void tearDown() throws SQLException {
    fixture.close();
    // not vacuous: most allowed queries aggregate bounded values and were rewritten and checked
    assertTrue(rewritten >= ErrorCases.allowed().size() / 2, rewritten + " rewrites checked");
  }

  static Stream<ErrorCases.Allowed> allowed() {
    return ErrorCases.allowed().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("allowed")
  void rewriteOfAnAllowedQuery_passes(ErrorCases.Allowed c) throws SQLException {
    SafetyFixture.Split s = fixture.split(c.sql());
    ErrorFreedom.check(s.boundary(), s.analysis(), backend);
    Rewritten r;
    try {
      r =
          BoundedRewrite.rewrite(
              s.boundary(),
              s.analysis(),
              fixture.policy(),
              ErrorFreedom.warranted(s.boundary(), s.analysis(), backend));
    } catch (SQLException e) {
      // no bound for the noise (or an aggregate the rewrite does not bound): nothing to run
      assertTrue(
          e.getSQLState().equals(AnalyzerSqlState.MISSING_BOUND.code())
              || e.getSQLState().equals(AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code()),
          e.getMessage());
      return;
    }
    ErrorFreedom.checkRewrite(r.rel(), s.analysis(), backend);
    rewritten++;
  }

  /** A narrowing cast of an unbounded column, as a faulty rewrite could add one: refused. */
  @Test
  void rewriteWithAnExpressionThatCanFail_refused() throws SQLException {
    SafetyFixture.Split s = fixture.split("SELECT SUM(capped) FROM readings");
    RelBuilder b =
        RelBuilder.proto(org.apache.calcite.plan.Contexts.empty())
            .create(s.boundary().below().getCluster(), null);
    b.push(s.boundary().below());
    RelNode faulty =
        b.project(
                b.cast(
                    b.field(s.boundary().below().getRowType().getFieldNames().indexOf("raw")),
                    SqlTypeName.SMALLINT))
            .aggregate(b.groupKey(), b.sum(b.field(0)))
            .build();
    SQLException e =
        assertThrows(
            SQLException.class, () -> ErrorFreedom.checkRewrite(faulty, s.analysis(), backend));
    assertEquals("0A000", e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().contains("bounded rewrite"), e.getMessage());
  }
}
