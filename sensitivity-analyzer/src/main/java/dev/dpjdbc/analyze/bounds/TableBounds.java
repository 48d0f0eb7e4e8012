package dev.dpjdbc.analyze.bounds;

import dev.dpjdbc.policy.Policy;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One table's bounds after merging the policy with the catalog (see docs/sensitivity-analyzer.md,
 * first match wins): the policy's {@code min/max} or {@code values}, else the enforced constraints,
 * else nothing. Also the privacy unit ({@link UnitRule}: the policy's {@code privacy_unit}, else
 * the unit a foreign key reaches, else the primary key; it needs the tables the foreign keys
 * reference, found through {@link References}) and the contribution limits C (rows per unit per
 * group) and L0 (groups per unit), both the policy's (default 1), both 1 when the unit contains the
 * primary key (one row per unit).
 */
public final class TableBounds {
  /** A bound and where it came from. */
  public record Bound(double lower, double upper, String source) {}

  /** A public value set (as Java objects of the column's JDBC type) and where it came from. */
  public record Domain(List<Object> values, String source) {}

  /** Finds the bounds of a table a foreign key references ({@code schema} may be null). */
  @FunctionalInterface
  public interface References {
    Optional<TableBounds> find(String schema, String table);
  }

  private final TableMeta meta;
  private final Policy fullPolicy;
  private final Optional<Policy.TablePolicy> policy;
  private final References references;
  private volatile TableUnit unit;
  private final Map<String, Domain> publicDomains = new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * @param references the other tables, for the unit rule; a referenced table it does not find is
   *     refused as a unit source unless the policy marks it public (see {@link #linked}, {@link
   *     #load})
   */
  public TableBounds(TableMeta meta, Policy policy, References references) {
    this.meta = meta;
    this.fullPolicy = policy;
    this.policy = policy.table(meta.schema(), meta.name());
    this.references = references;
  }

  /**
   * Bounds for {@code metas}, each finding the others by name (schema, table, ignoring case; a name
   * two tables match finds neither), in the order given.
   */
  public static List<TableBounds> linked(Collection<TableMeta> metas, Policy policy) {
    List<TableBounds> all = new ArrayList<>();
    References refs =
        (schema, table) -> {
          List<TableBounds> hits = new ArrayList<>();
          for (TableBounds b : all) {
            boolean s = schema == null || schema.equalsIgnoreCase(b.meta().schema());
            if (s && table.equalsIgnoreCase(b.meta().name())) {
              hits.add(b);
            }
          }
          return hits.size() == 1 ? Optional.of(hits.get(0)) : Optional.empty();
        };
    for (TableMeta m : metas) {
      all.add(new TableBounds(m, policy, refs));
    }
    return List.copyOf(all);
  }

  /**
   * Bounds for {@code roots} and every table their foreign keys lead to (transitively, read from
   * {@code catalog}), linked to each other; the roots come first, in the order given.
   *
   * @throws SQLException when the catalog cannot be read
   */
  public static List<TableBounds> load(
      ConstraintCatalog catalog, Policy policy, List<TableMeta> roots) throws SQLException {
    Map<String, TableMeta> loaded = new LinkedHashMap<>();
    Deque<TableMeta> todo = new ArrayDeque<>(roots);
    while (!todo.isEmpty()) {
      TableMeta m = todo.poll();
      if (loaded.putIfAbsent((m.schema() + "." + m.name()).toLowerCase(Locale.ROOT), m) != null) {
        continue; // asked for under another spelling, or already read
      }
      for (TableMeta.ForeignKey fk : m.foreignKeys()) {
        catalog.table(fk.refSchema(), fk.refTable()).ifPresent(todo::add);
      }
    }
    return linked(loaded.values(), policy);
  }

  public TableMeta meta() {
    return meta;
  }

  /** The policy marks the table {@code public: true}: it holds no personal data, has no unit. */
  public boolean isPublic() {
    return policy.map(Policy.TablePolicy::isPublic).orElse(false);
  }

  /** The table's privacy unit by {@link UnitRule} (computed once). */
  public TableUnit unit() {
    TableUnit u = unit;
    if (u == null) {
      u = UnitRule.resolve(this);
      unit = u;
    }
    return u;
  }

  Optional<TableUnit> knownUnit() {
    return Optional.ofNullable(unit);
  }

  Optional<String> policyUnit() {
    return policy.map(Policy.TablePolicy::privacyUnit);
  }

  References references() {
    return references;
  }

  /** The policy marks {@code schema.table} public (for a referenced table the catalog lacks). */
  boolean declaredPublic(String schema, String table) {
    return fullPolicy.table(schema, table).map(Policy.TablePolicy::isPublic).orElse(false);
  }

  /**
   * The unit's columns (backend spelling); empty when the table has none among its columns (the
   * unit is refused, or reached only through a join: see {@link #unit}).
   */
  public List<String> unitColumns() {
    return unit().columns();
  }

  /** The policy names a unit column the table does not have. */
  public Optional<String> missingPolicyUnit() {
    return policyUnit().filter(u -> meta.column(u).isEmpty());
  }

  public String unitSource() {
    return unit().source();
  }

  /** True when every unit has at most one row: the unit contains the whole primary key. */
  public boolean unitIsKey() {
    List<String> pk = meta.primaryKey();
    return !pk.isEmpty() && unitColumns().containsAll(pk);
  }

  /** C. */
  public int rowsPerUnit() {
    return unitIsKey() ? 1 : policy.map(Policy.TablePolicy::rowsPerUnit).orElse(1);
  }

  /** L0. */
  public int groupsPerUnit() {
    return unitIsKey() ? 1 : policy.map(Policy.TablePolicy::groupsPerUnit).orElse(1);
  }

  public String limitSource(boolean rows) {
    if (unitIsKey()) {
      return "primary key (one row per unit)";
    }
    Optional<Integer> v =
        policy.map(
            rows ? Policy.TablePolicy::maxRowsPerUnit : Policy.TablePolicy::maxGroupsPerUnit);
    return v.isPresent()
        ? "policy " + (rows ? "max_rows_per_unit" : "max_groups_per_unit")
        : "default";
  }

  /** The numeric bound of {@code column} (backend spelling): policy first, then constraints. */
  public Optional<Bound> bound(String column) {
    Optional<Policy.ColumnPolicy> cp = policy.flatMap(t -> t.column(column));
    if (cp.isPresent() && cp.get().hasBounds()) {
      return Optional.of(new Bound(cp.get().min(), cp.get().max(), "policy"));
    }
    Interval iv = meta.interval(column);
    return iv.bounded()
        ? Optional.of(new Bound(iv.lower(), iv.upper(), iv.source()))
        : Optional.empty();
  }

  /**
   * The public domain of {@code column}: policy {@code values}, else a CHECK IN list / enum /
   * BOOLEAN, else the values read from a public table ({@link PublicDomains}: the column's own when
   * the table is public, the referenced keys for a foreign key to a public table), else an integer
   * CHECK range of at most {@code groups.max_domain_values} values (1000 by default).
   */
  public Optional<Domain> domain(ColumnMeta column) {
    Optional<Policy.ColumnPolicy> cp = policy.flatMap(t -> t.column(column.name()));
    if (cp.isPresent() && cp.get().values() != null) {
      List<Object> vs = new ArrayList<>();
      for (Object v : cp.get().values()) {
        vs.add(convert(v, column));
      }
      return Optional.of(new Domain(vs, "policy values"));
    }
    List<Object> vs = meta.constraintValues().get(column.name());
    if (vs != null && !vs.isEmpty()) {
      List<Object> out = new ArrayList<>();
      vs.forEach(v -> out.add(convert(v, column)));
      return Optional.of(new Domain(out, meta.valueSources().get(column.name())));
    }
    Domain read = publicDomains.get(column.name().toLowerCase(Locale.ROOT));
    if (read != null) {
      return Optional.of(read);
    }
    Interval iv = meta.interval(column.name());
    if (column.isIntegral()
        && iv.bounded()
        && iv.upper() - iv.lower() < fullPolicy.groups().maxDomainValues()
        && iv.lower() == Math.rint(iv.lower())) {
      List<Object> out = new ArrayList<>();
      for (long v = (long) iv.lower(); v <= (long) Math.floor(iv.upper()); v++) {
        out.add(convert(BigDecimal.valueOf(v), column));
      }
      return Optional.of(new Domain(out, "integer range from " + iv.source()));
    }
    return Optional.empty();
  }

  /** Records a domain read from a public table ({@link PublicDomains}) for {@code column}. */
  void addPublicDomain(String column, Domain d) {
    publicDomains.put(column.toLowerCase(Locale.ROOT), d);
  }

  /**
   * A boolean as PostgreSQL reads one: {@code true/t/yes/y/on/1} and {@code false/f/no/n/off/0}
   * (any case); anything else does not fit (it is not read as false).
   */
  private static Boolean bool(Object v, ColumnMeta c) {
    if (v instanceof Boolean b) {
      return b;
    }
    return switch (v.toString().trim().toLowerCase(Locale.ROOT)) {
      case "true", "t", "yes", "y", "on", "1" -> Boolean.TRUE;
      case "false", "f", "no", "n", "off", "0" -> Boolean.FALSE;
      default ->
          throw new IllegalArgumentException(
              "value " + v + " does not fit column " + c.name() + " of type " + c.typeName());
    };
  }

  /**
   * A domain value as {@code ResultSet.getObject} returns the key column: Integer for
   * SMALLINT/INTEGER, Long for BIGINT, BigDecimal for NUMERIC, Double for floating types, Boolean,
   * else (text, enums) String.
   */
  static Object convert(Object v, ColumnMeta c) {
    if (c.isEnum()) {
      return String.valueOf(v);
    }
    try {
      return switch (c.jdbcType()) {
        case Types.TINYINT, Types.SMALLINT, Types.INTEGER ->
            new BigDecimal(v.toString()).intValueExact();
        case Types.BIGINT -> new BigDecimal(v.toString()).longValueExact();
        case Types.NUMERIC, Types.DECIMAL -> new BigDecimal(v.toString());
        case Types.REAL, Types.FLOAT, Types.DOUBLE -> Double.valueOf(v.toString());
        case Types.BOOLEAN, Types.BIT -> bool(v, c);
        default -> v instanceof BigDecimal d ? d.toPlainString() : String.valueOf(v);
      };
    } catch (NumberFormatException | ArithmeticException e) {
      throw new IllegalArgumentException(
          "value " + v + " does not fit column " + c.name() + " of type " + c.typeName(), e);
    }
  }
}
