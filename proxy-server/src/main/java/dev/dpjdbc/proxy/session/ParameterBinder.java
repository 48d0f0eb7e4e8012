package dev.dpjdbc.proxy.session;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * Sets one Bind parameter on a JDBC PreparedStatement, decoding PostgreSQL's text or binary form by
 * the parameter's type OID (declared in Parse, else 0 = unspecified). An unspecified text parameter
 * is bound as a long or decimal when it reads as one, else as a string — the closest a JDBC driver
 * gets to PostgreSQL's "unknown" literal.
 */
final class ParameterBinder {
  private ParameterBinder() {}

  static void bind(PreparedStatement ps, int index, byte[] value, int format, int oid)
      throws SQLException {
    PgType type = PgType.ofOid(oid);
    if (value == null) {
      ps.setNull(index, type == null ? Types.NULL : sqlType(type));
      return;
    }
    if (format == 1) {
      bindBinary(ps, index, value, type, oid);
      return;
    }
    String s = new String(value, StandardCharsets.UTF_8);
    if (type == null) {
      bindUnknown(ps, index, s);
      return;
    }
    switch (type) {
      case INT2, INT4 -> ps.setInt(index, Integer.parseInt(s.trim()));
      case INT8, OID -> ps.setLong(index, Long.parseLong(s.trim()));
      case FLOAT4, FLOAT8 -> ps.setDouble(index, Double.parseDouble(s.trim()));
      case NUMERIC -> ps.setBigDecimal(index, new BigDecimal(s.trim()));
      case BOOL -> ps.setBoolean(index, isTrue(s.trim()));
      case DATE -> ps.setDate(index, Date.valueOf(LocalDate.parse(s.trim())));
      case TIME -> ps.setTime(index, Time.valueOf(s.trim()));
      case TIMESTAMP -> ps.setTimestamp(index, Timestamp.valueOf(s.trim().replace('T', ' ')));
      default -> ps.setString(index, s);
    }
  }

  private static void bindUnknown(PreparedStatement ps, int index, String s) throws SQLException {
    String t = s.trim();
    if (t.matches("[+-]?\\d{1,18}")) {
      ps.setLong(index, Long.parseLong(t));
    } else if (t.matches("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?")) {
      ps.setBigDecimal(index, new BigDecimal(t));
    } else {
      ps.setString(index, s);
    }
  }

  private static void bindBinary(PreparedStatement ps, int index, byte[] v, PgType type, int oid)
      throws SQLException {
    if (type == null) {
      throw new SQLFeatureNotSupportedException(
          "binary parameter $"
              + index
              + " has unknown type OID "
              + oid
              + "; send it in text format or declare its type in Parse",
          "0A000");
    }
    ByteBuffer b = ByteBuffer.wrap(v);
    switch (type) {
      case BOOL -> ps.setBoolean(index, v[0] != 0);
      case INT2 -> ps.setShort(index, b.getShort());
      case INT4 -> ps.setInt(index, b.getInt());
      case OID -> ps.setLong(index, b.getInt() & 0xffffffffL);
      case INT8 -> ps.setLong(index, b.getLong());
      case FLOAT4 -> ps.setFloat(index, b.getFloat());
      case FLOAT8 -> ps.setDouble(index, b.getDouble());
      case NUMERIC -> ps.setBigDecimal(index, ValueCodec.numericFromBinary(v));
      case BYTEA -> ps.setBytes(index, v);
      case DATE -> ps.setDate(index, Date.valueOf(ValueCodec.dateFromBinary(v)));
      case TIME -> ps.setTime(index, Time.valueOf(ValueCodec.timeFromBinary(v)));
      case TIMESTAMP -> {
        LocalDateTime t = ValueCodec.timestampFromBinary(v);
        ps.setTimestamp(index, Timestamp.valueOf(t));
      }
      case TIMESTAMPTZ -> ps.setTimestamp(index, Timestamp.from(ValueCodec.instantFromBinary(v)));
      default -> ps.setString(index, new String(v, StandardCharsets.UTF_8));
    }
  }

  private static boolean isTrue(String s) {
    String l = s.toLowerCase(java.util.Locale.ROOT);
    return l.equals("t")
        || l.equals("true")
        || l.equals("1")
        || l.equals("y")
        || l.equals("yes")
        || l.equals("on");
  }

  static int sqlType(PgType type) {
    return switch (type) {
      case BOOL -> Types.BOOLEAN;
      case INT2 -> Types.SMALLINT;
      case INT4 -> Types.INTEGER;
      case INT8, OID -> Types.BIGINT;
      case FLOAT4 -> Types.REAL;
      case FLOAT8 -> Types.DOUBLE;
      case NUMERIC -> Types.NUMERIC;
      case DATE -> Types.DATE;
      case TIME -> Types.TIME;
      case TIMESTAMP -> Types.TIMESTAMP;
      case TIMESTAMPTZ -> Types.TIMESTAMP_WITH_TIMEZONE;
      case BYTEA -> Types.BINARY;
      default -> Types.VARCHAR;
    };
  }
}
