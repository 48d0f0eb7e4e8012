package dev.dpjdbc.proxy.wire;

/**
 * One column of a RowDescription. Table OID and attribute number are always 0: a released DP column
 * belongs to no table row, and catalog results do not need them.
 *
 * @param typeLen the type's {@code typlen} (-1 variable length)
 * @param format 0 text, 1 binary
 */
public record FieldDescription(String name, int typeOid, int typeLen, int typeMod, int format) {
  public FieldDescription {
    if (name == null) {
      throw new IllegalArgumentException("column name must not be null");
    }
    if (format != 0 && format != 1) {
      throw new IllegalArgumentException("format must be 0 (text) or 1 (binary), got " + format);
    }
  }
}
