package dev.dpjdbc.proxy.session;

import dev.dpjdbc.proxy.wire.FieldDescription;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The described columns of a result: what RowDescription says and how DataRow encodes each column.
 * Built once per statement or portal so every row is encoded with the types the client was told
 * about.
 */
record Columns(List<FieldDescription> fields, PgType[] types) {

  static Columns describe(ResultSetMetaData md, int[] resultFormats) throws SQLException {
    int n = md.getColumnCount();
    List<FieldDescription> fields = new ArrayList<>(n);
    PgType[] types = new PgType[n];
    for (int i = 0; i < n; i++) {
      PgType type = PgType.of(md.getColumnTypeName(i + 1), md.getColumnType(i + 1));
      types[i] = type;
      String label = md.getColumnLabel(i + 1);
      fields.add(
          new FieldDescription(
              label == null ? "?column?" : label,
              type.oid(),
              type.length(),
              -1,
              format(resultFormats, i)));
    }
    return new Columns(List.copyOf(fields), types);
  }

  /** The same columns with the formats a Bind asked for. */
  Columns withFormats(int[] resultFormats) {
    List<FieldDescription> out = new ArrayList<>(fields.size());
    for (int i = 0; i < fields.size(); i++) {
      FieldDescription f = fields.get(i);
      out.add(
          new FieldDescription(
              f.name(), f.typeOid(), f.typeLen(), f.typeMod(), format(resultFormats, i)));
    }
    return new Columns(List.copyOf(out), types);
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
