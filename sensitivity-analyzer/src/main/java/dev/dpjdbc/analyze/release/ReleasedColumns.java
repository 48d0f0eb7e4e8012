package dev.dpjdbc.analyze.release;

import dev.dpjdbc.analyze.plan.OutputColumn;
import dev.dpjdbc.analyze.plan.OutputExpr;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The JDBC type code and PostgreSQL type name of a released column, from its Calcite type (the
 * front end types columns as PostgreSQL does: COUNT is BIGINT, AVG of an integer NUMERIC), or the
 * backend's own type name where {@link SourceTypeNames} found the column to be a plain copy of a
 * catalog column ({@code text} stays {@code text}).
 */
final class ReleasedColumns {
  private ReleasedColumns() {}

  /**
   * Columns named {@code names}, typed by {@code type}'s fields, with the given expressions; {@code
   * sources} (entries may be null) overrides the type name and modifier of a column copied from the
   * catalog.
   */
  static List<OutputColumn> columns(
      List<String> names,
      RelDataType type,
      List<OutputExpr> exprs,
      List<String> aggregates,
      List<SourceTypeNames.Source> sources) {
    List<OutputColumn> out = new ArrayList<>();
    List<RelDataTypeField> fields = type.getFieldList();
    for (int i = 0; i < fields.size(); i++) {
      SqlTypeName t = fields.get(i).getType().getSqlTypeName();
      SourceTypeNames.Source source = isCharacter(t) ? sources.get(i) : null;
      out.add(
          new OutputColumn(
              names.get(i),
              jdbcType(t),
              source != null ? source.name() : typeName(t),
              aggregates == null ? null : aggregates.get(i),
              exprs == null ? null : exprs.get(i),
              source != null ? source.typeMod() : -1));
    }
    return out;
  }

  private static boolean isCharacter(SqlTypeName t) {
    return t == SqlTypeName.CHAR || t == SqlTypeName.VARCHAR;
  }

  static int jdbcType(SqlTypeName t) {
    return switch (t) {
      case CHAR -> java.sql.Types.CHAR;
      case VARCHAR -> java.sql.Types.VARCHAR;
      case FLOAT -> java.sql.Types.DOUBLE;
      default -> t.getJdbcOrdinal();
    };
  }

  static String typeName(SqlTypeName t) {
    return switch (t) {
      case BOOLEAN -> "bool";
      case TINYINT, SMALLINT -> "int2";
      case INTEGER -> "int4";
      case BIGINT -> "int8";
      case DECIMAL -> "numeric";
      case REAL -> "float4";
      case FLOAT, DOUBLE -> "float8";
      case CHAR -> "bpchar";
      case VARCHAR -> "varchar";
      case DATE -> "date";
      case TIME -> "time";
      case TIMESTAMP -> "timestamp";
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> "timestamptz";
      default -> "text";
    };
  }
}
