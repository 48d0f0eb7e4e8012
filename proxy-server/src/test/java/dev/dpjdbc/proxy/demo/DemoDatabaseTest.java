package dev.dpjdbc.proxy.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dpjdbc.policy.Policy;
import dev.dpjdbc.proxy.roles.Login;
import dev.dpjdbc.proxy.roles.RoleCheck;
import dev.dpjdbc.proxy.roles.RoleSetup;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The demo database runs on least-privileged roles and accepts no password-less login. */
class DemoDatabaseTest {
  static DemoDatabase demo;

  @BeforeAll
  static void start() throws Exception {
    demo = DemoDatabase.start();
  }

  @AfterAll
  static void stop() throws Exception {
    if (demo != null) {
      demo.close();
    }
  }

  private static Connection connect(String user, String password) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", user);
    if (password != null) {
      p.setProperty("password", password);
    }
    return DriverManager.getConnection(demo.jdbcUrl(), p);
  }

  @ParameterizedTest
  @ValueSource(strings = {"postgres", "dp_data", "dp_catalog", "nobody"})
  void passwordlessLogin_refused(String user) {
    assertThrows(SQLException.class, () -> connect(user, null).close());
  }

  @Test
  void superuser_guessedPassword_refused() {
    SQLException e = assertThrows(SQLException.class, () -> connect("postgres", "postgres"));
    assertEquals("28P01", e.getSQLState(), e.getMessage());
  }

  @Test
  void roles_areLeastPrivileged_withRandomPasswords() throws Exception {
    Login data = demo.data();
    Login catalog = demo.catalog();
    assertEquals(RoleSetup.DATA_USER, data.user());
    assertEquals(RoleSetup.CATALOG_USER, catalog.user());
    assertNotEquals(data.password(), catalog.password());
    RoleCheck.verify(demo.jdbcUrl(), data, catalog, Policy.load(demo.policyFile()));
    try (Connection c = connect(data.user(), data.password());
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM employees")) {
      rs.next();
      assertEquals(DemoData.EMPLOYEES, rs.getInt(1));
    }
    try (Connection c = connect(catalog.user(), catalog.password());
        Statement s = c.createStatement()) {
      SQLException e =
          assertThrows(SQLException.class, () -> s.executeQuery("SELECT COUNT(*) FROM employees"));
      assertEquals("42501", e.getSQLState());
    }
  }
}
