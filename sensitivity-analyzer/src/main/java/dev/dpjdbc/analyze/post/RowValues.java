package dev.dpjdbc.analyze.post;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Converts between the Java values dpjdbc carries (Integer, Long, Double, BigDecimal, String,
 * Boolean, LocalDate, LocalDateTime, LocalTime; {@code java.sql} date types accepted on input) and
 * Calcite's internal representation (DATE as days, TIMESTAMP as epoch millis, TIME as millis of
 * day). Numbers are coerced to the Java class of their declared SQL type, both ways.
 */
final class RowValues {
  private RowValues() {}

  static List<Object[]> toInternal(List<Object[]> rows, RelDataType type) {
    List<RelDataTypeField> fields = type.getFieldList();
    List<Object[]> out = new ArrayList<>(rows.size());
    for (Object[] row : rows) {
      if (row.length != fields.size()) {
        throw new IllegalArgumentException(
            "released row has " + row.length + " values; the released type has " + fields.size());
      }
      Object[] r = new Object[row.length];
      for (int i = 0; i < row.length; i++) {
        r[i] = toInternal(row[i], fields.get(i).getType().getSqlTypeName());
      }
      out.add(r);
    }
    return out;
  }

  static Object[] toExternal(Object[] row, RelDataType type) {
    List<RelDataTypeField> fields = type.getFieldList();
    Object[] r = new Object[fields.size()];
    for (int i = 0; i < r.length; i++) {
      r[i] = toExternal(row[i], fields.get(i).getType().getSqlTypeName());
    }
    return r;
  }

  private static Object toInternal(Object v, SqlTypeName t) {
    if (v == null) {
      return null;
    }
    switch (t) {
      case DATE:
        if (v instanceof java.sql.Date d) {
          v = d.toLocalDate();
        }
        return v instanceof LocalDate ld ? (int) ld.toEpochDay() : v;
      case TIMESTAMP:
        if (v instanceof java.sql.Timestamp ts) {
          v = ts.toLocalDateTime();
        }
        return v instanceof LocalDateTime ldt ? ldt.toInstant(ZoneOffset.UTC).toEpochMilli() : v;
      case TIME:
        return v instanceof LocalTime lt ? (int) (lt.toNanoOfDay() / 1_000_000L) : v;
      default:
        return number(v, t);
    }
  }

  private static Object toExternal(Object v, SqlTypeName t) {
    if (v == null) {
      return null;
    }
    switch (t) {
      case DATE:
        return v instanceof Number n ? LocalDate.ofEpochDay(n.longValue()) : v;
      case TIMESTAMP:
        return v instanceof Number n
            ? LocalDateTime.ofEpochSecond(
                Math.floorDiv(n.longValue(), 1000L),
                (int) Math.floorMod(n.longValue(), 1000L) * 1_000_000,
                ZoneOffset.UTC)
            : v;
      case TIME:
        return v instanceof Number n ? LocalTime.ofNanoOfDay(n.longValue() * 1_000_000L) : v;
      default:
        return number(v, t);
    }
  }

  private static Object number(Object v, SqlTypeName t) {
    if (!(v instanceof Number n0)) {
      return v;
    }
    Number n = n0;
    if ((n instanceof Double || n instanceof Float || n instanceof BigDecimal)
        && (t == SqlTypeName.TINYINT
            || t == SqlTypeName.SMALLINT
            || t == SqlTypeName.INTEGER
            || t == SqlTypeName.BIGINT)) {
      n = Math.rint(n.doubleValue()); // a noisy SUM of integers: rounded as PostgreSQL casts
    }
    switch (t) {
      case TINYINT:
        return n.byteValue();
      case SMALLINT:
        return n.shortValue();
      case INTEGER:
        return n.intValue();
      case BIGINT:
        return n.longValue();
      case REAL:
        return n.floatValue();
      case FLOAT:
      case DOUBLE:
        return n.doubleValue();
      case DECIMAL:
        return n instanceof BigDecimal b ? b : new BigDecimal(n.toString());
      default:
        return v;
    }
  }
}
