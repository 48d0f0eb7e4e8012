package dev.dpjdbc.policy;

import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import dev.dpjdbc.policy.Policy.Analyst;
import dev.dpjdbc.policy.Policy.Budget;
import dev.dpjdbc.policy.Policy.ColumnPolicy;
import dev.dpjdbc.policy.Policy.QueryDefaults;
import dev.dpjdbc.policy.Policy.TablePolicy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * YAML → {@link Policy}. SnakeYAML 2 with {@link SafeConstructor} (plain maps, lists and scalars
 * only; no arbitrary classes), duplicate keys refused. Every key is checked against the keys its
 * section allows; errors name the key path, the rule and the value given.
 */
final class PolicyReader {
  private PolicyReader() {}

  private static final Set<String> TOP =
      Set.of("budget", "query", "ledger", "analysts", "tables", "groups");
  private static final Set<String> BUDGET = Set.of("epsilon", "delta");
  private static final Set<String> QUERY = Set.of("epsilon", "delta", "mechanism", "objective");
  private static final Set<String> ANALYST = Set.of("epsilon", "delta", "password");
  private static final Set<String> TABLE =
      Set.of("public", "privacy_unit", "max_rows_per_unit", "max_groups_per_unit", "columns");
  private static final Set<String> COLUMN = Set.of("min", "max", "values");
  private static final Set<String> GROUPS = Set.of("max_domain_values", "max_public_groups");

  static Policy read(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new InvalidPolicyException("cannot read policy file " + file + ": " + e, e);
    }
    Policy p = parse(text, file.toString());
    Path dir = file.toAbsolutePath().getParent();
    String ledger = LedgerLocation.resolve(p.ledgerUrl(), dir);
    return ledger.equals(p.ledgerUrl())
        ? p
        : new Policy(p.budget(), p.query(), ledger, p.analysts(), p.tables(), p.groups());
  }

  static Policy parse(String yaml, String origin) {
    LoaderOptions options = new LoaderOptions();
    options.setAllowDuplicateKeys(false);
    Object root;
    try {
      root = new Yaml(new SafeConstructor(options)).load(yaml);
    } catch (YAMLException e) {
      throw new InvalidPolicyException("policy " + origin + " is not valid YAML: " + e, e);
    }
    try {
      return toPolicy(root == null ? Map.of() : map("(top level)", root));
    } catch (InvalidPolicyException e) {
      throw new InvalidPolicyException("policy " + origin + ": " + e.getMessage(), e);
    }
  }

  private static Policy toPolicy(Map<String, Object> root) {
    checkKeys("", root, TOP);
    Map<String, Object> b = section("budget", root.get("budget"), BUDGET);
    Budget budget =
        new Budget(
            num("budget.epsilon", b.get("epsilon"), Policy.DEFAULT_BUDGET_EPSILON),
            num("budget.delta", b.get("delta"), Policy.DEFAULT_BUDGET_DELTA));
    Map<String, Object> q = section("query", root.get("query"), QUERY);
    QueryDefaults query =
        new QueryDefaults(
            num("query.epsilon", q.get("epsilon"), Policy.DEFAULT_QUERY_EPSILON),
            num("query.delta", q.get("delta"), Policy.DEFAULT_QUERY_DELTA),
            enumValue("query.mechanism", q.get("mechanism"), Mechanism.AUTO, Mechanism::parse),
            enumValue("query.objective", q.get("objective"), Objective.RELATIVE, Objective::parse));
    Object ledger = root.get("ledger");
    if (ledger != null && !(ledger instanceof String)) {
      throw new InvalidPolicyException(
          "ledger must be a JDBC URL string. Provided value: " + ledger);
    }
    Map<String, Analyst> analysts = new LinkedHashMap<>();
    map("analysts", root.getOrDefault("analysts", Map.of()))
        .forEach((name, v) -> analysts.put(name, analyst("analysts." + name, v)));
    Map<String, TablePolicy> tables = new LinkedHashMap<>();
    map("tables", root.getOrDefault("tables", Map.of()))
        .forEach((name, v) -> tables.put(name, table("tables." + name, v)));
    return new Policy(
        budget,
        query,
        ledger == null ? Policy.DEFAULT_LEDGER_URL : (String) ledger,
        analysts,
        tables,
        groups(root.get("groups")));
  }

  /** The {@code groups:} block; each key is read on its own, absent keys take their defaults. */
  private static Policy.Groups groups(Object value) {
    Map<String, Object> g = section("groups", value, GROUPS);
    Integer max = positiveInt("groups.max_domain_values", g.get("max_domain_values"));
    Integer maxPublic = positiveInt("groups.max_public_groups", g.get("max_public_groups"));
    return new Policy.Groups(
        max == null ? Policy.Groups.DEFAULT_MAX_DOMAIN_VALUES : max,
        maxPublic == null ? Policy.Groups.DEFAULT_MAX_PUBLIC_GROUPS : maxPublic);
  }

  private static Analyst analyst(String path, Object value) {
    Map<String, Object> a = section(path, value, ANALYST);
    Object password = a.get("password");
    if (password != null && !(password instanceof String)) {
      throw new InvalidPolicyException(
          path + ".password must be a string (a SCRAM-SHA-256 verifier). Provided: " + password);
    }
    Double eps = a.containsKey("epsilon") ? num(path + ".epsilon", a.get("epsilon"), null) : null;
    Double delta = a.containsKey("delta") ? num(path + ".delta", a.get("delta"), null) : null;
    if (eps != null) {
      checkEpsilon(path + ".epsilon", eps);
    }
    if (delta != null) {
      checkDelta(path + ".delta", delta);
    }
    return new Analyst(eps, delta, (String) password);
  }

  private static TablePolicy table(String path, Object value) {
    Map<String, Object> t = section(path, value, TABLE);
    Object isPublic = t.getOrDefault("public", false);
    if (!(isPublic instanceof Boolean)) {
      throw new InvalidPolicyException(
          path + ".public must be true or false. Provided value: " + isPublic);
    }
    Object unit = t.get("privacy_unit");
    if (unit != null && !(unit instanceof String)) {
      throw new InvalidPolicyException(
          path + ".privacy_unit must be a column name. Provided value: " + unit);
    }
    if ((Boolean) isPublic && unit != null) {
      throw new InvalidPolicyException(
          path + ": a public table has no privacy unit; remove privacy_unit or public: true");
    }
    Map<String, ColumnPolicy> columns = new LinkedHashMap<>();
    map(path + ".columns", t.getOrDefault("columns", Map.of()))
        .forEach((c, v) -> columns.put(c, column(path + ".columns." + c, v)));
    try {
      return new TablePolicy(
          (Boolean) isPublic,
          (String) unit,
          positiveInt(path + ".max_rows_per_unit", t.get("max_rows_per_unit")),
          positiveInt(path + ".max_groups_per_unit", t.get("max_groups_per_unit")),
          columns);
    } catch (InvalidPolicyException e) {
      throw new InvalidPolicyException(path + ": " + e.getMessage(), e);
    }
  }

  private static ColumnPolicy column(String path, Object value) {
    Map<String, Object> c = section(path, value, COLUMN);
    Double min = c.containsKey("min") ? num(path + ".min", c.get("min"), null) : null;
    Double max = c.containsKey("max") ? num(path + ".max", c.get("max"), null) : null;
    List<Object> values = null;
    Object v = c.get("values");
    if (v != null) {
      if (!(v instanceof List<?> list) || list.isEmpty()) {
        throw new InvalidPolicyException(
            path + ".values must be a non-empty list of values. Provided value: " + v);
      }
      values = new ArrayList<>();
      for (Object item : list) {
        if (!(item instanceof String || item instanceof Number || item instanceof Boolean)) {
          throw new InvalidPolicyException(
              path + ".values may hold strings, numbers and booleans only. Provided: " + item);
        }
        values.add(item);
      }
    }
    try {
      return new ColumnPolicy(min, max, values);
    } catch (InvalidPolicyException e) {
      throw new InvalidPolicyException(path + ": " + e.getMessage(), e);
    }
  }

  // ---- validation helpers -------------------------------------------------------------------

  static void checkEpsilon(String path, double epsilon) {
    if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
      throw new InvalidPolicyException(
          path + " must be > 0 and < infinity. Provided value: " + epsilon);
    }
  }

  static void checkDelta(String path, double delta) {
    if (!(delta >= 0 && delta < 1)) {
      throw new InvalidPolicyException(path + " must be >= 0 and < 1. Provided value: " + delta);
    }
  }

  private static Map<String, Object> section(String path, Object value, Set<String> allowed) {
    if (value == null) {
      return Map.of();
    }
    Map<String, Object> m = map(path, value);
    checkKeys(path, m, allowed);
    return m;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(String path, Object value) {
    if (value == null) {
      return Map.of();
    }
    if (!(value instanceof Map<?, ?> m)) {
      throw new InvalidPolicyException(path + " must be a mapping. Provided value: " + value);
    }
    for (Object k : m.keySet()) {
      if (!(k instanceof String)) {
        throw new InvalidPolicyException(
            path + ": keys must be strings. Provided key: " + k + " (quote it)");
      }
    }
    return (Map<String, Object>) m;
  }

  private static void checkKeys(String path, Map<String, Object> m, Set<String> allowed) {
    for (String k : m.keySet()) {
      if (!allowed.contains(k)) {
        String where = path.isEmpty() ? k : path + "." + k;
        throw new InvalidPolicyException(
            "unknown key " + where + "; allowed here: " + new java.util.TreeSet<>(allowed));
      }
    }
  }

  private static Double num(String path, Object value, Double fallback) {
    if (value == null) {
      if (fallback == null) {
        throw new InvalidPolicyException(path + " must be a number. Provided value: null");
      }
      return fallback;
    }
    if (value instanceof Number n) {
      return n.doubleValue();
    }
    if (value instanceof String s) {
      try {
        return Double.valueOf(s.trim()); // YAML 1.1 reads 1e-6 (no dot) as a string
      } catch (NumberFormatException e) {
        // fall through
      }
    }
    throw new InvalidPolicyException(path + " must be a number. Provided value: " + value);
  }

  private static Integer positiveInt(String path, Object value) {
    if (value == null) {
      return null;
    }
    if (!(value instanceof Integer i) || i < 1) {
      throw new InvalidPolicyException(path + " must be an integer >= 1. Provided value: " + value);
    }
    return i;
  }

  private static <E> E enumValue(
      String path, Object value, E fallback, java.util.function.Function<String, E> parse) {
    if (value == null) {
      return fallback;
    }
    try {
      return parse.apply(String.valueOf(value));
    } catch (IllegalArgumentException e) {
      throw new InvalidPolicyException(path + ": " + e.getMessage(), e);
    }
  }
}
