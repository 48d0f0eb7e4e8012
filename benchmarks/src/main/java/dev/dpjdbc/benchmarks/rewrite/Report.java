package dev.dpjdbc.benchmarks.rewrite;

import dev.dpjdbc.benchmarks.rewrite.Harness.Measured;
import dev.dpjdbc.benchmarks.rewrite.Harness.Setting;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Markdown for the measured numbers: a summary (one row per analyst query, one column per shape,
 * the ratio of its median wall time to the raw aggregate's) and a detail file (median and p90 wall
 * time, both ratios, the EXPLAIN ANALYZE cross-check, spills, checksums, and every statement).
 */
final class Report {
  /** The ratio that the acceptance allows. */
  static final double LIMIT = 1.3;

  /** One family's shapes, measured under one setting. */
  record FamilyResult(Family family, List<Measured> measured) {
    double rawMedian() {
      return measured.get(0).median();
    }

    Map<String, Measured> byName() {
      Map<String, Measured> out = new LinkedHashMap<>();
      measured.forEach(m -> out.put(m.shape().name(), m));
      return out;
    }
  }

  private Report() {}

  /** Shape names in order of first appearance (the table's columns). */
  static List<String> shapeNames(Map<Setting, List<FamilyResult>> results) {
    Set<String> names = new LinkedHashSet<>();
    results
        .values()
        .forEach(l -> l.forEach(f -> f.family().shapes().forEach(s -> names.add(s.name()))));
    return new ArrayList<>(names);
  }

  /**
   * Per setting: ratio of medians to raw (wall time, or backend CPU time when {@code cpu}), bold
   * where at most {@link #LIMIT}; n/a where absent.
   */
  static String summary(Map<Setting, List<FamilyResult>> results, boolean cpu) {
    List<String> names = shapeNames(results);
    List<String> others = names.subList(1, names.size());
    StringBuilder md = new StringBuilder();
    for (Map.Entry<Setting, List<FamilyResult>> e : results.entrySet()) {
      md.append("\n**")
          .append(e.getKey().describe())
          .append("** — median ")
          .append(cpu ? "backend CPU time" : "wall time")
          .append(" / raw median")
          .append(" (bold: ≤ ")
          .append(LIMIT)
          .append("×)\n\n");
      md.append(cpu ? "| query | raw CPU ms |" : "| query | raw ms |");
      others.forEach(n -> md.append(" ").append(n).append(" |"));
      md.append("\n|---|---:|");
      others.forEach(n -> md.append("---:|"));
      md.append('\n');
      for (FamilyResult f : e.getValue()) {
        Map<String, Measured> by = f.byName();
        double raw = cpu ? f.measured().get(0).cpuMedian() : f.rawMedian();
        md.append("| ").append(f.family().title()).append(" | ").append(fmt(raw, 1)).append(" |");
        for (String n : others) {
          Measured m = by.get(n);
          if (m == null) {
            md.append(" n/a |");
          } else {
            double r = (cpu ? m.cpuMedian() : m.median()) / raw;
            String cell = fmt(r, 2);
            md.append(' ').append(r <= LIMIT ? "**" + cell + "**" : cell).append(" |");
          }
        }
        md.append('\n');
      }
    }
    return md.toString();
  }

  /** Everything measured, and the SQL of every shape. */
  static String detail(Map<Setting, List<FamilyResult>> results, String header) {
    StringBuilder md = new StringBuilder(header);
    for (Map.Entry<Setting, List<FamilyResult>> e : results.entrySet()) {
      md.append("\n## ").append(e.getKey().describe()).append("\n");
      for (FamilyResult f : e.getValue()) {
        Measured raw = f.measured().get(0);
        md.append("\n### ").append(f.family().title()).append("\n\n");
        md.append("| shape | median ms | p90 ms | ratio (median) | ratio (p90) |")
            .append(" CPU ms | CPU ratio | EXPLAIN ms | EXPLAIN ratio | spill kB | checksum |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Measured m : f.measured()) {
          md.append("| ")
              .append(m.shape().name())
              .append(" | ")
              .append(fmt(m.median(), 1))
              .append(" | ")
              .append(fmt(m.p90(), 1))
              .append(" | ")
              .append(fmt(m.median() / raw.median(), 2))
              .append(" | ")
              .append(fmt(m.p90() / raw.p90(), 2))
              .append(" | ")
              .append(fmt(m.cpuMedian(), 1))
              .append(" | ")
              .append(fmt(m.cpuMedian() / raw.cpuMedian(), 2))
              .append(" | ")
              .append(fmt(m.explainMillis(), 1))
              .append(" | ")
              .append(fmt(m.explainMillis() / raw.explainMillis(), 2))
              .append(" | ")
              .append(m.spillKb())
              .append(" | ")
              .append(fmt(m.checksum(), 0))
              .append(" |\n");
        }
      }
    }
    List<FamilyResult> any = results.values().iterator().next();
    md.append("\n## Statements\n");
    for (FamilyResult f : any) {
      md.append("\n### ").append(f.family().title()).append("\n\n");
      for (Shape s : f.family().shapes()) {
        md.append("- `").append(s.name()).append("`: `").append(s.sql()).append('`');
        if (!s.params().isEmpty()) {
          md.append(" with ").append(s.params());
        }
        md.append('\n');
      }
    }
    return md.toString();
  }

  /** Every EXPLAIN (ANALYZE, BUFFERS) plan, for reading why a shape costs what it costs. */
  static String plans(Map<Setting, List<FamilyResult>> results) {
    StringBuilder out = new StringBuilder();
    results.forEach(
        (setting, families) ->
            families.forEach(
                f ->
                    f.measured()
                        .forEach(
                            m ->
                                out.append("==== ")
                                    .append(setting.describe())
                                    .append(" | ")
                                    .append(f.family().title())
                                    .append(" | ")
                                    .append(m.shape().name())
                                    .append('\n')
                                    .append(m.shape().sql())
                                    .append('\n')
                                    .append(m.plan())
                                    .append('\n'))));
    return out.toString();
  }

  static String fmt(double v, int decimals) {
    return String.format(Locale.ROOT, "%,." + decimals + "f", v);
  }
}
