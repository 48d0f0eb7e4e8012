package dev.dpjdbc.analyze.sql2rel;

import dev.dpjdbc.analyze.bounds.ColumnMeta;
import java.sql.Types;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeImpl;
import org.apache.calcite.rel.type.RelProtoDataType;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite types for catalog columns ({@link ColumnMeta}'s JDBC type), and PostgreSQL's own type
 * names ({@code int4}, {@code float8}, {@code text}, {@code timestamptz}, ...) that the Babel
 * parser reads as user-defined type names in {@code x::int4} or {@code CAST(x AS text)}.
 */
final class ColumnTypes {
  private ColumnTypes() {}

  /** Precision of a TIMESTAMP or TIME whose catalog entry gives none (PostgreSQL's default). */
  static final int DEFAULT_FRACTION_DIGITS = 6;

  /** Precision and scale of a NUMERIC column declared without them. */
  static final int UNCONSTRAINED_NUMERIC_PRECISION = 38;

  static final int UNCONSTRAINED_NUMERIC_SCALE = 10;

  private static final Map<String, SqlTypeName> POSTGRES_NAMES =
      Map.ofEntries(
          Map.entry("int2", SqlTypeName.SMALLINT),
          Map.entry("int4", SqlTypeName.INTEGER),
          Map.entry("int8", SqlTypeName.BIGINT),
          Map.entry("float4", SqlTypeName.REAL),
          Map.entry("float8", SqlTypeName.DOUBLE),
          Map.entry("text", SqlTypeName.VARCHAR),
          Map.entry("bpchar", SqlTypeName.CHAR),
          Map.entry("bool", SqlTypeName.BOOLEAN),
          Map.entry("timestamptz", SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE),
          Map.entry("string", SqlTypeName.VARCHAR));

  /**
   * The Calcite type of a catalog column: nullable unless the backend enforces NOT NULL; enum
   * columns are strings; unknown types (arrays, json, uuid, ...) are VARCHAR.
   */
  static RelDataType of(RelDataTypeFactory f, ColumnMeta c) {
    return f.createTypeWithNullability(base(f, c), c.nullable());
  }

  private static RelDataType base(RelDataTypeFactory f, ColumnMeta c) {
    if (c.isEnum()) {
      return f.createSqlType(SqlTypeName.VARCHAR);
    }
    return switch (c.jdbcType()) {
      case Types.TINYINT -> f.createSqlType(SqlTypeName.TINYINT);
      case Types.SMALLINT -> f.createSqlType(SqlTypeName.SMALLINT);
      case Types.INTEGER -> f.createSqlType(SqlTypeName.INTEGER);
      case Types.BIGINT -> f.createSqlType(SqlTypeName.BIGINT);
      case Types.NUMERIC, Types.DECIMAL -> decimal(f, c);
      case Types.REAL -> f.createSqlType(SqlTypeName.REAL);
      case Types.FLOAT, Types.DOUBLE -> f.createSqlType(SqlTypeName.DOUBLE);
      case Types.BOOLEAN, Types.BIT -> f.createSqlType(SqlTypeName.BOOLEAN);
      case Types.DATE -> f.createSqlType(SqlTypeName.DATE);
      case Types.TIME, Types.TIME_WITH_TIMEZONE ->
          f.createSqlType(SqlTypeName.TIME, fractionDigits(c));
      case Types.TIMESTAMP -> f.createSqlType(SqlTypeName.TIMESTAMP, fractionDigits(c));
      case Types.TIMESTAMP_WITH_TIMEZONE ->
          f.createSqlType(SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE, fractionDigits(c));
      case Types.CHAR, Types.NCHAR ->
          f.createSqlType(SqlTypeName.CHAR, Math.max(1, Math.min(c.precision(), 65536)));
      default -> f.createSqlType(SqlTypeName.VARCHAR);
    };
  }

  private static RelDataType decimal(RelDataTypeFactory f, ColumnMeta c) {
    int max = f.getTypeSystem().getMaxPrecision(SqlTypeName.DECIMAL);
    if (c.precision() > 0 && c.precision() <= max && c.scale() >= 0 && c.scale() <= c.precision()) {
      return f.createSqlType(SqlTypeName.DECIMAL, c.precision(), c.scale());
    }
    return f.createSqlType(
        SqlTypeName.DECIMAL, UNCONSTRAINED_NUMERIC_PRECISION, UNCONSTRAINED_NUMERIC_SCALE);
  }

  private static int fractionDigits(ColumnMeta c) {
    return c.scale() >= 0 && c.scale() <= 9 && c.scale() != 0 ? c.scale() : DEFAULT_FRACTION_DIGITS;
  }

  /** The PostgreSQL type names {@link #postgresName} knows. */
  static Set<String> postgresNames() {
    return POSTGRES_NAMES.keySet();
  }

  /** A PostgreSQL type name the parser does not know natively, or null. */
  static RelProtoDataType postgresName(String name) {
    SqlTypeName t = POSTGRES_NAMES.get(name.toLowerCase(Locale.ROOT));
    return t == null ? null : RelDataTypeImpl.proto(t, true);
  }

  /**
   * PostgreSQL's name for a type (what {@code FigureColname} shows for {@code 1::int}: {@code
   * int4}); {@code typeName} is Calcite's name or a PostgreSQL name as written.
   */
  static String postgresLabel(String typeName) {
    String lower = typeName.toLowerCase(Locale.ROOT);
    SqlTypeName t = SqlTypeName.get(typeName.toUpperCase(Locale.ROOT));
    if (t == null) {
      return lower;
    }
    return switch (t) {
      case SMALLINT -> "int2";
      case INTEGER -> "int4";
      case BIGINT -> "int8";
      case REAL -> "float4";
      case FLOAT, DOUBLE -> "float8";
      case DECIMAL -> "numeric";
      case CHAR -> "bpchar";
      case BOOLEAN -> "bool";
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> "timestamptz";
      default -> lower;
    };
  }
}
