package dev.dpjdbc.analyze.rel2sql;

import dev.dpjdbc.analyze.rewrite.Backend;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.sql.SqlAlienSystemTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDialect;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.dialect.H2SqlDialect;
import org.apache.calcite.sql.dialect.PostgresqlSqlDialect;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite's PostgreSQL and H2 dialects with what the relational emitter needs on top:
 *
 * <ul>
 *   <li><b>Every CAST is kept.</b> Calcite's {@code RelToSqlConverter} drops a CAST of a character
 *       value in a comparison when the dialect says the backend would coerce implicitly ({@code
 *       CAST(code AS VARCHAR(1)) = '1'} became {@code code = '1'}, a different predicate). Here no
 *       dialect coerces implicitly, so the SQL compares what the plan compares.
 *   <li><b>{@code timestamptz}.</b> The front end types {@code timestamptz} values ({@code now()},
 *       {@code to_timestamp}, timestamptz columns) as Calcite's TIMESTAMP WITH LOCAL TIME ZONE,
 *       which neither backend can parse in a CAST; it is spelled {@code TIMESTAMP(p) WITH TIME
 *       ZONE}, which both read.
 *   <li><b>Interval casts</b> are spelled {@code CAST(x AS INTERVAL start [TO end])} (on H2 with
 *       the largest leading precision, 18, as H2's default of 2 digits overflows at 100 days).
 *       Interval literals never reach a cast: {@link LiteralParameters} binds them as a number
 *       times a one-unit interval.
 * </ul>
 *
 * <p>Not translated: H2's EXTRACT fields that mean something else than PostgreSQL's ({@code DOW}:
 * Sunday is 1 on H2, 0 on PostgreSQL; {@code WEEK}: the JVM locale's week on H2, the ISO week on
 * PostgreSQL; sub-second fields). A query answers as its backend evaluates it, as H2's own answer
 * to the same SQL would.
 */
final class EmitDialect {
  private EmitDialect() {}

  private static final SqlDialect POSTGRESQL =
      new PostgresqlSqlDialect(PostgresqlSqlDialect.DEFAULT_CONTEXT) {
        @Override
        public boolean supportsImplicitTypeCoercion(RexCall call) {
          return false;
        }

        @Override
        public SqlNode getCastSpec(RelDataType type) {
          SqlNode own = castSpec(type, -1);
          return own != null ? own : super.getCastSpec(type);
        }
      };

  private static final int H2_MAX_INTERVAL_PRECISION = 18;

  private static final SqlDialect H2 =
      new H2SqlDialect(H2SqlDialect.DEFAULT_CONTEXT) {
        @Override
        public boolean supportsImplicitTypeCoercion(RexCall call) {
          return false;
        }

        @Override
        public SqlNode getCastSpec(RelDataType type) {
          SqlNode own = castSpec(type, H2_MAX_INTERVAL_PRECISION);
          return own != null ? own : super.getCastSpec(type);
        }
      };

  /** The dialect the relational emitter writes for {@code backend}. */
  static SqlDialect of(Backend backend) {
    return backend == Backend.H2 ? H2 : POSTGRESQL;
  }

  /** The spelling of a cast to {@code type} where Calcite's does not parse; else null. */
  private static SqlNode castSpec(RelDataType type, int intervalPrecision) {
    SqlTypeName name = type.getSqlTypeName();
    if (name == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE) {
      int p = type.getPrecision();
      String spelled = "TIMESTAMP" + (p >= 0 && p <= 6 ? "(" + p + ")" : "") + " WITH TIME ZONE";
      return new SqlDataTypeSpec(
          new SqlAlienSystemTypeNameSpec(spelled, name, SqlParserPos.ZERO), SqlParserPos.ZERO);
    }
    if (SqlTypeName.INTERVAL_TYPES.contains(name) && intervalPrecision < 0) {
      // PostgreSQL: no fields, so nothing is truncated; a bound value states its units (ISO 8601)
      return new SqlDataTypeSpec(
          new SqlAlienSystemTypeNameSpec("INTERVAL", name, SqlParserPos.ZERO), SqlParserPos.ZERO);
    }
    if (SqlTypeName.INTERVAL_TYPES.contains(name) && type.getIntervalQualifier() != null) {
      SqlIntervalQualifier q = type.getIntervalQualifier();
      TimeUnit end = q.getEndUnit();
      return new SqlIntervalQualifier(
          q.getStartUnit(), intervalPrecision, end, -1, SqlParserPos.ZERO);
    }
    return null;
  }
}
