package dev.dpjdbc.driver.execute;

import java.lang.reflect.Method;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Locale;
import java.util.Set;
import org.postgresql.core.Field;
import org.postgresql.jdbc.PgResultSetMetaData;

/**
 * What pgJDBC knows of a backend column beyond {@link ResultSetMetaData}: the type OID and type
 * modifier of its RowDescription field, and whether its values are best kept in PostgreSQL's text
 * form (types with no plain Java value: arrays, json, interval, inet, reg*, vectors, ...), so a
 * catalog result can be described and printed exactly as PostgreSQL would.
 *
 * <p>pgJDBC exposes the {@link Field} only through the protected {@code
 * PgResultSetMetaData.getField}; it is read reflectively, and when that fails (another pgJDBC
 * version) the OIDs are simply unknown (0), never an error.
 */
final class PgFields {
  private PgFields() {}

  private static final Method GET_FIELD = getField();

  /** Type names (pgJDBC's) whose Java value misprints PostgreSQL's text: read with getString. */
  private static final Set<String> TEXT_TYPES = Set.of("money", "bit", "varbit", "interval", "xml");

  private static Method getField() {
    try {
      Method m = PgResultSetMetaData.class.getDeclaredMethod("getField", int.class);
      m.setAccessible(true);
      return m;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  /** Per column {oid, typmod}, or null when {@code md} is not pgJDBC's or cannot be read. */
  static int[][] oidsAndMods(ResultSetMetaData md) {
    if (GET_FIELD == null) {
      return null;
    }
    try {
      if (!md.isWrapperFor(PgResultSetMetaData.class)) {
        return null;
      }
      PgResultSetMetaData pg = md.unwrap(PgResultSetMetaData.class);
      int n = md.getColumnCount();
      int[][] out = new int[n][];
      for (int i = 1; i <= n; i++) {
        Field f = (Field) GET_FIELD.invoke(pg, i);
        out[i - 1] = new int[] {f.getOID(), f.getMod()};
      }
      return out;
    } catch (ReflectiveOperationException | SQLException | RuntimeException e) {
      return null;
    }
  }

  /**
   * True when a PostgreSQL column's values are kept as the backend's text ({@code getString})
   * rather than a Java object: anything pgJDBC maps to OTHER, ARRAY, STRUCT, DISTINCT or SQLXML,
   * and types whose Java value prints differently from PostgreSQL (money, bit, varbit, interval).
   */
  static boolean keepsText(Table.Column c) {
    if (c.typeOid() == 0) {
      return false;
    }
    return switch (c.jdbcType()) {
      case Types.OTHER,
              Types.ARRAY,
              Types.STRUCT,
              Types.DISTINCT,
              Types.SQLXML,
              Types.JAVA_OBJECT ->
          true;
      default -> c.typeName() != null && TEXT_TYPES.contains(c.typeName().toLowerCase(Locale.ROOT));
    };
  }
}
