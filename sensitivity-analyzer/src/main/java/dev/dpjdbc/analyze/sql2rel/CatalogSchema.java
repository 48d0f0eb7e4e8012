package dev.dpjdbc.analyze.sql2rel;

import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import dev.dpjdbc.analyze.bounds.TableMeta;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.rel.type.RelProtoDataType;
import org.apache.calcite.schema.Function;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.SchemaVersion;
import org.apache.calcite.schema.Schemas;
import org.apache.calcite.schema.Table;

/**
 * A Calcite schema that asks the live catalog for each table a query names, when the validator
 * names it — nothing is listed or loaded up front. Three levels, as PostgreSQL resolves names:
 *
 * <ul>
 *   <li>the root: unqualified {@code employees} is looked up in the connection's current schema
 *       ({@code ConstraintCatalog.table(null, name)}); the root also knows PostgreSQL's type names
 *       ({@code int4}, {@code text}, ...);
 *   <li>{@code public.employees}: the first part is a schema;
 *   <li>{@code db.public.employees}: the first part must be the connection's database (checked
 *       before validation, see {@link Refusals}); the second is the schema.
 * </ul>
 *
 * <p>Calcite asks for a sub-schema before it asks for a table ({@code EmptyScope.resolve_}), and
 * the catalog lists no schemas; so the root answers a name as a sub-schema only when the current
 * schema has no table of that name: a table shadows a schema of the same name, as it does on
 * PostgreSQL when the name has one part.
 *
 * <p>Names match as {@link ConstraintCatalog#table} matches them: exactly first, then ignoring case
 * (PostgreSQL folds unquoted names to lower case, H2 stores them in upper case). A table not found
 * is {@code null}, which the validator reports as an unknown object. One instance serves one
 * translation: lookups are memoised for it, so a name the validator asks about twice costs one
 * catalog read; a catalog read that fails is rethrown by {@link RelFrontEnd} as its SQLException.
 */
final class CatalogSchema implements Schema {
  /** Unchecked carrier of a catalog read's SQLException through Calcite's Schema interface. */
  static final class CatalogFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CatalogFailure(SQLException cause) {
      super(cause);
    }

    SQLException sqlException() {
      return (SQLException) getCause();
    }
  }

  /** The catalog and the memo shared by every level of one translation. */
  static final class Lookup {
    private final ConstraintCatalog catalog;
    private final Map<String, Optional<CatalogTable>> memo = new HashMap<>();

    Lookup(ConstraintCatalog catalog) {
      this.catalog = catalog;
    }

    CatalogTable table(String schema, String name) {
      return memo.computeIfAbsent(schema + "\u0000" + name, k -> load(schema, name)).orElse(null);
    }

    private Optional<CatalogTable> load(String schema, String name) {
      try {
        Optional<TableMeta> meta = catalog.table(schema, name);
        return meta.map(m -> new CatalogTable(m, catalog.naming().upperCaseIdentifiers()));
      } catch (SQLException e) {
        throw new CatalogFailure(e);
      }
    }

    boolean isDatabase(String name) {
      String db = catalog.naming().database();
      return db != null && db.equalsIgnoreCase(name);
    }
  }

  private enum Level {
    ROOT,
    /** A schema, or a database when a third name part follows. */
    FIRST,
    SCHEMA
  }

  private final Lookup lookup;
  private final Level level;
  private final String name;

  private CatalogSchema(Lookup lookup, Level level, String name) {
    this.lookup = lookup;
    this.level = level;
    this.name = name;
  }

  static CatalogSchema root(ConstraintCatalog catalog) {
    return new CatalogSchema(new Lookup(catalog), Level.ROOT, null);
  }

  @Override
  public Table getTable(String table) {
    return lookup.table(name, table);
  }

  @Override
  public Set<String> getTableNames() {
    return Set.of();
  }

  @Override
  public Schema getSubSchema(String sub) {
    return switch (level) {
      case ROOT ->
          lookup.table(null, sub) != null ? null : new CatalogSchema(lookup, Level.FIRST, sub);
      case FIRST -> lookup.isDatabase(name) ? new CatalogSchema(lookup, Level.SCHEMA, sub) : null;
      case SCHEMA -> null;
    };
  }

  @Override
  public Set<String> getSubSchemaNames() {
    return Set.of();
  }

  @Override
  public RelProtoDataType getType(String type) {
    return level == Level.ROOT ? ColumnTypes.postgresName(type) : null;
  }

  @Override
  public Set<String> getTypeNames() {
    return level == Level.ROOT ? ColumnTypes.postgresNames() : Set.of();
  }

  @Override
  public Collection<Function> getFunctions(String function) {
    return java.util.List.of();
  }

  @Override
  public Set<String> getFunctionNames() {
    return Set.of();
  }

  @Override
  public Expression getExpression(SchemaPlus parentSchema, String schemaName) {
    return Schemas.subSchemaExpression(parentSchema, schemaName, getClass());
  }

  @Override
  public boolean isMutable() {
    return false;
  }

  @Override
  public Schema snapshot(SchemaVersion version) {
    return this;
  }
}
