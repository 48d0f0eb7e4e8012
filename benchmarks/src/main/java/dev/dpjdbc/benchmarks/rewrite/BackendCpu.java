package dev.dpjdbc.benchmarks.rewrite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * CPU time the PostgreSQL server spends for one connection, read from Linux's {@code /proc} (the
 * embedded server runs on this machine): the backend's on-CPU time from {@code
 * /proc/<pid>/schedstat} (nanoseconds), plus the CPU time of the postmaster's reaped children
 * ({@code cutime + cstime} of {@code /proc/<postmaster>/stat}, in 10 ms clock ticks), which is
 * where the time of parallel workers lands once they exit. Unlike wall time it does not grow when
 * other processes compete for the CPUs, so its ratios stay meaningful on a shared machine. Where
 * {@code /proc} is missing, {@link #nanos} is NaN and the report says n/a.
 */
public final class BackendCpu {
  private static final double NANOS_PER_TICK = 1e9 / 100; // USER_HZ is 100 on Linux

  private final Path schedstat;
  private final Path postmasterStat;

  public BackendCpu(Connection c) throws SQLException {
    int pid;
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
      rs.next();
      pid = rs.getInt(1);
    }
    schedstat = Path.of("/proc/" + pid + "/schedstat");
    String[] stat = statFields(Path.of("/proc/" + pid + "/stat"));
    postmasterStat = stat == null ? null : Path.of("/proc/" + stat[1] + "/stat");
  }

  /** The backend's CPU time so far plus its parallel workers' (NaN without {@code /proc}). */
  public double nanos() {
    try {
      if (postmasterStat == null) {
        return Double.NaN;
      }
      double own = Double.parseDouble(Files.readString(schedstat).trim().split(" ")[0]);
      String[] pm = statFields(postmasterStat);
      double children = Long.parseLong(pm[13]) + Long.parseLong(pm[14]);
      return own + children * NANOS_PER_TICK;
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
  }

  /** The fields of a {@code /proc/<pid>/stat} line after the command name (index 0 = state). */
  private static String[] statFields(Path stat) {
    try {
      String line = Files.readString(stat);
      return line.substring(line.lastIndexOf(')') + 2).trim().split(" ");
    } catch (IOException e) {
      return null;
    }
  }
}
