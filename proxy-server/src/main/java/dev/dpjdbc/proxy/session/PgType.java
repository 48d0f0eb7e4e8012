package dev.dpjdbc.proxy.session;

import java.sql.Types;
import java.util.Locale;

/**
 * The PostgreSQL types the proxy describes columns and parameters with (OIDs from {@code
 * pg_type.dat}). Every one has a text and a binary encoding in {@link ValueCodec}, so whatever
 * format a client asks for can be produced; anything else is described as {@code text}.
 */
public enum PgType {
  BOOL(16, 1),
  BYTEA(17, -1),
  CHAR(18, 1),
  NAME(19, 64),
  INT8(20, 8),
  INT2(21, 2),
  INT4(23, 4),
  TEXT(25, -1),
  OID(26, 4),
  FLOAT4(700, 4),
  FLOAT8(701, 8),
  BPCHAR(1042, -1),
  VARCHAR(1043, -1),
  DATE(1082, 4),
  TIME(1083, 8),
  TIMESTAMP(1114, 8),
  TIMESTAMPTZ(1184, 8),
  NUMERIC(1700, -1);

  private final int oid;
  private final int length;

  PgType(int oid, int length) {
    this.oid = oid;
    this.length = length;
  }

  public int oid() {
    return oid;
  }

  /** {@code pg_type.typlen}: bytes of the fixed-size binary form, -1 variable. */
  public int length() {
    return length;
  }

  /** The type with this OID, or null. */
  public static PgType ofOid(int oid) {
    for (PgType t : values()) {
      if (t.oid == oid) {
        return t;
      }
    }
    return null;
  }

  /**
   * The type to describe a JDBC column with: by the backend's type name first (PostgreSQL and H2
   * spellings), then by {@link java.sql.Types}, else {@code text}.
   */
  public static PgType of(String typeName, int jdbcType) {
    String name = typeName == null ? "" : typeName.toLowerCase(Locale.ROOT);
    switch (name) {
      case "bool", "boolean":
        return BOOL;
      case "bytea":
        return BYTEA;
      case "char", "\"char\"":
        return CHAR;
      case "name":
        return NAME;
      case "int8", "bigint", "bigserial":
        return INT8;
      case "int2", "smallint", "tinyint":
        return INT2;
      case "int4", "integer", "int", "serial":
        return INT4;
      case "text":
        return TEXT;
      case "oid":
        return OID;
      case "float4", "real":
        return FLOAT4;
      case "float8", "double precision", "double", "float":
        return FLOAT8;
      case "bpchar", "character":
        return BPCHAR;
      case "varchar", "character varying":
        return VARCHAR;
      case "date":
        return DATE;
      case "time", "time without time zone":
        return TIME;
      case "timestamp", "timestamp without time zone":
        return TIMESTAMP;
      case "timestamptz", "timestamp with time zone":
        return TIMESTAMPTZ;
      case "numeric", "decimal":
        return NUMERIC;
      default:
        break;
    }
    if (!name.isEmpty()
        && (name.startsWith("_") || name.startsWith("reg") || name.endsWith("[]"))) {
      return TEXT; // arrays, reg* aliases: their text form is what clients display
    }
    return switch (jdbcType) {
      case Types.BOOLEAN, Types.BIT -> BOOL;
      case Types.BIGINT -> INT8;
      case Types.SMALLINT, Types.TINYINT -> INT2;
      case Types.INTEGER -> INT4;
      case Types.REAL -> FLOAT4;
      case Types.DOUBLE, Types.FLOAT -> FLOAT8;
      case Types.NUMERIC, Types.DECIMAL -> NUMERIC;
      case Types.CHAR, Types.NCHAR -> BPCHAR;
      case Types.VARCHAR, Types.NVARCHAR, Types.LONGVARCHAR -> VARCHAR;
      case Types.DATE -> DATE;
      case Types.TIME -> TIME;
      case Types.TIMESTAMP -> TIMESTAMP;
      case Types.TIMESTAMP_WITH_TIMEZONE -> TIMESTAMPTZ;
      case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY -> BYTEA;
      default -> TEXT;
    };
  }
}
