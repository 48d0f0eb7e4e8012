package dev.dpjdbc.driver.jdbc;

import dev.dpjdbc.driver.execute.Table;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;

/**
 * Metadata of a dpjdbc result, from the plan's output columns (so a {@code PreparedStatement}'s
 * metadata before execution equals its result's after) or from a catalog result's columns. Every
 * column is read-only and nullable (a SUM over a group may be NULL). A catalog column also carries
 * its PostgreSQL type OID and modifier ({@link PgColumnTypes}).
 */
final class DpResultSetMetaData implements ResultSetMetaData, PgColumnTypes, OwnWrapper {
  private final List<Table.Column> columns;

  DpResultSetMetaData(List<Table.Column> columns) {
    this.columns = List.copyOf(columns);
  }

  private Table.Column column(int i) throws SQLException {
    return columns.get(Refusals.checkIndex("column", i, columns.size()) - 1);
  }

  @Override
  public int getColumnCount() {
    return columns.size();
  }

  @Override
  public String getColumnLabel(int i) throws SQLException {
    return column(i).label();
  }

  @Override
  public String getColumnName(int i) throws SQLException {
    return column(i).label();
  }

  @Override
  public int getColumnType(int i) throws SQLException {
    return column(i).jdbcType();
  }

  @Override
  public String getColumnTypeName(int i) throws SQLException {
    return column(i).typeName();
  }

  @Override
  public int getColumnTypeOid(int i) throws SQLException {
    return column(i).typeOid();
  }

  @Override
  public int getColumnTypeMod(int i) throws SQLException {
    return column(i).typeMod();
  }

  @Override
  public String getColumnClassName(int i) throws SQLException {
    String c = column(i).className();
    return c == null ? Object.class.getName() : c;
  }

  @Override
  public int isNullable(int i) throws SQLException {
    column(i);
    return columnNullable;
  }

  @Override
  public boolean isSigned(int i) throws SQLException {
    return column(i).numeric();
  }

  @Override
  public int getPrecision(int i) throws SQLException {
    return switch (column(i).jdbcType()) {
      case Types.BIGINT -> 19;
      case Types.INTEGER -> 10;
      case Types.SMALLINT -> 5;
      case Types.DOUBLE, Types.FLOAT -> 17;
      case Types.REAL -> 8;
      case Types.BOOLEAN, Types.BIT -> 1;
      default -> 0;
    };
  }

  @Override
  public int getScale(int i) throws SQLException {
    column(i);
    return 0;
  }

  @Override
  public int getColumnDisplaySize(int i) throws SQLException {
    return switch (column(i).jdbcType()) {
      case Types.BIGINT -> 20;
      case Types.INTEGER -> 11;
      case Types.SMALLINT -> 6;
      case Types.DOUBLE, Types.FLOAT, Types.REAL -> 25;
      case Types.BOOLEAN, Types.BIT -> 5;
      default -> 64;
    };
  }

  @Override
  public boolean isAutoIncrement(int i) throws SQLException {
    column(i);
    return false;
  }

  @Override
  public boolean isCaseSensitive(int i) throws SQLException {
    int t = column(i).jdbcType();
    return t == Types.VARCHAR || t == Types.CHAR || t == Types.LONGVARCHAR || t == Types.OTHER;
  }

  @Override
  public boolean isSearchable(int i) throws SQLException {
    column(i);
    return false;
  }

  @Override
  public boolean isCurrency(int i) throws SQLException {
    column(i);
    return false;
  }

  @Override
  public String getSchemaName(int i) throws SQLException {
    column(i);
    return "";
  }

  @Override
  public String getTableName(int i) throws SQLException {
    column(i);
    return "";
  }

  @Override
  public String getCatalogName(int i) throws SQLException {
    column(i);
    return "";
  }

  @Override
  public boolean isReadOnly(int i) throws SQLException {
    column(i);
    return true;
  }

  @Override
  public boolean isWritable(int i) throws SQLException {
    column(i);
    return false;
  }

  @Override
  public boolean isDefinitelyWritable(int i) throws SQLException {
    column(i);
    return false;
  }
}
