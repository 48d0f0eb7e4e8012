package dev.dpjdbc.analyze.rewrite;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import java.sql.SQLException;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlAlienSystemTypeNameSpec;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Cast target types as dpjdbc spells them for the backend: built from the type's kind, precision
 * and scale (numbers), never from the analyst's spelling, and in names the backend knows (Calcite
 * would print {@code DOUBLE}, which PostgreSQL does not have). A type outside this list is refused
 * (0A000).
 */
final class CastTypes {
  private CastTypes() {}

  private static final Set<TimeUnit> UNITS =
      EnumSet.of(
          TimeUnit.YEAR,
          TimeUnit.MONTH,
          TimeUnit.DAY,
          TimeUnit.HOUR,
          TimeUnit.MINUTE,
          TimeUnit.SECOND);

  /** The analyst's cast target, re-spelled; refused when it is not a plain built-in type. */
  static SqlDataTypeSpec respell(SqlDataTypeSpec spec, Backend backend) throws SQLException {
    if (!(spec.getTypeNameSpec() instanceof SqlBasicTypeNameSpec basic)
        || basic.getCharSetName() != null
        || spec.getTimeZone() != null) {
      throw unsupported(spec.toString());
    }
    SqlTypeName type = SqlTypeName.get(basic.getTypeName().getSimple().toUpperCase(Locale.ROOT));
    if (type == null) {
      throw unsupported(basic.getTypeName().getSimple());
    }
    return of(backend, type, basic.getPrecision(), basic.getScale(), spec.getParserPosition());
  }

  /**
   * {@code type(precision, scale)} for {@code backend}; a negative precision (or a scale below 0)
   * means "not given".
   */
  static SqlDataTypeSpec of(
      Backend backend, SqlTypeName type, int precision, int scale, SqlParserPos pos)
      throws SQLException {
    boolean pg = backend == Backend.POSTGRESQL;
    String p = precision >= 0 ? "(" + precision + ")" : "";
    String name =
        switch (type) {
          case BOOLEAN -> "BOOLEAN";
          case TINYINT -> pg ? "SMALLINT" : "TINYINT";
          case SMALLINT -> "SMALLINT";
          case INTEGER -> "INTEGER";
          case BIGINT -> "BIGINT";
          case DECIMAL ->
              precision < 0
                  ? "NUMERIC"
                  : "NUMERIC(" + precision + (scale >= 0 ? ", " + scale : "") + ")";
          case REAL -> "REAL";
          case FLOAT, DOUBLE -> "DOUBLE PRECISION";
          case CHAR -> "CHAR" + p;
          case VARCHAR -> "VARCHAR" + p;
          case DATE -> "DATE";
          case TIME -> "TIME" + p;
          case TIMESTAMP -> "TIMESTAMP" + p;
          case BINARY, VARBINARY -> pg ? "BYTEA" : "VARBINARY";
          default -> throw unsupported(type.getName());
        };
    return new SqlDataTypeSpec(new SqlAlienSystemTypeNameSpec(name, type, pos), pos);
  }

  /**
   * An interval qualifier (EXTRACT's field, or an interval cast target) rebuilt from its time
   * units; refused for named time frames and units beyond YEAR..SECOND. On H2 the leading field
   * gets the widest precision (18) and seconds 9 digits, so any value the parser accepted fits.
   */
  static SqlIntervalQualifier respell(SqlIntervalQualifier q, Backend backend, boolean castTarget)
      throws SQLException {
    TimeUnit start = q.getStartUnit();
    TimeUnit end = q.getEndUnit();
    if (q.timeFrameName != null && !q.timeFrameName.equalsIgnoreCase(start.name())) {
      throw unsupported("time frame " + q.timeFrameName);
    }
    if (!castTarget) {
      return new SqlIntervalQualifier(start, null, q.getParserPosition());
    }
    if (!UNITS.contains(start) || (end != null && !UNITS.contains(end))) {
      throw unsupported("INTERVAL " + q);
    }
    if (backend == Backend.POSTGRESQL) {
      return new SqlIntervalQualifier(start, end, q.getParserPosition());
    }
    boolean seconds = (end == null ? start : end) == TimeUnit.SECOND;
    return new SqlIntervalQualifier(
        start, 18, end, seconds ? 9 : RelDataType.PRECISION_NOT_SPECIFIED, q.getParserPosition());
  }

  static SQLException unsupported(String what) {
    return new SQLException(
        "dpjdbc does not support " + what + " in WHERE yet",
        AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
  }
}
