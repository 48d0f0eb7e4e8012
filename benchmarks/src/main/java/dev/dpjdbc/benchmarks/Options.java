package dev.dpjdbc.benchmarks;

import java.util.Map;

/** Command-line options of the report runners: {@code --key=value}, each key known in advance. */
public final class Options {
  private Options() {}

  /**
   * Overwrites {@code defaults} (in place, and returns it) with {@code args}; an argument that is
   * not {@code --key=value} for a known key is an {@link IllegalArgumentException} naming the keys.
   */
  public static Map<String, String> parse(Map<String, String> defaults, String... args) {
    for (String a : args) {
      String[] kv = a.replaceFirst("^--", "").split("=", 2);
      if (kv.length != 2 || !defaults.containsKey(kv[0])) {
        throw new IllegalArgumentException(
            "unknown argument " + a + "; known: " + defaults.keySet());
      }
      defaults.put(kv[0], kv[1]);
    }
    return defaults;
  }
}
