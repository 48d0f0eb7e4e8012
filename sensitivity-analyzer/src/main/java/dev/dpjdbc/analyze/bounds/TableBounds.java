package dev.dpjdbc.analyze.bounds;

import dev.dpjdbc.policy.Policy;
import java.math.BigDecimal;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One table's bounds after merging the policy with the catalog (see docs/sensitivity-analyzer.md,
 * first match wins): the policy's {@code min/max} or {@code values}, else the enforced constraints,
 * else nothing. Also the privacy unit (policy {@code privacy_unit}, else the primary key) and the
 * contribution limits C (rows per unit per group) and L0 (groups per unit), both 1 by default and
 * both 1 when the unit is the primary key (one row per unit).
 */
public final class TableBounds {
  /** A bound and where it came from. */
  public record Bound(double lower, double upper, String source) {}

  /** A public value set (as Java objects of the column's JDBC type) and where it came from. */
  public record Domain(List<Object> values, String source) {}

  private final TableMeta meta;
  private final Optional<Policy.TablePolicy> policy;

  public TableBounds(TableMeta meta, Policy policy) {
    this.meta = meta;
    this.policy = policy.table(meta.schema(), meta.name());
  }

  public TableMeta meta() {
    return meta;
  }

  /** The policy marks the table {@code public: true}: it holds no personal data, has no unit. */
  public boolean isPublic() {
    return policy.map(Policy.TablePolicy::isPublic).orElse(false);
  }

  /** The unit's columns (backend spelling); empty when the table has none. */
  public List<String> unitColumns() {
    Optional<String> p = policy.map(Policy.TablePolicy::privacyUnit);
    if (p.isPresent()) {
      return meta.column(p.get()).map(c -> List.of(c.name())).orElse(List.of());
    }
    return meta.primaryKey();
  }

  /** The policy names a unit column the table does not have. */
  public Optional<String> missingPolicyUnit() {
    return policy.map(Policy.TablePolicy::privacyUnit).filter(u -> meta.column(u).isEmpty());
  }

  public String unitSource() {
    return policy.map(Policy.TablePolicy::privacyUnit).isPresent()
        ? "policy privacy_unit"
        : "primary key";
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
   * BOOLEAN, else an integer CHECK range of at most 1000 values.
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
    Interval iv = meta.interval(column.name());
    if (column.isIntegral()
        && iv.bounded()
        && iv.upper() - iv.lower() < 1000
        && iv.lower() == Math.rint(iv.lower())) {
      List<Object> out = new ArrayList<>();
      for (long v = (long) iv.lower(); v <= (long) Math.floor(iv.upper()); v++) {
        out.add(convert(BigDecimal.valueOf(v), column));
      }
      return Optional.of(new Domain(out, "integer range from " + iv.source()));
    }
    return Optional.empty();
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
        case Types.BOOLEAN, Types.BIT -> v instanceof Boolean b ? b : Boolean.valueOf(v.toString());
        default -> v instanceof BigDecimal d ? d.toPlainString() : String.valueOf(v);
      };
    } catch (NumberFormatException | ArithmeticException e) {
      throw new IllegalArgumentException(
          "value " + v + " does not fit column " + c.name() + " of type " + c.typeName(), e);
    }
  }
}
