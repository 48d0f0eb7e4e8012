package dev.dpjdbc.proxy.session;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;

/**
 * Encodes a result column in PostgreSQL's text or binary format for the {@link PgType} it was
 * described with, reading it with the matching typed JDBC getter (so a driver's in-memory Double
 * still goes out as PostgreSQL would print a float8). Binary formats follow PostgreSQL's {@code
 * *send} functions: integers big-endian, floats IEEE 754, dates as days and timestamps as
 * microseconds since 2000-01-01, numeric as base-10000 digit groups.
 */
public final class ValueCodec {
  private ValueCodec() {}

  static final LocalDate PG_EPOCH_DATE = LocalDate.of(2000, 1, 1);
  static final LocalDateTime PG_EPOCH = PG_EPOCH_DATE.atStartOfDay();

  /** The value of column {@code col} of the current row, or null for SQL NULL. */
  public static byte[] encode(ResultSet rs, int col, PgType type, int format) throws SQLException {
    return format == 1 ? binary(rs, col, type) : text(rs, col, type);
  }

  static byte[] text(ResultSet rs, int col, PgType type) throws SQLException {
    String s =
        switch (type) {
          case BOOL -> {
            boolean b = rs.getBoolean(col);
            yield rs.wasNull() ? null : b ? "t" : "f";
          }
          case INT2, INT4, INT8, OID -> {
            long v = rs.getLong(col);
            yield rs.wasNull() ? null : Long.toString(v);
          }
          case FLOAT4, FLOAT8 -> {
            double v = rs.getDouble(col);
            yield rs.wasNull() ? null : floatText(v);
          }
          case NUMERIC -> {
            BigDecimal v = rs.getBigDecimal(col);
            yield v == null ? null : v.toPlainString();
          }
          case BYTEA -> {
            byte[] v = rs.getBytes(col);
            yield v == null ? null : "\\x" + HexFormat.of().formatHex(v);
          }
          default -> rs.getString(col);
        };
    return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
  }

  static byte[] binary(ResultSet rs, int col, PgType type) throws SQLException {
    ByteBuffer b;
    switch (type) {
      case BOOL -> {
        boolean v = rs.getBoolean(col);
        b = ByteBuffer.allocate(1).put((byte) (v ? 1 : 0));
      }
      case INT2 -> b = ByteBuffer.allocate(2).putShort(rs.getShort(col));
      case INT4 -> b = ByteBuffer.allocate(4).putInt(rs.getInt(col));
      case OID -> b = ByteBuffer.allocate(4).putInt((int) rs.getLong(col));
      case INT8 -> b = ByteBuffer.allocate(8).putLong(rs.getLong(col));
      case FLOAT4 -> b = ByteBuffer.allocate(4).putFloat(rs.getFloat(col));
      case FLOAT8 -> b = ByteBuffer.allocate(8).putDouble(rs.getDouble(col));
      case NUMERIC -> {
        BigDecimal v = rs.getBigDecimal(col);
        return v == null ? null : numericBinary(v);
      }
      case BYTEA -> {
        return rs.getBytes(col);
      }
      case DATE -> {
        Date d = rs.getDate(col);
        if (d == null) {
          return null;
        }
        long days = ChronoUnit.DAYS.between(PG_EPOCH_DATE, d.toLocalDate());
        b = ByteBuffer.allocate(4).putInt((int) days);
      }
      case TIME -> {
        Time t = rs.getTime(col);
        if (t == null) {
          return null;
        }
        b = ByteBuffer.allocate(8).putLong(t.toLocalTime().toNanoOfDay() / 1000);
      }
      case TIMESTAMP, TIMESTAMPTZ -> {
        Timestamp t = rs.getTimestamp(col);
        if (t == null) {
          return null;
        }
        long micros =
            type == PgType.TIMESTAMP
                ? ChronoUnit.MICROS.between(PG_EPOCH, t.toLocalDateTime())
                : ChronoUnit.MICROS.between(PG_EPOCH.toInstant(ZoneOffset.UTC), t.toInstant());
        b = ByteBuffer.allocate(8).putLong(micros);
      }
      default -> {
        String s = rs.getString(col);
        return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
      }
    }
    return rs.wasNull() ? null : b.array();
  }

  /** PostgreSQL's float8 output: shortest round-trip digits, exponent below 1e-4 and from 1e15. */
  public static String floatText(double v) {
    if (Double.isNaN(v)) {
      return "NaN";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "Infinity" : "-Infinity";
    }
    if (v == 0) {
      return (1 / v) < 0 ? "-0" : "0";
    }
    double abs = Math.abs(v);
    if (abs >= 1e-4 && abs < 1e15) {
      return new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
    }
    BigDecimal d = new BigDecimal(Double.toString(v)).stripTrailingZeros();
    int exponent = d.precision() - d.scale() - 1;
    BigDecimal mantissa = d.movePointLeft(exponent);
    String sign = exponent < 0 ? "-" : "+";
    String digits = String.format("%02d", Math.abs(exponent));
    return mantissa.stripTrailingZeros().toPlainString() + "e" + sign + digits;
  }

  /**
   * {@code | int16 ndigits | int16 weight | int16 sign (0 or 0x4000) | int16 dscale | ndigits ×
   * int16 base-10000 digit |}; value = Σ digit_k · 10000^(weight − k).
   */
  public static byte[] numericBinary(BigDecimal v) {
    int dscale = Math.max(v.scale(), 0);
    if (v.signum() == 0) {
      return ByteBuffer.allocate(8)
          .putShort((short) 0)
          .putShort((short) 0)
          .putShort((short) 0)
          .putShort((short) dscale)
          .array();
    }
    String plain = v.abs().toPlainString();
    int dot = plain.indexOf('.');
    String intPart = dot < 0 ? plain : plain.substring(0, dot);
    String fracPart = dot < 0 ? "" : plain.substring(dot + 1);
    intPart = "0".repeat((4 - intPart.length() % 4) % 4) + intPart;
    fracPart = fracPart + "0".repeat((4 - fracPart.length() % 4) % 4);
    String all = intPart + fracPart;
    int groups = all.length() / 4;
    short[] digits = new short[groups];
    for (int i = 0; i < groups; i++) {
      digits[i] = Short.parseShort(all.substring(4 * i, 4 * i + 4));
    }
    int weight = intPart.length() / 4 - 1;
    int first = 0;
    while (first < groups && digits[first] == 0) {
      first++;
      weight--;
    }
    int last = groups - 1;
    while (last >= first && digits[last] == 0) {
      last--;
    }
    int n = last - first + 1;
    ByteBuffer b = ByteBuffer.allocate(8 + 2 * n);
    b.putShort((short) n).putShort((short) weight);
    b.putShort((short) (v.signum() < 0 ? 0x4000 : 0)).putShort((short) dscale);
    for (int i = first; i <= last; i++) {
      b.putShort(digits[i]);
    }
    return b.array();
  }

  /** Inverse of {@link #numericBinary}; NaN (sign 0xC000) is refused. */
  public static BigDecimal numericFromBinary(byte[] bytes) {
    ByteBuffer b = ByteBuffer.wrap(bytes);
    int n = b.getShort();
    int weight = b.getShort();
    int sign = b.getShort() & 0xffff;
    int dscale = b.getShort();
    if (sign == 0xC000) {
      throw new IllegalArgumentException("numeric NaN is not supported as a parameter");
    }
    BigInteger unscaled = BigInteger.ZERO;
    for (int i = 0; i < n; i++) {
      unscaled = unscaled.multiply(BigInteger.valueOf(10000)).add(BigInteger.valueOf(b.getShort()));
    }
    BigDecimal v = new BigDecimal(unscaled).scaleByPowerOfTen(4 * (weight - n + 1));
    v = v.setScale(dscale, java.math.RoundingMode.UNNECESSARY);
    return sign == 0x4000 ? v.negate() : v;
  }

  static LocalDate dateFromBinary(byte[] v) {
    return PG_EPOCH_DATE.plusDays(ByteBuffer.wrap(v).getInt());
  }

  static LocalDateTime timestampFromBinary(byte[] v) {
    return PG_EPOCH.plus(ByteBuffer.wrap(v).getLong(), ChronoUnit.MICROS);
  }

  static Instant instantFromBinary(byte[] v) {
    return PG_EPOCH.toInstant(ZoneOffset.UTC).plus(ByteBuffer.wrap(v).getLong(), ChronoUnit.MICROS);
  }

  static LocalTime timeFromBinary(byte[] v) {
    return LocalTime.ofNanoOfDay(ByteBuffer.wrap(v).getLong() * 1000);
  }
}
