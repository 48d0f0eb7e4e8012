package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A real JDBC client nobody here wrote: sqlline (Maven Central) runs as a child process whose
 * classpath is ONLY {@code jdbc-driver/target/dpjdbc.jar} and the sqlline jar, connects with {@code
 * jdbc:dp:postgresql://...} (no dp.policy: the built-in defaults, with the default file ledger in
 * the child's working directory), lists tables and columns (metadata delegated), runs an aggregate
 * and shows the refusal of a row-level query. This also proves the shaded jar works alone.
 */
class SqllineIT extends ScenarioBase {
  @Override
  Backend backend() throws Exception {
    return TestBackends.postgres();
  }

  /** The shaded jar, built by jdbc-driver's package phase before this module runs. */
  static Path shadedJar() {
    String base = System.getProperty("basedir", System.getProperty("user.dir"));
    Path jar = Path.of(base).resolve("../jdbc-driver/target/dpjdbc.jar").normalize();
    assertTrue(Files.isRegularFile(jar), "build jdbc-driver first (mvn package): " + jar);
    return jar;
  }

  static Path sqllineJar() throws Exception {
    return Path.of(
        Class.forName("sqlline.SqlLine")
            .getProtectionDomain()
            .getCodeSource()
            .getLocation()
            .toURI());
  }

  @Test
  void sqlline_browsesAndQueriesThroughTheShadedJarAlone() throws Exception {
    Path work = Files.createTempDirectory("dpjdbc-sqlline-");
    Path script = work.resolve("script.sql");
    Files.writeString(
        script,
        String.join(
            "\n",
            "!tables",
            "!columns employees",
            "SELECT COUNT(*) AS n, AVG(age) AS mean_age FROM employees;",
            "SELECT * FROM employees;",
            "!quit",
            ""));
    List<String> cmd =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp",
            shadedJar() + File.pathSeparator + sqllineJar(),
            "sqlline.SqlLine",
            "-u",
            backend.dpUrl(),
            "-n",
            backend.user(),
            "-p",
            backend.password(),
            "--force=true",
            "--showWarnings=true",
            "--maxWidth=400",
            "--run=" + script);
    Path log = work.resolve("sqlline.out");
    Process p =
        new ProcessBuilder(cmd)
            .directory(work.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
            .start();
    boolean finished = p.waitFor(120, TimeUnit.SECONDS);
    if (!finished) {
      p.destroyForcibly();
    }
    String out = Files.readString(log, StandardCharsets.UTF_8);
    assertTrue(finished, "sqlline finished:\n" + out);
    System.out.println(out);
    String lower = out.toLowerCase(Locale.ROOT);
    assertTrue(lower.contains("employees"), "!tables lists employees:\n" + out);
    assertTrue(lower.contains("salary") && lower.contains("region"), "!columns employees:\n" + out);
    assertTrue(lower.contains("mean_age"), "aggregate result header:\n" + out);
    assertTrue(out.contains("42501"), "row-level query refused with 42501:\n" + out);
    assertEquals(0, countRowsOfEmployeeIds(out), "no employee row printed:\n" + out);
  }

  /** Counts output lines that look like a row of employees (an id then an age then a salary). */
  private static int countRowsOfEmployeeIds(String out) {
    int n = 0;
    for (String line : out.split("\n")) {
      if (line.matches("\\|\\s*\\d+\\s*\\|\\s*\\d+\\s*\\|\\s*\\d+\\.\\d+\\s*\\|.*")) {
        n++;
      }
    }
    return n;
  }
}
