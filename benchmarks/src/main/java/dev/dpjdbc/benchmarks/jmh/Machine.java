package dev.dpjdbc.benchmarks.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/** The machine and JVM lines of a report, read from /proc on Linux ("unknown" elsewhere). */
public final class Machine {
  private Machine() {}

  public static String describe(String loadAtStart, String started) {
    return String.format(
        "- machine: %d cores, %s, %s MB RAM; load average %s at the start, %s at the end (the"
            + " machine was shared with other builds)%n"
            + "- JVM: %s %s (%s)%n"
            + "- started %s, finished %s%n",
        Runtime.getRuntime().availableProcessors(),
        field("/proc/cpuinfo", "model name"),
        memMb(),
        loadAtStart,
        loadAverage(),
        System.getProperty("java.vm.name"),
        System.getProperty("java.version"),
        System.getProperty("java.vendor"),
        started,
        Instant.now());
  }

  /**
   * The machine and JVM lines alone, for reports that print the load and the times in their own
   * settings line.
   */
  public static String hardware() {
    return String.format(
        "- machine: %d cores, %s, %s MB RAM (shared with other builds)%n- JVM: %s %s%n",
        Runtime.getRuntime().availableProcessors(),
        field("/proc/cpuinfo", "model name"),
        memMb(),
        System.getProperty("java.vm.name"),
        System.getProperty("java.version"));
  }

  public static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).split("\\s+")[0];
    } catch (IOException e) {
      return "unknown";
    }
  }

  private static String memMb() {
    String kb = field("/proc/meminfo", "MemTotal").replaceAll("[^0-9]", "");
    return kb.isEmpty() ? "unknown" : String.valueOf(Long.parseLong(kb) / 1024);
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
