package dev.dpjdbc.benchmarks.peers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine and JVM line of the peers' reports, read from /proc on Linux ("unknown" else). */
final class Host {
  private Host() {}

  static String describe() {
    String kb = field("/proc/meminfo", "MemTotal").replaceAll("[^0-9]", "");
    return String.format(
        "- machine: %d cores, %s, %s MB RAM (shared with other builds)%n- JVM: %s %s%n",
        Runtime.getRuntime().availableProcessors(),
        field("/proc/cpuinfo", "model name"),
        kb.isEmpty() ? "unknown" : String.valueOf(Long.parseLong(kb) / 1024),
        System.getProperty("java.vm.name"),
        System.getProperty("java.version"));
  }

  static String load() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).split("\\s+")[0];
    } catch (IOException e) {
      return "unknown";
    }
  }

  private static String field(String file, String prefix) {
    try {
      for (String line : Files.readAllLines(Path.of(file))) {
        if (line.startsWith(prefix)) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException e) {
      // not Linux
    }
    return "unknown";
  }
}
