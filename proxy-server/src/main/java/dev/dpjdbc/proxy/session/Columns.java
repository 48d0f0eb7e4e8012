package dev.dpjdbc.proxy.session;

import dev.dpjdbc.driver.jdbc.PgColumnTypes;
import dev.dpjdbc.proxy.wire.FieldDescription;
import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The described columns of a result: what RowDescription says and how DataRow encodes each column.
 * Built once per statement or portal so every row is encoded with the types the client was told
 * about.
 *
 * <p>A column the driver knows the backend's PostgreSQL type OID of (a catalog column, {@link
 * PgColumnTypes}) is described with that OID and type modifier; its value goes out through {@link
 * ValueCodec} when the OID is a {@link PgType}, else as the backend's text (binary through {@link
 * PgArrays} where defined). Other columns (released DP columns) are described by type name.
 *
 * @param types the encoder of each column, or null where the value is the backend's text
 */
record Columns(List<FieldDescription> fields, PgType[] types) {

  static Columns describe(ResultSetMetaData md, int[] resultFormats) throws SQLException {
    int n = md.getColumnCount();
    PgColumnTypes pg = md.isWrapperFor(PgColumnTypes.class) ? md.unwrap(PgColumnTypes.class) : null;
    List<FieldDescription> fields = new ArrayList<>(n);
    PgType[] types = new PgType[n];
    for (int i = 0; i < n; i++) {
      int oid = pg == null ? 0 : pg.getColumnTypeOid(i + 1);
      int mod = pg == null ? -1 : pg.getColumnTypeMod(i + 1);
      int len;
      if (oid == 0) {
        PgType type = PgType.of(md.getColumnTypeName(i + 1), md.getColumnType(i + 1));
        types[i] = type;
        oid = type.oid();
        len = type.length();
      } else {
        types[i] = PgType.ofOid(oid);
        len = types[i] != null ? types[i].length() : PgTypeLengths.of(oid);
      }
      String label = md.getColumnLabel(i + 1);
      fields.add(
          new FieldDescription(
              label == null ? "?column?" : label, oid, len, mod, format(resultFormats, i)));
    }
    Columns columns = new Columns(List.copyOf(fields), types);
    columns.requireEncodable();
    return columns;
  }

  /** The same columns with the formats a Bind asked for. */
  Columns withFormats(int[] resultFormats) throws SQLException {
    List<FieldDescription> out = new ArrayList<>(fields.size());
    for (int i = 0; i < fields.size(); i++) {
      FieldDescription f = fields.get(i);
      out.add(
          new FieldDescription(
              f.name(), f.typeOid(), f.typeLen(), f.typeMod(), format(resultFormats, i)));
    }
    Columns columns = new Columns(List.copyOf(out), types);
    columns.requireEncodable();
    return columns;
  }

  /** Refuses binary results for a type with no binary encoding here, as PostgreSQL does (42883). */
  private void requireEncodable() throws SQLException {
    for (int i = 0; i < types.length; i++) {
      FieldDescription f = fields.get(i);
      if (f.format() == 1 && types[i] == null && !PgArrays.hasBinary(f.typeOid())) {
        throw new SQLException(
            "no binary output function available for type OID "
                + f.typeOid()
                + " (column "
                + f.name()
                + "); ask for this column in text format",
            "42883");
      }
    }
  }

  /** Column i (0-based) of the current row in the format it was described with; null for NULL. */
  byte[] encode(ResultSet rs, int i) throws SQLException {
    if (types[i] != null) {
      return ValueCodec.encode(rs, i + 1, types[i], format(i));
    }
    String text = rs.getString(i + 1);
    if (text == null) {
      return null;
    }
    return format(i) == 1
        ? PgArrays.binary(fields.get(i).typeOid(), text)
        : text.getBytes(StandardCharsets.UTF_8);
  }

  int size() {
    return types.length;
  }

  int format(int i) {
    return fields.get(i).format();
  }

  /** Result format of column i: none given = text, one given = for all, else per column. */
  static int format(int[] formats, int i) {
    if (formats == null || formats.length == 0) {
      return 0;
    }
    return formats.length == 1 ? formats[0] : (i < formats.length ? formats[i] : 0);
  }
}
