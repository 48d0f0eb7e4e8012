package dev.dpjdbc.analyze.parse;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import java.sql.SQLException;
import java.util.Locale;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.fun.SqlQuantifyOperator;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Refuses {@code x = ANY (<array>)} and every other quantified comparison ({@code op ANY/SOME/ALL})
 * whose operand is not a subquery. PostgreSQL reads such an operand as an array ({@code ANY($1)}
 * with {@code '{N,S}'}, {@code ANY(ARRAY['N','S'])}); Calcite reads it as a list of scalar values,
 * so {@code region = ANY('{N,S}')} would compare each region with the text {@code {N,S}} and
 * release a noisy count of nobody instead of PostgreSQL's answer. Refused with 0A000 by both of the
 * analyzer's planners, naming the form that works: {@code IN (...)}.
 */
public final class QuantifiedComparisons {
  private QuantifiedComparisons() {}

  /** Throws 0A000 when the parsed {@code query} holds a quantified comparison over an array. */
  public static void check(SqlNode query) throws SQLException {
    if (query == null) {
      return;
    }
    try {
      query.accept(
          new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
              if (call.getOperator() instanceof SqlQuantifyOperator q
                  && call.operandCount() == 2
                  && !isQuery(call.operand(1))) {
                throw new Refused(q.getName().toUpperCase(Locale.ROOT).replace("SOME", "ANY"));
              }
              return super.visit(call);
            }
          });
    } catch (Refused e) {
      throw new SQLException(
          "dpjdbc does not support "
              + e.getMessage()
              + " over an array (or a parameter holding one) in a query it releases: PostgreSQL"
              + " compares with each element of the array, dpjdbc's analyzer would not; write"
              + " col IN ('a', 'b') (psycopg2: a tuple parameter; SQLAlchemy: an expanding"
              + " bindparam) or col = ANY (SELECT ...)",
          AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
    }
  }

  private static boolean isQuery(SqlNode operand) {
    if (operand instanceof SqlNodeList list) {
      return list.size() == 1 && isQuery(list.get(0));
    }
    return operand != null
        && (operand.getKind().belongsTo(SqlKind.QUERY) || operand.getKind() == SqlKind.WITH);
  }

  /** Carries the operator's name out of the visitor. */
  private static final class Refused extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Refused(String operator) {
      super(operator, null, false, false);
    }
  }
}
