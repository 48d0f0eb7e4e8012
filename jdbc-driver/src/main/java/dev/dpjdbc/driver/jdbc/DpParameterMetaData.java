package dev.dpjdbc.driver.jdbc;

import java.sql.ParameterMetaData;
import java.sql.SQLException;
import java.sql.Types;

/**
 * The {@code ?} parameters of a planned statement: their number is exact; their types are not
 * inferred (reported as {@link Types#OTHER}), so bind them with the setter matching the column.
 */
final class DpParameterMetaData implements ParameterMetaData, OwnWrapper {
  private final int count;

  DpParameterMetaData(int count) {
    this.count = count;
  }

  private void check(int i) throws SQLException {
    Refusals.checkIndex("parameter", i, count);
  }

  @Override
  public int getParameterCount() {
    return count;
  }

  @Override
  public int isNullable(int i) throws SQLException {
    check(i);
    return parameterNullableUnknown;
  }

  @Override
  public boolean isSigned(int i) throws SQLException {
    check(i);
    return true;
  }

  @Override
  public int getPrecision(int i) throws SQLException {
    check(i);
    return 0;
  }

  @Override
  public int getScale(int i) throws SQLException {
    check(i);
    return 0;
  }

  @Override
  public int getParameterType(int i) throws SQLException {
    check(i);
    return Types.OTHER;
  }

  @Override
  public String getParameterTypeName(int i) throws SQLException {
    check(i);
    return "unknown";
  }

  @Override
  public String getParameterClassName(int i) throws SQLException {
    check(i);
    return Object.class.getName();
  }

  @Override
  public int getParameterMode(int i) throws SQLException {
    check(i);
    return parameterModeIn;
  }
}
