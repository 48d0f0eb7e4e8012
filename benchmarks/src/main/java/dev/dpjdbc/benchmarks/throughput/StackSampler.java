package dev.dpjdbc.benchmarks.throughput;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A poor man's wall-clock profiler of the proxy's session threads ({@code dpjdbc-proxy-session-*}):
 * every few milliseconds it takes their stacks and files each under the first matching part of the
 * path (ledger, post-processing, backend round trip, analyzer, noise, driver, proxy wire, waiting
 * for the client). Threads that are runnable but waiting for a core count where they stand, so on
 * an overloaded machine the shares are of wall time, not CPU.
 */
final class StackSampler implements AutoCloseable {
  /** The parts, in the order a stack is tested against them. */
  static final String[] PARTS = {
    "ledger charge (H2)",
    "post-processing (Calcite interpreter)",
    "backend round trip (pgJDBC)",
    "analyzer (plan, Calcite)",
    "noise",
    "driver, other",
    "waiting for the client",
    "proxy wire and session",
    "other"
  };

  private final Map<String, Long> counts = new LinkedHashMap<>();
  private final AtomicBoolean running = new AtomicBoolean(true);
  private final Thread thread;

  StackSampler(long intervalMs) {
    for (String p : PARTS) {
      counts.put(p, 0L);
    }
    thread =
        new Thread(
            () -> {
              while (running.get()) {
                sample();
                try {
                  Thread.sleep(intervalMs);
                } catch (InterruptedException e) {
                  return;
                }
              }
            },
            "throughput-stack-sampler");
    thread.setDaemon(true);
    thread.start();
  }

  private void sample() {
    for (ThreadInfo t : ManagementFactory.getThreadMXBean().dumpAllThreads(false, false)) {
      if (t != null
          && t.getThreadName().startsWith("dpjdbc-proxy-session-")
          && !idle(t.getStackTrace())) {
        String part = classify(t.getStackTrace());
        synchronized (counts) {
          counts.merge(part, 1L, Long::sum);
        }
      }
    }
  }

  /** A pooled thread with no session (between cells): not counted. */
  private static boolean idle(StackTraceElement[] stack) {
    for (StackTraceElement e : stack) {
      if (e.getMethodName().equals("getTask")
          && e.getClassName().equals("java.util.concurrent.ThreadPoolExecutor")) {
        return true;
      }
    }
    return false;
  }

  static String classify(StackTraceElement[] stack) {
    boolean charge = false;
    boolean post = false;
    boolean analyzer = false;
    boolean noise = false;
    boolean driver = false;
    boolean proxy = false;
    for (StackTraceElement e : stack) {
      String c = e.getClassName();
      charge |= c.startsWith("dev.dpjdbc.driver.charge") || c.startsWith("org.h2");
      post |= c.startsWith("dev.dpjdbc.analyze.post");
      analyzer |= c.startsWith("dev.dpjdbc.analyze") || c.startsWith("org.apache.calcite");
      noise |= c.startsWith("dev.dpjdbc.mechanisms") || c.contains(".perturb");
      driver |= c.startsWith("dev.dpjdbc.driver");
      proxy |= c.startsWith("dev.dpjdbc.proxy");
    }
    String innermost = innermostKnown(stack);
    if (charge) {
      return PARTS[0];
    }
    if (post) {
      return PARTS[1];
    }
    if (innermost.startsWith("org.postgresql")) {
      return PARTS[2];
    }
    if (analyzer) {
      return PARTS[3];
    }
    if (noise) {
      return PARTS[4];
    }
    if (driver) {
      return PARTS[5];
    }
    if (proxy) {
      return innermost.startsWith("dev.dpjdbc.proxy.wire.FrameReader") ? PARTS[6] : PARTS[7];
    }
    return PARTS[8];
  }

  private static String innermostKnown(StackTraceElement[] stack) {
    for (StackTraceElement e : stack) {
      String c = e.getClassName();
      if (c.startsWith("org.") || c.startsWith("dev.")) {
        return c;
      }
    }
    return "";
  }

  /** Share of samples per part, in {@link #PARTS} order. */
  Map<String, Double> shares() {
    Map<String, Double> out = new LinkedHashMap<>();
    synchronized (counts) {
      long total = counts.values().stream().mapToLong(Long::longValue).sum();
      counts.forEach((k, v) -> out.put(k, total == 0 ? 0 : (double) v / total));
    }
    return out;
  }

  @Override
  public void close() throws InterruptedException {
    running.set(false);
    thread.interrupt();
    thread.join();
  }
}
