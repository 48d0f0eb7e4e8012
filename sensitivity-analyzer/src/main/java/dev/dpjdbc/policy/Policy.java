package dev.dpjdbc.policy;

import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The YAML policy file (shape: docs/sensitivity-analyzer.md), parsed and validated once; immutable.
 * Unknown keys fail loudly with the key's path ({@link InvalidPolicyException}).
 *
 * <p>Defaults when a section is absent: budget ε = 10, δ = 1e-6 per analyst; per query ε = 1, δ =
 * 1e-7, mechanism {@code auto}, objective {@code relative}; ledger {@value #DEFAULT_LEDGER_URL}; no
 * analysts (every analyst gets the policy budget); no tables (every table is private, bounds come
 * from constraints, the privacy unit is the primary key, at most 1 row and 1 group per unit).
 *
 * <p>Table and column names are matched case-insensitively, as PostgreSQL folds unquoted names to
 * lower case; a table key may carry its schema ({@code public.employees}) or not ({@code
 * employees}, matching that table in any schema).
 */
public record Policy(
    Budget budget,
    QueryDefaults query,
    String ledgerUrl,
    Map<String, Analyst> analysts,
    Map<String, TablePolicy> tables,
    Groups groups) {

  public static final double DEFAULT_BUDGET_EPSILON = 10.0;
  public static final double DEFAULT_BUDGET_DELTA = 1e-6;
  public static final double DEFAULT_QUERY_EPSILON = 1.0;
  public static final double DEFAULT_QUERY_DELTA = 1e-7;
  public static final String DEFAULT_LEDGER_URL = "jdbc:h2:file:./dpjdbc-ledger";

  public Policy {
    if (budget == null || query == null || ledgerUrl == null || ledgerUrl.isBlank()) {
      throw new InvalidPolicyException("budget, query and ledger are required");
    }
    groups = groups == null ? Groups.DEFAULTS : groups;
    analysts = Collections.unmodifiableMap(new LinkedHashMap<>(analysts));
    Map<String, TablePolicy> t = new LinkedHashMap<>();
    tables.forEach(
        (k, v) -> {
          if (t.put(fold(k), v) != null) {
            throw new InvalidPolicyException(
                "tables: table names are case-insensitive and must be unique. Duplicate: " + k);
          }
        });
    tables = Collections.unmodifiableMap(t);
  }

  /** A policy with the default {@link Groups} settings. */
  public Policy(
      Budget budget,
      QueryDefaults query,
      String ledgerUrl,
      Map<String, Analyst> analysts,
      Map<String, TablePolicy> tables) {
    this(budget, query, ledgerUrl, analysts, tables, Groups.DEFAULTS);
  }

  /**
   * The top-level {@code groups:} block: how GROUP BY keys are released.
   *
   * @param maxDomainValues the largest public domain the analyzer derives for one key (a date range
   *     truncated to months, an integer interval, the distinct values of a public table's column);
   *     a larger one is no public domain. Default {@value #DEFAULT_MAX_DOMAIN_VALUES}
   * @param maxPublicGroups the largest product of the public keys' domain sizes released as a
   *     domain (every combination, empty ones included); above it the query's groups are chosen by
   *     partition selection instead (default {@value #DEFAULT_MAX_PUBLIC_GROUPS})
   */
  public record Groups(int maxDomainValues, int maxPublicGroups) {
    public static final int DEFAULT_MAX_DOMAIN_VALUES = 1000;
    public static final int DEFAULT_MAX_PUBLIC_GROUPS = 10_000;

    /** Every setting at its default. */
    public static final Groups DEFAULTS =
        new Groups(DEFAULT_MAX_DOMAIN_VALUES, DEFAULT_MAX_PUBLIC_GROUPS);

    public Groups {
      if (maxDomainValues < 1) {
        throw new InvalidPolicyException(
            "groups.max_domain_values must be an integer >= 1. Provided value: " + maxDomainValues);
      }
      if (maxPublicGroups < 1) {
        throw new InvalidPolicyException(
            "groups.max_public_groups must be an integer >= 1. Provided value: " + maxPublicGroups);
      }
    }
  }

  /** Lifetime budget per analyst unless the analyst overrides it. */
  public record Budget(double epsilon, double delta) {
    public Budget {
      PolicyReader.checkEpsilon("budget.epsilon", epsilon);
      PolicyReader.checkDelta("budget.delta", delta);
    }
  }

  /** Per-query defaults (SET dp.* overrides them per session). */
  public record QueryDefaults(
      double epsilon, double delta, Mechanism mechanism, Objective objective) {
    public QueryDefaults {
      PolicyReader.checkEpsilon("query.epsilon", epsilon);
      PolicyReader.checkDelta("query.delta", delta);
      if (mechanism == null || objective == null) {
        throw new InvalidPolicyException("query.mechanism and query.objective are required");
      }
      if (objective == Objective.EXPLICIT) {
        throw new InvalidPolicyException(
            "query.objective must be one of relative, absolute, equal-split, iid (explicit weights"
                + " can be given only to the calculator CLI). Provided value: explicit");
      }
    }
  }

  /** epsilon/delta null = the policy budget; password = SCRAM-SHA-256 verifier or null. */
  public record Analyst(Double epsilon, Double delta, String password) {
    public Analyst {
      if (epsilon != null) {
        PolicyReader.checkEpsilon("analyst epsilon", epsilon);
      }
      if (delta != null) {
        PolicyReader.checkDelta("analyst delta", delta);
      }
    }
  }

  /**
   * @param isPublic no personal data: no privacy unit, may be joined/grouped freely later
   * @param privacyUnit column naming the person, null = primary key
   * @param maxRowsPerUnit C: rows one unit may contribute per group; null = 1
   * @param maxGroupsPerUnit L0: groups one unit may contribute to; null = 1
   * @param columns per-column bounds and public domains; keys folded to lower case
   */
  public record TablePolicy(
      boolean isPublic,
      String privacyUnit,
      Integer maxRowsPerUnit,
      Integer maxGroupsPerUnit,
      Map<String, ColumnPolicy> columns) {
    public TablePolicy {
      if (maxRowsPerUnit != null && maxRowsPerUnit < 1) {
        throw new InvalidPolicyException(
            "max_rows_per_unit must be an integer >= 1. Provided value: " + maxRowsPerUnit);
      }
      if (maxGroupsPerUnit != null && maxGroupsPerUnit < 1) {
        throw new InvalidPolicyException(
            "max_groups_per_unit must be an integer >= 1. Provided value: " + maxGroupsPerUnit);
      }
      Map<String, ColumnPolicy> c = new LinkedHashMap<>();
      (columns == null ? Map.<String, ColumnPolicy>of() : columns)
          .forEach(
              (k, v) -> {
                if (c.put(fold(k), v) != null) {
                  throw new InvalidPolicyException(
                      "columns: names are case-insensitive and must be unique. Duplicate: " + k);
                }
              });
      columns = Collections.unmodifiableMap(c);
    }

    /** The policy of {@code column} (case-insensitive), if any. */
    public Optional<ColumnPolicy> column(String column) {
      return Optional.ofNullable(columns.get(fold(column)));
    }

    /** C, defaulting to 1. */
    public int rowsPerUnit() {
      return maxRowsPerUnit == null ? 1 : maxRowsPerUnit;
    }

    /** L0, defaulting to 1. */
    public int groupsPerUnit() {
      return maxGroupsPerUnit == null ? 1 : maxGroupsPerUnit;
    }
  }

  /**
   * A numeric bound [min, max] (both or neither, min &lt;= max) and/or a public value set.
   *
   * @param values the public domain of a GROUP BY key: strings, numbers or booleans as YAML gave
   *     them; null when not declared
   */
  public record ColumnPolicy(Double min, Double max, List<Object> values) {
    public ColumnPolicy {
      if ((min == null) != (max == null)) {
        throw new InvalidPolicyException(
            "min and max must be given together. Provided: min=" + min + ", max=" + max);
      }
      if (min != null && !(min <= max)) {
        throw new InvalidPolicyException(
            "min must be <= max and both finite. Provided: min=" + min + ", max=" + max);
      }
      if (min != null && (Double.isInfinite(min) || Double.isInfinite(max))) {
        throw new InvalidPolicyException(
            "min and max must be finite. Provided: min=" + min + ", max=" + max);
      }
      values = values == null ? null : Collections.unmodifiableList(new ArrayList<>(values));
    }

    public boolean hasBounds() {
      return min != null;
    }
  }

  /** Reads and validates a policy file. */
  public static Policy load(Path file) {
    return PolicyReader.read(file);
  }

  /** Parses policy YAML text (same rules as {@link #load}); {@code origin} names it in errors. */
  public static Policy parse(String yaml, String origin) {
    return PolicyReader.parse(yaml, origin);
  }

  /** The policy used when none is given: defaults only, no tables, no analysts. */
  public static Policy defaults() {
    return new Policy(
        new Budget(DEFAULT_BUDGET_EPSILON, DEFAULT_BUDGET_DELTA),
        new QueryDefaults(
            DEFAULT_QUERY_EPSILON, DEFAULT_QUERY_DELTA, Mechanism.AUTO, Objective.RELATIVE),
        DEFAULT_LEDGER_URL,
        Map.of(),
        Map.of());
  }

  /**
   * The policy of a table: the key {@code schema.table} if present, else the key {@code table}
   * (case-insensitive). {@code schema} may be null, then only the unqualified key or a unique
   * qualified key with that table name matches.
   */
  public Optional<TablePolicy> table(String schema, String table) {
    String t = fold(table);
    if (schema != null) {
      TablePolicy p = tables.get(fold(schema) + "." + t);
      if (p != null) {
        return Optional.of(p);
      }
      return Optional.ofNullable(tables.get(t));
    }
    TablePolicy p = tables.get(t);
    if (p != null) {
      return Optional.of(p);
    }
    List<TablePolicy> qualified = new ArrayList<>();
    tables.forEach(
        (k, v) -> {
          if (k.endsWith("." + t)) {
            qualified.add(v);
          }
        });
    return qualified.size() == 1 ? Optional.of(qualified.get(0)) : Optional.empty();
  }

  /** The policy of {@code schema.table} or {@code table} given as one (possibly dotted) name. */
  public Optional<TablePolicy> table(String name) {
    int dot = name.lastIndexOf('.');
    return dot < 0 ? table(null, name) : table(name.substring(0, dot), name.substring(dot + 1));
  }

  /** The lifetime budget of {@code analyst}: their own ε/δ where given, else the policy's. */
  public Budget budgetFor(String analyst) {
    Analyst a = analysts.get(analyst);
    if (a == null) {
      return budget;
    }
    return new Budget(
        a.epsilon() == null ? budget.epsilon() : a.epsilon(),
        a.delta() == null ? budget.delta() : a.delta());
  }

  static String fold(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
