package dev.dpjdbc.analyze.rewrite;

import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.plan.ParameterSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Builds the SQL the backend runs for a plan. Shape, inside out:
 *
 * <ol>
 *   <li>{@code b}: one row per input row passing the analyst's WHERE and the key-domain filter,
 *       with the unit, the group keys, each needed value clamped with {@code CASE WHEN} (never
 *       GREATEST/LEAST, which turn NULL into a bound) and cast to DOUBLE PRECISION, and a random
 *       number;
 *   <li>{@code w}: {@code ROW_NUMBER() OVER (PARTITION BY unit, keys ORDER BY random)} to keep at
 *       most C rows per unit per group, and each (unit, group)'s minimum random number;
 *   <li>{@code g}: {@code DENSE_RANK() OVER (PARTITION BY unit ORDER BY that minimum, keys)} to
 *       keep at most L0 randomly chosen groups per unit;
 *   <li>the aggregates per group: keys first, then one column per coordinate.
 * </ol>
 *
 * Steps 2–3 are skipped when the unit is the primary key (one row per unit, C = L0 = 1), step 3
 * when there are no group keys. Internal column names start with {@code dp_}.
 *
 * <p>The SQL carries no analyst text: identifiers are the catalog's, quoted here; the WHERE comes
 * with its parameters ({@link WhereRewrite}); each key's domain filter is {@code key IN (?, ...)}
 * bound from the domain values. The only numbers written inline are dpjdbc's own — clamp bounds
 * from the policy or constraints ({@link Backend#number}, plain decimal) and the row and group
 * limits C and L0 (integers) — so the backend can fold them like any constant.
 */
public final class RewriteBuilder {
  /**
   * A group key: its select expression and its domain, whose values restrict the rows with {@code
   * expr IN (?, ...)}.
   */
  public record Key(String expr, List<ParameterSource.Constant> domain) {
    public Key {
      domain = List.copyOf(domain);
      if (domain.isEmpty()) {
        throw new IllegalArgumentException("a group key needs a non-empty domain: " + expr);
      }
    }

    String domainFilter() {
      return expr + " IN (" + String.join(", ", Collections.nCopies(domain.size(), "?")) + ")";
    }
  }

  private final Backend backend;
  private final String table;
  private final List<String> unit = new ArrayList<>();
  private final List<Key> keys = new ArrayList<>();
  private final List<String> values = new ArrayList<>();
  private final List<String> aggregates = new ArrayList<>();
  private BoundSql where;
  private boolean unitIsKey;
  private int rowsPerUnit = 1;
  private int groupsPerUnit = 1;

  public RewriteBuilder(Backend backend, String schema, String table) {
    this.backend = backend;
    this.table = backend.quote(schema) + "." + backend.quote(table);
  }

  public RewriteBuilder unit(List<String> columns, boolean isKey, int c, int l0) {
    columns.forEach(u -> unit.add(backend.quote(u)));
    this.unitIsKey = isKey;
    this.rowsPerUnit = c;
    this.groupsPerUnit = l0;
    return this;
  }

  public RewriteBuilder where(BoundSql predicate) {
    this.where = predicate;
    return this;
  }

  /** Adds a key; returns its internal column name. */
  public String key(Key key) {
    keys.add(key);
    return "dp_k" + (keys.size() - 1);
  }

  /** Adds a per-row value expression; returns its internal column name. */
  public String value(String expr) {
    values.add(expr);
    return "dp_v" + (values.size() - 1);
  }

  /** Adds the next coordinate's aggregate over internal column names. */
  public void aggregate(String expr) {
    aggregates.add(expr);
  }

  /** {@code CASE WHEN x IS NULL THEN NULL WHEN x < L THEN L WHEN x > U THEN U ELSE x END}. */
  public String clamp(String column, double lower, double upper) {
    String x = backend.quote(column);
    String l = Backend.number(lower);
    String u = Backend.number(upper);
    return "CAST(CASE WHEN "
        + x
        + " IS NULL THEN NULL WHEN "
        + x
        + " < "
        + l
        + " THEN "
        + l
        + " WHEN "
        + x
        + " > "
        + u
        + " THEN "
        + u
        + " ELSE "
        + x
        + " END AS DOUBLE PRECISION)";
  }

  /** The statement, its parameters in order: the WHERE's, then each key's domain values. */
  public BoundSql build() {
    List<String> inner = new ArrayList<>();
    for (int i = 0; i < unit.size(); i++) {
      inner.add(unit.get(i) + " AS dp_u" + i);
    }
    for (int i = 0; i < keys.size(); i++) {
      inner.add(keys.get(i).expr() + " AS dp_k" + i);
    }
    for (int i = 0; i < values.size(); i++) {
      inner.add(values.get(i) + " AS dp_v" + i);
    }
    List<String> filters = new ArrayList<>();
    List<ParameterSource> parameters = new ArrayList<>();
    if (where != null) {
      filters.add("(" + where.sql() + ")");
      parameters.addAll(where.parameters());
    }
    for (Key k : keys) {
      filters.add(k.domainFilter());
      parameters.addAll(k.domain());
    }
    boolean windows = !unitIsKey;
    if (windows) {
      inner.add(backend.random() + " AS dp_r");
    }
    if (inner.isEmpty()) {
      inner.add("1 AS dp_one");
    }
    String from =
        "SELECT "
            + String.join(", ", inner)
            + " FROM "
            + table
            + (filters.isEmpty() ? "" : " WHERE " + String.join(" AND ", filters));
    String keyList = names("dp_k", keys.size());
    String unitList = names("dp_u", unit.size());
    String outerWhere = "";
    if (windows) {
      String partition = unitList + (keys.isEmpty() ? "" : ", " + keyList);
      from =
          "SELECT b.*, ROW_NUMBER() OVER (PARTITION BY "
              + partition
              + " ORDER BY dp_r) AS dp_rn"
              + (keys.isEmpty() ? "" : ", MIN(dp_r) OVER (PARTITION BY " + partition + ") AS dp_gr")
              + " FROM ("
              + from
              + ") b";
      if (keys.isEmpty()) {
        outerWhere = " WHERE dp_rn <= " + rowsPerUnit;
      } else {
        from =
            "SELECT w.*, DENSE_RANK() OVER (PARTITION BY "
                + unitList
                + " ORDER BY dp_gr, "
                + keyList
                + ") AS dp_gn FROM ("
                + from
                + ") w WHERE dp_rn <= "
                + rowsPerUnit;
        outerWhere = " WHERE dp_gn <= " + groupsPerUnit;
      }
    }
    List<String> select = new ArrayList<>();
    for (int i = 0; i < keys.size(); i++) {
      select.add("dp_k" + i);
    }
    for (int i = 0; i < aggregates.size(); i++) {
      select.add(aggregates.get(i) + " AS c" + i);
    }
    String sql =
        "SELECT "
            + String.join(", ", select)
            + " FROM ("
            + from
            + ") g"
            + outerWhere
            + (keys.isEmpty() ? "" : " GROUP BY " + keyList);
    return new BoundSql(sql, parameters);
  }

  private static String names(String prefix, int n) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(prefix + i);
    }
    return out.stream().collect(Collectors.joining(", "));
  }
}
