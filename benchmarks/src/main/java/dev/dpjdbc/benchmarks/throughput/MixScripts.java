package dev.dpjdbc.benchmarks.throughput;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The pgbench scripts: the driver latency benchmark's query mix (count, sum, avg, grouped, join,
 * time bucket; same schema), one query per script, so a pgbench "transaction" is one query and its
 * tps is queries per second. Where a dashboard would vary a literal (the age filter) the script
 * draws it with {@code \set age random(18, 60)}: under {@code -M simple} pgbench writes the value
 * into the text, under {@code -M extended} it sends it as parameter {@code $1}.
 */
final class MixScripts {
  private MixScripts() {}

  /** One script: a short name and its pgbench text. */
  record Script(String name, String text) {}

  static final List<Script> MIX =
      List.of(
          new Script(
              "count",
              "\\set age random(18, 60)\nSELECT COUNT(*) FROM employees WHERE age > :age;\n"),
          new Script("sum", "SELECT SUM(salary) FROM employees;\n"),
          new Script(
              "avg",
              "\\set age random(18, 60)\nSELECT AVG(salary) FROM employees WHERE age > :age;\n"),
          new Script(
              "grouped",
              "\\set age random(18, 60)\n"
                  + "SELECT region, COUNT(*), SUM(salary) FROM employees WHERE age > :age"
                  + " GROUP BY region;\n"),
          new Script(
              "join",
              "SELECT d.name, COUNT(*), SUM(e.salary) FROM employees e"
                  + " JOIN departments d ON e.dept_id = d.id GROUP BY d.name;\n"),
          new Script(
              "time bucket",
              "SELECT date_trunc('month', hired) AS m, COUNT(*) FROM employees"
                  + " GROUP BY date_trunc('month', hired);\n"));

  /** Writes {@code scripts} to {@code dir} and returns their paths, in order. */
  static List<Path> write(Path dir, List<Script> scripts) throws IOException {
    Files.createDirectories(dir);
    List<Path> paths = new ArrayList<>();
    for (Script s : scripts) {
      Path p = dir.resolve(s.name().replace(' ', '-') + ".sql");
      Files.writeString(p, s.text());
      paths.add(p);
    }
    return paths;
  }
}
