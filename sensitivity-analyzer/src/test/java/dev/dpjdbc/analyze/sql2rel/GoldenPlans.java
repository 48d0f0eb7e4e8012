package dev.dpjdbc.analyze.sql2rel;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.type.RelDataType;

/**
 * The golden plans of {@code sql2rel/plans.txt}: for each case id, {@code RelOptUtil.toString} of
 * the plan, the output labels and the parameter types. Blocks start with {@code -- id} and end with
 * a blank line.
 */
final class GoldenPlans {
  private GoldenPlans() {}

  static Map<String, String> read() throws IOException {
    Map<String, String> out = new LinkedHashMap<>();
    try (InputStream in = GoldenPlans.class.getResourceAsStream("/sql2rel/plans.txt")) {
      if (in == null) {
        return out;
      }
      String id = null;
      StringBuilder block = new StringBuilder();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n", -1)) {
        if (line.startsWith("-- ")) {
          id = line.substring(3).strip();
          block.setLength(0);
        } else if (line.isEmpty()) {
          if (id != null) {
            out.put(id, block.toString());
          }
          id = null;
        } else if (id != null) {
          block.append(line).append('\n');
        }
      }
    }
    return out;
  }

  static String format(Map<String, String> plans) {
    StringBuilder out = new StringBuilder();
    plans.forEach(
        (id, plan) -> out.append("-- ").append(id).append('\n').append(plan).append('\n'));
    return out.toString();
  }

  /** The plan as recorded: database name replaced by {@code {db}}. */
  static String describe(Translation t, String database) {
    String plan = RelOptUtil.toString(t.root().rel);
    if (database != null) {
      plan = plan.replace("[[" + database.toLowerCase(Locale.ROOT) + ",", "[[{db},");
    }
    List<String> labels = t.root().fields.stream().map(Map.Entry::getValue).toList();
    List<String> params = t.parameterTypes().stream().map(RelDataType::getFullTypeString).toList();
    return plan + "fields: " + labels + "\nparams: " + params + "\n";
  }
}
