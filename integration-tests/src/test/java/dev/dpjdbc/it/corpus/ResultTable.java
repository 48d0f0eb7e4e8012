package dev.dpjdbc.it.corpus;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A query result read into plain values the two sides can be compared on, whatever JDBC types the
 * backend and the driver chose: numbers as {@link BigDecimal}, dates and timestamps as {@link
 * LocalDate}/{@link LocalDateTime} (a midnight timestamp is the date: {@code date_trunc} of a DATE
 * is a timestamp on PostgreSQL), booleans, everything else as its string form.
 */
record ResultTable(List<String> labels, List<List<Object>> rows) {

  static ResultTable query(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      return read(rs);
    }
  }

  static ResultTable read(ResultSet rs) throws SQLException {
    ResultSetMetaData md = rs.getMetaData();
    List<String> labels = new ArrayList<>();
    for (int i = 1; i <= md.getColumnCount(); i++) {
      labels.add(md.getColumnLabel(i));
    }
    List<List<Object>> rows = new ArrayList<>();
    while (rs.next()) {
      List<Object> row = new ArrayList<>();
      for (int i = 1; i <= labels.size(); i++) {
        row.add(normalize(rs.getObject(i)));
      }
      rows.add(row);
    }
    return new ResultTable(List.copyOf(labels), rows);
  }

  static Object normalize(Object v) {
    if (v == null || v instanceof Boolean || v instanceof String) {
      return v;
    }
    if (v instanceof BigDecimal d) {
      return d;
    }
    if (v instanceof Double || v instanceof Float) {
      double x = ((Number) v).doubleValue();
      return Double.isFinite(x) ? BigDecimal.valueOf(x) : String.valueOf(x);
    }
    if (v instanceof Number n) {
      return new BigDecimal(n.toString());
    }
    if (v instanceof java.sql.Date d) {
      return d.toLocalDate();
    }
    if (v instanceof java.sql.Timestamp t) {
      return dateIfMidnight(t.toLocalDateTime());
    }
    if (v instanceof LocalDateTime t) {
      return dateIfMidnight(t);
    }
    if (v instanceof OffsetDateTime t) {
      return dateIfMidnight(t.toLocalDateTime());
    }
    return v.toString();
  }

  private static Object dateIfMidnight(LocalDateTime t) {
    return t.toLocalTime().equals(LocalTime.MIDNIGHT) ? t.toLocalDate() : t;
  }

  /** The text a key value is matched on. */
  static String keyText(Object v) {
    if (v == null) {
      return "NULL";
    }
    if (v instanceof BigDecimal d) {
      return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
    }
    return v.toString();
  }

  /** The value as a double, or NaN when it is not a number. */
  static double number(Object v) {
    return v instanceof BigDecimal d ? d.doubleValue() : Double.NaN;
  }

  /** Labels compared as a client compares them: case-insensitively. */
  boolean sameLabels(ResultTable other) {
    if (labels.size() != other.labels.size()) {
      return false;
    }
    for (int i = 0; i < labels.size(); i++) {
      if (!labels
          .get(i)
          .toLowerCase(Locale.ROOT)
          .equals(other.labels.get(i).toLowerCase(Locale.ROOT))) {
        return false;
      }
    }
    return true;
  }
}
