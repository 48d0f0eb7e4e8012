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
 * the parameter's type OID (declared in Parse, else 0 = unspecified). A text parameter that is
 * unspecified, or whose type the proxy does not model (arrays such as {@code text[]}, {@code uuid},
 * {@code json}, {@code interval}), travels as PostgreSQL's {@code unknown} ({@code setObject(i,
 * text, Types.OTHER)}): the backend infers its type from the statement, as PostgreSQL does. A typed
 * number or boolean whose text does not read as one is refused with {@code 22P02} and PostgreSQL's
 * message, before anything runs; a typed date or time the JVM cannot read (PostgreSQL accepts more
 * spellings) is left to the backend as {@code unknown}.
 */
final class ParameterBinder {
  private static final int UUID_OID = 2950;

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
    String t = s.trim();
    try {
      switch (type) {
        case INT2 -> ps.setShort(index, Short.parseShort(t));
        case INT4 -> ps.setInt(index, Integer.parseInt(t));
        case INT8 -> ps.setLong(index, Long.parseLong(t));
        case OID -> ps.setLong(index, Long.parseLong(t));
        case FLOAT4, FLOAT8 -> ps.setDouble(index, parseDouble(t));
        case NUMERIC -> bindNumeric(ps, index, t);
        case BOOL -> ps.setBoolean(index, parseBool(t));
        case DATE, TIME, TIMESTAMP, TIMESTAMPTZ -> bindTemporal(ps, index, type, s);
        default -> ps.setString(index, s);
      }
    } catch (NumberFormatException e) {
      throw invalidInput(type, s);
    }
  }

  /** PostgreSQL's {@code unknown}: the backend infers the type from the statement. */
  private static void bindUnknown(PreparedStatement ps, int index, String s) throws SQLException {
    ps.setObject(index, s, Types.OTHER);
  }

  private static void bindNumeric(PreparedStatement ps, int index, String t) throws SQLException {
    String l = t.toLowerCase(java.util.Locale.ROOT);
    if (l.equals("nan") || l.endsWith("infinity")) {
      bindUnknown(ps, index, t); // numeric's special values: no BigDecimal holds them
    } else {
      ps.setBigDecimal(index, new BigDecimal(t));
    }
  }

  private static void bindTemporal(PreparedStatement ps, int index, PgType type, String s)
      throws SQLException {
    String t = s.trim();
    try {
      switch (type) {
        case DATE -> ps.setDate(index, Date.valueOf(LocalDate.parse(t)));
        case TIME -> ps.setTime(index, Time.valueOf(t));
        case TIMESTAMP -> ps.setTimestamp(index, Timestamp.valueOf(t.replace('T', ' ')));
        default -> bindUnknown(ps, index, s); // timestamptz: the backend reads the zone
      }
    } catch (RuntimeException e) {
      bindUnknown(ps, index, s); // a spelling PostgreSQL reads and java.time does not
    }
  }

  private static double parseDouble(String t) {
    String l = t.toLowerCase(java.util.Locale.ROOT);
    return switch (l) {
      case "nan" -> Double.NaN;
      case "infinity", "+infinity", "inf", "+inf" -> Double.POSITIVE_INFINITY;
      case "-infinity", "-inf" -> Double.NEGATIVE_INFINITY;
      default -> {
        if (!l.matches("[+-]?(\\d+\\.?\\d*|\\.\\d+)(e[+-]?\\d+)?")) {
          throw new NumberFormatException(t);
        }
        yield Double.parseDouble(t);
      }
    };
  }

  /** PostgreSQL's {@code 22P02} for a typed parameter whose text does not read as its type. */
  static SQLException invalidInput(PgType type, String text) {
    return new SQLException(
        "invalid input syntax for type " + sqlName(type) + ": \"" + text + "\"", "22P02");
  }

  private static String sqlName(PgType type) {
    return switch (type) {
      case INT2 -> "smallint";
      case INT4 -> "integer";
      case INT8 -> "bigint";
      case OID -> "oid";
      case FLOAT4 -> "real";
      case FLOAT8 -> "double precision";
      case NUMERIC -> "numeric";
      case BOOL -> "boolean";
      default -> type.name().toLowerCase(java.util.Locale.ROOT);
    };
  }

  private static void bindBinary(PreparedStatement ps, int index, byte[] v, PgType type, int oid)
      throws SQLException {
    if (type == null && oid == UUID_OID && v.length == 16) {
      ByteBuffer u = ByteBuffer.wrap(v);
      bindUnknown(ps, index, new java.util.UUID(u.getLong(), u.getLong()).toString());
      return;
    }
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

  /** PostgreSQL's boolean input: a unique prefix of true/false/yes/no, on/off, 1/0. */
  private static boolean parseBool(String s) {
    String l = s.toLowerCase(java.util.Locale.ROOT);
    if (l.isEmpty()) {
      throw new NumberFormatException(s);
    }
    if ("true".startsWith(l) || "yes".startsWith(l) || l.equals("on") || l.equals("1")) {
      return true;
    }
    if ("false".startsWith(l)
        || "no".startsWith(l)
        || l.equals("off")
        || l.equals("of")
        || l.equals("0")) {
      return false;
    }
    throw new NumberFormatException(s);
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
