package dev.dpjdbc.analyze.release;

import dev.dpjdbc.analyze.bounds.ColumnMeta;
import dev.dpjdbc.analyze.rewrite.Backend;
import dev.dpjdbc.analyze.sql2rel.CatalogTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.metadata.RelColumnOrigin;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The backend's own type name of each column of a plan that is a plain copy of a character column
 * of a catalog table ({@code text} stays {@code text}, {@code varchar} and {@code bpchar} stay so,
 * H2's {@code CHARACTER VARYING} stays as H2 names it), where Calcite's type alone would say
 * VARCHAR for both {@code text} and {@code varchar}.
 *
 * <p>Guarantees: a name is given only when Calcite's column origins ({@link
 * RelMetadataQuery#getColumnOrigins}) trace the column, underived (no expression, no aggregate
 * function), to catalog columns that all carry the same type name, of the same Calcite type as the
 * column, and that name is one of the backend's built-in character types (so domains, enums and
 * types the analyzer reads as text keep today's naming). Otherwise the entry is null. On PostgreSQL
 * a {@code varchar(n)} or {@code bpchar(n)} source also gives its type modifier ({@code n + 4}, as
 * {@code atttypmod}), when every origin has the same length.
 */
final class SourceTypeNames {
  private SourceTypeNames() {}

  /** Built-in character types, as the catalog (lower case) names them on PostgreSQL and H2. */
  private static final Set<String> CHARACTER_TYPES =
      Set.of(
          "text",
          "varchar",
          "bpchar",
          "char",
          "character",
          "character varying",
          "varchar_ignorecase");

  /** Largest length PostgreSQL allows in {@code varchar(n)}; pgJDBC reports it for no length. */
  private static final int MAX_LENGTH = 10485760;

  /**
   * A source column's type.
   *
   * @param name the backend's type name
   * @param typeMod PostgreSQL's {@code atttypmod}, -1 when none
   */
  record Source(String name, int typeMod) {}

  /** The type names alone ({@link #of}), null where none. */
  static List<String> names(List<Source> sources) {
    return sources.stream().map(s -> s == null ? null : s.name()).toList();
  }

  /** For each field of {@code rel}'s row type: the source column's type, or null. */
  static List<Source> of(RelNode rel, Backend backend) {
    RelMetadataQuery mq = rel.getCluster().getMetadataQuery();
    List<RelDataTypeField> fields = rel.getRowType().getFieldList();
    List<Source> out = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      out.add(name(mq, rel, i, fields.get(i).getType().getSqlTypeName(), backend));
    }
    return out;
  }

  private static Source name(
      RelMetadataQuery mq, RelNode rel, int i, SqlTypeName type, Backend backend) {
    if (type != SqlTypeName.CHAR && type != SqlTypeName.VARCHAR) {
      return null;
    }
    Set<RelColumnOrigin> origins;
    try {
      origins = mq.getColumnOrigins(rel, i);
    } catch (RuntimeException e) {
      return null; // metadata a node does not support: keep the Calcite type's name
    }
    if (origins == null || origins.isEmpty()) {
      return null;
    }
    String name = null;
    Integer length = null;
    for (RelColumnOrigin o : origins) {
      CatalogTable table = o.isDerived() ? null : o.getOriginTable().unwrap(CatalogTable.class);
      if (table == null) {
        return null;
      }
      int ordinal = o.getOriginColumnOrdinal();
      SqlTypeName sourceType =
          o.getOriginTable().getRowType().getFieldList().get(ordinal).getType().getSqlTypeName();
      ColumnMeta column = table.column(ordinal);
      String own = column.typeName();
      if (sourceType != type
          || column.isEnum()
          || own == null
          || !CHARACTER_TYPES.contains(own)
          || (name != null && !name.equals(own))) {
        return null;
      }
      name = own;
      int n = column.precision();
      length = length == null || length == n ? Integer.valueOf(n) : Integer.valueOf(-1);
    }
    if (backend == Backend.H2) {
      // the catalog's names are lower case; H2 names its types in upper case
      return new Source(name.toUpperCase(Locale.ROOT), -1);
    }
    boolean sized =
        (name.equals("varchar") || name.equals("bpchar")) && length > 0 && length < MAX_LENGTH;
    return new Source(name, sized ? length + 4 : -1);
  }
}
