package dev.dpjdbc.benchmarks.throughput;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time of the three parties of a cell, read from Linux's /proc (all zeros elsewhere): this JVM
 * (the proxy, the driver, the ledger), PostgreSQL (its postmaster, found by the port on its command
 * line, plus its live backends and the ones it has reaped) and pgbench (this JVM's reaped
 * children). On a 2-core machine at 32 clients the cell is CPU-bound, so CPU milliseconds per query
 * say where the throughput goes.
 */
final class CpuMeter {
  /** Clock ticks per second of /proc/&lt;pid&gt;/stat (USER_HZ, 100 on Linux). */
  private static final double TICK_MS = 10.0;

  private final long postmaster;

  CpuMeter(int pgPort) {
    this.postmaster = findPostmaster(pgPort);
  }

  /** Cumulative CPU milliseconds: this JVM, PostgreSQL, pgbench. */
  record Sample(double jvmMs, double postgresMs, double pgbenchMs) {
    Sample minus(Sample o) {
      return new Sample(jvmMs - o.jvmMs, postgresMs - o.postgresMs, pgbenchMs - o.pgbenchMs);
    }
  }

  Sample now() {
    double jvm =
        ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime()
            / 1e6;
    long[] self = stat(ProcessHandle.current().pid());
    double pgbench = self == null ? 0 : (self[2] + self[3]) * TICK_MS;
    double pg = 0;
    if (postmaster > 0) {
      long[] pm = stat(postmaster);
      if (pm != null) {
        pg += (pm[0] + pm[1] + pm[2] + pm[3]) * TICK_MS;
      }
      for (long child : children(postmaster)) {
        long[] c = stat(child);
        if (c != null) {
          pg += (c[0] + c[1]) * TICK_MS;
        }
      }
    }
    return new Sample(jvm, pg, pgbench);
  }

  boolean seesPostgres() {
    return postmaster > 0;
  }

  /** utime, stime, cutime, cstime and ppid of {@code pid}, or null. */
  private static long[] stat(long pid) {
    try {
      String s = Files.readString(Path.of("/proc/" + pid + "/stat"));
      String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
      // after "pid (comm) ": f[0] state, f[1] ppid, ..., f[11] utime, f[12] stime, f[13] cutime
      return new long[] {
        Long.parseLong(f[11]),
        Long.parseLong(f[12]),
        Long.parseLong(f[13]),
        Long.parseLong(f[14]),
        Long.parseLong(f[1])
      };
    } catch (IOException | RuntimeException e) {
      return null; // gone, or not Linux
    }
  }

  private static java.util.List<Long> children(long parent) {
    java.util.List<Long> out = new java.util.ArrayList<>();
    try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
      for (Path p : procs) {
        long pid = Long.parseLong(p.getFileName().toString());
        long[] s = stat(pid);
        if (s != null && s[4] == parent) {
          out.add(pid);
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux
    }
    return out;
  }

  private static long findPostmaster(int port) {
    try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
      for (Path p : procs) {
        try {
          String cmd = Files.readString(p.resolve("cmdline")).replace('\0', ' ');
          if (cmd.contains("/bin/postgres ") && cmd.contains(" -p " + port + " ")) {
            return Long.parseLong(p.getFileName().toString());
          }
        } catch (IOException | RuntimeException e) {
          // gone or unreadable
        }
      }
    } catch (IOException e) {
      return -1;
    }
    return -1;
  }
}
