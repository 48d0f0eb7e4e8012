package dev.dpjdbc.it.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.it.clients.Psql;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The README's main job exactly as a user runs it: {@code java -jar
 * proxy-server/target/dpjdbc-proxy.jar} in its own JVM (the shaded jar, nothing else on the
 * classpath), psql against it, then SIGTERM: the proxy must stop cleanly and close its port.
 */
class ProxyJarIT {
  private static final Path JAR = Path.of("..", "proxy-server", "target", "dpjdbc-proxy.jar");

  @Test
  void runnableJar_servesDemoThroughPsql_andStopsOnSigterm() throws Exception {
    assertTrue(Files.isRegularFile(JAR), "build the jar first: " + JAR.toAbsolutePath());
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process proxy =
        new ProcessBuilder(java, "-jar", JAR.toString(), "--port", Integer.toString(port))
            .redirectErrorStream(true)
            .start();
    StringBuilder log = new StringBuilder();
    CompletableFuture<Void> ready = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(
                      new InputStreamReader(proxy.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                  synchronized (log) {
                    log.append(line).append('\n');
                  }
                  if (line.contains("psql -h localhost")) {
                    ready.complete(null);
                  }
                }
              } catch (Exception e) {
                ready.completeExceptionally(e);
              }
              ready.completeExceptionally(new IllegalStateException("proxy exited"));
            });
    reader.start();
    try {
      ready.get(120, TimeUnit.SECONDS);
      Psql.Result r =
          Psql.run(
              port,
              "analyst",
              "analyst",
              "SELECT COUNT(*) FROM employees;\n\\dt\nSHOW dp.budget;\n");
      assertEquals(0, r.exitCode(), r.all());
      assertTrue(r.out().contains("count"), r.all());
      assertTrue(r.out().contains("employees"), r.all());
      assertTrue(r.out().contains("epsilon_spent"), r.all());
      assertTrue(r.err().contains("NOTICE:  dpjdbc: released"), r.all());
    } finally {
      // SIGTERM via the handle: Process.destroy() would also close our end of its output pipe
      proxy.toHandle().destroy();
    }
    assertTrue(proxy.waitFor(60, TimeUnit.SECONDS), "proxy did not stop on SIGTERM:\n" + log);
    reader.join(10_000);
    int exit = proxy.exitValue();
    assertTrue(exit == 0 || exit == 143, "exit code " + exit + "\n" + log);
    synchronized (log) {
      assertTrue(log.toString().contains("dpjdbc proxy stopped"), "exit " + exit + ":\n" + log);
    }
    try (Socket ignored = new Socket("localhost", port)) {
      assertFalse(true, "port " + port + " still accepts connections after SIGTERM");
    } catch (java.io.IOException expected) {
      // closed, as it should be
    }
  }
}
