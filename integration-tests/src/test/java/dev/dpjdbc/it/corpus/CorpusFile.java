package dev.dpjdbc.it.corpus;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * {@code corpus/queries.yaml} read into {@link CorpusQuery} records: SnakeYAML with {@link
 * SafeConstructor}, duplicate keys refused, every key checked, ids unique. A malformed entry fails
 * the load with its id, so a typo never silently drops a query from the corpus.
 *
 * @param epsilon ε each answered query runs at ({@code settings.epsilon})
 * @param delta δ each answered query runs at ({@code settings.delta})
 */
record CorpusFile(double epsilon, double delta, List<CorpusQuery> queries) {

  private static final Set<String> KEYS =
      Set.of(
          "id",
          "issue",
          "expect",
          "sql",
          "tags",
          "backends",
          "cmp",
          "probe",
          "population",
          "sqlstate",
          "message",
          "known_bug",
          "units",
          "note");
  static final Set<String> BACKENDS = Set.of("postgres", "h2");

  static CorpusFile load() {
    return parse(CorpusBackends.resource("corpus/queries.yaml"));
  }

  @SuppressWarnings("unchecked")
  static CorpusFile parse(String yaml) {
    LoaderOptions options = new LoaderOptions();
    options.setAllowDuplicateKeys(false);
    Map<String, Object> root = new Yaml(new SafeConstructor(options)).load(yaml);
    Map<String, Object> settings = (Map<String, Object>) root.get("settings");
    List<CorpusQuery> queries = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    for (Object o : (List<Object>) root.get("queries")) {
      CorpusQuery q = query((Map<String, Object>) o);
      if (!ids.add(q.id())) {
        throw new IllegalArgumentException("duplicate corpus id " + q.id());
      }
      queries.add(q);
    }
    return new CorpusFile(
        number(settings.get("epsilon")), number(settings.get("delta")), List.copyOf(queries));
  }

  @SuppressWarnings("unchecked")
  private static CorpusQuery query(Map<String, Object> m) {
    String id = String.valueOf(m.get("id"));
    for (String k : m.keySet()) {
      if (!KEYS.contains(k)) {
        throw new IllegalArgumentException(id + ": unknown key " + k + "; allowed: " + KEYS);
      }
    }
    String expect = String.valueOf(m.get("expect"));
    if (!expect.equals("answer") && !expect.equals("refuse")) {
      throw new IllegalArgumentException(id + ": expect must be answer or refuse: " + expect);
    }
    Object sql = m.get("sql");
    if (!(sql instanceof String s) || s.isBlank()) {
      throw new IllegalArgumentException(id + ": sql missing");
    }
    List<ColumnCheck> checks = new ArrayList<>();
    for (Object spec : (List<Object>) m.getOrDefault("cmp", List.of())) {
      try {
        checks.add(ColumnCheck.parse(String.valueOf(spec)));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(id + ": " + e.getMessage(), e);
      }
    }
    Set<String> backends =
        new LinkedHashSet<>(
            (List<String>)
                m.getOrDefault("backends", List.copyOf(new java.util.TreeSet<>(BACKENDS))));
    if (!BACKENDS.containsAll(backends) || backends.isEmpty()) {
      throw new IllegalArgumentException(id + ": backends must be among " + BACKENDS);
    }
    Map<Integer, String> population = new LinkedHashMap<>();
    ((Map<Object, Object>) m.getOrDefault("population", Map.of()))
        .forEach((k, v) -> population.put(Integer.valueOf(String.valueOf(k)), String.valueOf(v)));
    Object state = m.get("sqlstate");
    return new CorpusQuery(
        id,
        ((Number) m.get("issue")).intValue(),
        expect.equals("answer"),
        s.strip(),
        List.copyOf((List<String>) m.getOrDefault("tags", List.of())),
        Set.copyOf(backends),
        List.copyOf(checks),
        Boolean.TRUE.equals(m.get("probe")),
        Map.copyOf(population),
        state == null ? null : String.valueOf(state),
        m.get("message") == null ? null : String.valueOf(m.get("message")),
        m.get("known_bug") == null ? null : String.valueOf(m.get("known_bug")),
        m.get("units") == null ? null : String.valueOf(m.get("units")).strip());
  }

  private static double number(Object o) {
    return o instanceof Number n ? n.doubleValue() : Double.parseDouble(String.valueOf(o));
  }
}
