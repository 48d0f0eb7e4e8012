package dev.dpjdbc.proxy.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.dpjdbc.proxy.roles.Login;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class BackendConnectorTest {
  @Test
  void properties_bothRoles_goToTheDriverAsUserAndCatalogUser() {
    BackendConnector c =
        new BackendConnector(
            "jdbc:postgresql://localhost/hr",
            new Login("dp_data", "d-pw"),
            new Login("dp_catalog", "c-pw"),
            Path.of("/etc/dpjdbc/policy.yaml"),
            10);
    Properties p = c.properties("alice");
    assertEquals("jdbc:dp:postgresql://localhost/hr", c.dpUrl());
    assertEquals("alice", p.getProperty("dp.analyst"));
    assertEquals("dp_data", p.getProperty("user"));
    assertEquals("d-pw", p.getProperty("password"));
    assertEquals("dp_catalog", p.getProperty("dp.catalogUser"));
    assertEquals("c-pw", p.getProperty("dp.catalogPassword"));
    assertEquals("11", p.getProperty("dp.pool.size"));
  }

  @Test
  void properties_noCatalogRole_setsNoCatalogProperty() {
    BackendConnector c =
        new BackendConnector("jdbc:h2:mem:x", new Login("sa", null), Login.NONE, null, 1);
    Properties p = c.properties("bob");
    assertFalse(p.containsKey("dp.catalogUser"));
    assertFalse(p.containsKey("dp.catalogPassword"));
    assertFalse(p.containsKey("password"));
  }
}
