package dev.dpjdbc.analyze.safety;

import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.rel2sql.RelSql;
import dev.dpjdbc.analyze.rewrite.Backend;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.rel2sql.RelToSqlConverter;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.util.SqlString;

/** An embedded PostgreSQL 14 (zonky) and running dpjdbc's generated statements on it. */
final class Postgres {
  private Postgres() {}

  static EmbeddedPostgres start() {
    try {
      return EmbeddedPostgres.builder().start();
    } catch (IOException e) {
      throw new IllegalStateException(
          "embedded PostgreSQL did not start (as root it needs `unshare -U`): " + e, e);
    }
  }

  /** {@code rel} as RelSql emits it for PostgreSQL (see {@link #emit(RelNode, Backend)}). */
  static BoundSql emit(RelNode rel) {
    return emit(rel, Backend.POSTGRESQL);
  }

  /**
   * {@code rel} as RelSql emits it for {@code backend}, after expanding SEARCH (BETWEEN and IN
   * after simplification) into comparisons as RelSql does. Where RelSql refuses a literal (a
   * multi-field interval, a string cast to an interval, a {@code TIMESTAMP WITH LOCAL TIME ZONE}),
   * the plan is printed by RelToSqlConverter with its literals inline and only the analyst's
   * parameters bound: these tests are about which expressions the backend evaluates on rows, not
   * about how literals travel.
   */
  static BoundSql emit(RelNode rel, Backend backend) {
    RexBuilder rex = rel.getCluster().getRexBuilder();
    RexShuttle expand =
        new RexShuttle() {
          @Override
          public RexNode visitCall(RexCall call) {
            return call.getKind() == SqlKind.SEARCH
                ? RexUtil.expandSearch(rex, null, call)
                : super.visitCall(call);
          }
        };
    RelNode expanded =
        rel.accept(
            new RelHomogeneousShuttle() {
              @Override
              public RelNode visit(RelNode other) {
                return super.visit(other).accept(expand);
              }
            });
    try {
      return RelSql.emit(expanded, backend);
    } catch (UnsupportedOperationException | IllegalArgumentException e) {
      SqlString text =
          new RelToSqlConverter(backend.dialect())
              .visitRoot(expanded)
              .asStatement()
              .toSqlString(c -> c.withDialect(backend.dialect()).withQuoteAllIdentifiers(true));
      List<ParameterSource> params = new ArrayList<>();
      List<Integer> analyst = analystIndexes(expanded);
      if (text.getDynamicParameters() != null) {
        for (int i : text.getDynamicParameters()) {
          params.add(new ParameterSource.Analyst(analyst.get(i)));
        }
      }
      return new BoundSql(text.getSql(), params);
    }
  }

  /** The analyst parameter indexes of {@code rel}'s dynamic parameters, by their own index. */
  private static List<Integer> analystIndexes(RelNode rel) {
    List<Integer> out = new ArrayList<>();
    rel.accept(
        new RelHomogeneousShuttle() {
          @Override
          public RelNode visit(RelNode other) {
            other.accept(
                new RexShuttle() {
                  @Override
                  public RexNode visitDynamicParam(org.apache.calcite.rex.RexDynamicParam p) {
                    while (out.size() <= p.getIndex()) {
                      out.add(out.size());
                    }
                    return p;
                  }
                });
            return super.visit(other);
          }
        });
    return out;
  }

  /**
   * Runs {@code sql} with its parameters bound ({@code analyst} for the analyst's own) and reads
   * every column of every row, so that every expression of the statement is evaluated.
   *
   * @return the number of rows
   */
  static long run(Connection c, BoundSql sql, List<Object> analyst) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql.sql())) {
      int i = 1;
      for (ParameterSource p : sql.parameters()) {
        if (p instanceof ParameterSource.Constant k && k.value() instanceof String text) {
          ps.setString(i++, text); // typed varchar: RelSql's untyped ? is not always resolvable
        } else if (p instanceof ParameterSource.Constant k) {
          ps.setObject(i++, k.value(), k.jdbcType());
        } else {
          ps.setObject(i++, analyst.get(((ParameterSource.Analyst) p).index()));
        }
      }
      long rows = 0;
      try (ResultSet rs = ps.executeQuery()) {
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          for (int j = 1; j <= n; j++) {
            rs.getString(j);
          }
          rows++;
        }
      }
      return rows;
    }
  }
}
