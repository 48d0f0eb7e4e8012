package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.UUID;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Jar hygiene of {@code jdbc-driver/target/dpjdbc.jar}, as a BI tool sees it: the jar and a plain
 * pgJDBC jar (the one from the local Maven repository) in one {@link URLClassLoader} whose parent
 * is the platform loader, so nothing of this test's class path leaks in. The jar registers only
 * {@code jdbc:dp:}, carries no class under {@code org.postgresql} or {@code org.h2}, and its driver
 * still reaches PostgreSQL and H2 backends (and its H2 file ledger) through its relocated copies,
 * while the tool's own pgJDBC stays registered and distinct. Skipped, saying so, when the jar was
 * not built ({@code mvn verify} builds it in jdbc-driver's package phase).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ShadedJarIT {
  private static final String DP_DRIVER = "dev.dpjdbc.driver.DpDriver";

  private Path jar;
  private Path plainPgJdbc;
  private URLClassLoader loader;
  private Path dir;

  @BeforeAll
  void load() throws Exception {
    String base = System.getProperty("basedir", System.getProperty("user.dir"));
    jar = Path.of(base).resolve("../jdbc-driver/target/dpjdbc.jar").normalize();
    Assumptions.assumeTrue(
        Files.isRegularFile(jar),
        "skipped: " + jar + " is absent; build it with mvn -pl jdbc-driver -am package");
    plainPgJdbc =
        Path.of(
            org.postgresql.Driver.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
    loader =
        new URLClassLoader(
            new URL[] {jar.toUri().toURL(), plainPgJdbc.toUri().toURL()},
            ClassLoader.getPlatformClassLoader());
    dir = TestBackends.tempDir();
  }

  @Test
  void servicesFile_namesOnlyTheDpDriver() throws Exception {
    try (JarFile jf = new JarFile(jar.toFile())) {
      JarEntry services = jf.getJarEntry("META-INF/services/java.sql.Driver");
      String text = new String(jf.getInputStream(services).readAllBytes(), StandardCharsets.UTF_8);
      assertEquals(List.of(DP_DRIVER), nonBlankLines(text));
    }
  }

  @Test
  void serviceLoader_findsOnlyDpInTheJar_andThePlainPgJdbcBesideIt() throws Exception {
    List<String> fromJar = new ArrayList<>();
    List<String> fromPlain = new ArrayList<>();
    for (ServiceLoader.Provider<Driver> p :
        ServiceLoader.load(Driver.class, loader).stream().toList()) {
      Path from = Path.of(p.type().getProtectionDomain().getCodeSource().getLocation().toURI());
      (from.equals(jar) ? fromJar : fromPlain).add(p.type().getName());
    }
    assertEquals(List.of(DP_DRIVER), fromJar);
    assertEquals(List.of("org.postgresql.Driver"), fromPlain);
  }

  @Test
  void bundledDrivers_areRelocated_andDistinctFromTheToolsPgJdbc() throws Exception {
    try (JarFile jf = new JarFile(jar.toFile())) {
      List<String> stray =
          jf.stream()
              .map(JarEntry::getName)
              .filter(n -> n.contains("org/postgresql/"))
              .filter(n -> !n.startsWith("dev/dpjdbc/shaded/"))
              .toList();
      assertEquals(List.of(), stray, "unrelocated pgJDBC entries in " + jar);
      assertTrue(jf.getJarEntry("dev/dpjdbc/shaded/org/postgresql/Driver.class") != null);
      // H2 stays under org.h2 on purpose (its database files record class names): see the docs.
      assertTrue(jf.getJarEntry("org/h2/Driver.class") != null);
    }
    Class<?> plain = loader.loadClass("org.postgresql.Driver");
    Class<?> bundled = loader.loadClass("dev.dpjdbc.shaded.org.postgresql.Driver");
    assertEquals(plainPgJdbc, codeSource(plain), "the tool's pgJDBC comes from its own jar");
    assertEquals(jar, codeSource(bundled));
    assertNotEquals(plain, bundled);
  }

  @Test
  void dpDriver_queriesPostgres_throughTheRelocatedDriver_registeringOnlyDp() throws Exception {
    Backend pg = TestBackends.postgres();
    Driver dp = newDpDriver();
    assertTrue(dp.acceptsURL(pg.dpUrl()));
    assertFalse(dp.acceptsURL(pg.jdbcUrl()), "the dp driver claims only jdbc:dp: URLs");
    Object releasedCount = countEmployees(dp, pg);
    assertTrue(((Number) releasedCount).doubleValue() > 0, "a noisy count: " + releasedCount);
    // The relocated copies opened the backend and the H2 ledger, yet neither is registered.
    Class<?> bundled = loader.loadClass("dev.dpjdbc.shaded.org.postgresql.Driver");
    assertEquals(false, bundled.getMethod("isRegistered").invoke(null));
    assertEquals(false, h2Registered(), "the jar's H2 opened the ledger but is not registered");
    // The tool's own pgJDBC is untouched: registered, and it opens jdbc:postgresql: itself.
    Class<?> plain = loader.loadClass("org.postgresql.Driver");
    assertEquals(true, plain.getMethod("isRegistered").invoke(null));
    Driver tools = (Driver) plain.getDeclaredConstructor().newInstance();
    try (Connection c = tools.connect(pg.jdbcUrl(), credentials(pg));
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT 1")) {
      assertTrue(rs.next());
      assertEquals(plain.getClassLoader(), c.getClass().getClassLoader());
      assertTrue(c.getClass().getName().startsWith("org.postgresql."), c.getClass().getName());
    }
  }

  @Test
  void dpDriver_queriesH2_throughTheBundledUnregisteredDriver() throws Exception {
    Object releasedCount = countEmployees(newDpDriver(), TestBackends.h2());
    assertTrue(((Number) releasedCount).doubleValue() > 0, "a noisy count: " + releasedCount);
    assertEquals(false, h2Registered());
  }

  /** H2's own registration flag (H2 has no public accessor), read in the jar's loader. */
  private boolean h2Registered() throws Exception {
    java.lang.reflect.Field f = loader.loadClass("org.h2.Driver").getDeclaredField("registered");
    f.setAccessible(true);
    return f.getBoolean(null);
  }

  private Object countEmployees(Driver dp, Backend backend) throws Exception {
    Properties p = credentials(backend);
    p.setProperty("dp.policy", Policies.large(dir, "shaded").toString());
    p.setProperty("dp.analyst", "shaded-" + UUID.randomUUID());
    try (Connection c = dp.connect(backend.dpUrl(), p);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) AS n FROM employees")) {
      assertEquals(loader, c.getClass().getClassLoader(), "the connection is the jar's");
      assertTrue(rs.next());
      Object n = rs.getObject(1);
      assertFalse(rs.next());
      return n;
    }
  }

  private Driver newDpDriver() throws Exception {
    Class<?> type = Class.forName(DP_DRIVER, true, loader);
    assertEquals(jar, codeSource(type));
    return (Driver) type.getDeclaredConstructor().newInstance();
  }

  private static Properties credentials(Backend backend) {
    Properties p = new Properties();
    p.setProperty("user", backend.user());
    p.setProperty("password", backend.password());
    return p;
  }

  private static Path codeSource(Class<?> type) throws Exception {
    return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  private static List<String> nonBlankLines(String text) {
    return text.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
  }
}
