package dev.dpjdbc.it.proxy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One recorded statement of a BI tool's corpus file ({@code clients/bi/<tool>.sql}): its SQL, the
 * bind values the tool sets, the expected outcome and where it was taken from. The file format is
 * documented in {@code clients/bi/README.md}: a header line {@code -- @@ <name> | expect: <outcome>
 * [| params: <type>:<value>; ...]}, then {@code -- source: ...} comment lines, then the SQL.
 */
record BiStatement(
    String tool, String name, String expect, List<String> params, String source, String sql) {

  /** The expectation's kind: rows, shape, stats-null, noisy, refused, command. */
  String kind() {
    return expect.split("\\s+")[0];
  }

  /** The expectation's argument (SQLState for refused, columns for stats-null), or "". */
  String argument() {
    String[] parts = expect.split("\\s+", 2);
    return parts.length > 1 ? parts[1].strip() : "";
  }

  @Override
  public String toString() {
    return tool + ": " + name + " (" + expect + ")";
  }

  static List<BiStatement> read(Path file) throws IOException {
    String tool = file.getFileName().toString().replaceFirst("\\.sql$", "");
    List<BiStatement> out = new ArrayList<>();
    String header = null;
    StringBuilder source = new StringBuilder();
    StringBuilder sql = new StringBuilder();
    for (String line : Files.readAllLines(file)) {
      if (line.startsWith("-- @@")) {
        if (header != null) {
          out.add(parse(tool, header, source.toString(), sql.toString()));
        }
        header = line.substring("-- @@".length()).strip();
        source.setLength(0);
        sql.setLength(0);
      } else if (header != null && sql.length() == 0 && line.startsWith("--")) {
        source.append(line.replaceFirst("^--\\s*(source:\\s*)?", "")).append(' ');
      } else if (header != null) {
        sql.append(line).append('\n');
      }
    }
    if (header != null) {
      out.add(parse(tool, header, source.toString(), sql.toString()));
    }
    return out;
  }

  private static BiStatement parse(String tool, String header, String source, String sql) {
    String[] fields = header.split("\\|");
    String name = fields[0].strip();
    String expect = null;
    List<String> params = List.of();
    for (int i = 1; i < fields.length; i++) {
      String f = fields[i].strip();
      if (f.startsWith("expect:")) {
        expect = f.substring("expect:".length()).strip();
      } else if (f.startsWith("params:")) {
        params =
            Arrays.stream(f.substring("params:".length()).split(";")).map(String::strip).toList();
      } else {
        throw new IllegalArgumentException(tool + ": unknown header field '" + f + "'");
      }
    }
    if (expect == null) {
      throw new IllegalArgumentException(tool + ": '" + name + "' has no expect:");
    }
    String text = sql.strip();
    if (text.endsWith(";")) {
      text = text.substring(0, text.length() - 1);
    }
    if (source.isBlank()) {
      throw new IllegalArgumentException(tool + ": '" + name + "' names no source");
    }
    return new BiStatement(tool, name, expect, params, source.strip(), text);
  }
}
