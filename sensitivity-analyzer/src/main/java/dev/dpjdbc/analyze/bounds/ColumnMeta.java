package dev.dpjdbc.analyze.bounds;

import java.sql.Types;
import java.util.List;

/**
 * One column as the backend's catalog describes it.
 *
 * @param name the backend's own spelling (quoted verbatim in rewritten SQL)
 * @param jdbcType {@link Types} code from {@code DatabaseMetaData.getColumns}
 * @param typeName backend type name, lower case ("int4", "varchar", an enum type's name)
 * @param precision COLUMN_SIZE (0 when unknown)
 * @param scale DECIMAL_DIGITS (0 when unknown)
 * @param nullable false when the column is NOT NULL
 * @param enumLabels the labels of an enum type in declaration order; null for other types
 */
public record ColumnMeta(
    String name,
    int jdbcType,
    String typeName,
    int precision,
    int scale,
    boolean nullable,
    List<String> enumLabels) {
  public ColumnMeta {
    enumLabels = enumLabels == null ? null : List.copyOf(enumLabels);
  }

  public boolean isEnum() {
    return enumLabels != null;
  }

  public boolean isNumeric() {
    return switch (jdbcType) {
      case Types.TINYINT,
              Types.SMALLINT,
              Types.INTEGER,
              Types.BIGINT,
              Types.NUMERIC,
              Types.DECIMAL,
              Types.REAL,
              Types.FLOAT,
              Types.DOUBLE ->
          !isEnum();
      default -> false;
    };
  }

  public boolean isIntegral() {
    return switch (jdbcType) {
      case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT -> true;
      default -> false;
    };
  }

  public boolean isBoolean() {
    return jdbcType == Types.BOOLEAN || jdbcType == Types.BIT;
  }
}
