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

  private static String database(String url) {
    return new BackendConnector(url, new Login("dp_data", null), Login.NONE, null, 1).database();
  }

  @Test
  void database_isTheBackendUrlsDatabase_elseTheDataRole_nullForOtherBackends() {
    assertEquals("hr", database("jdbc:postgresql://db:5432/hr?ssl=true"));
    assertEquals("my db", database("jdbc:postgresql://db/my%20db"));
    assertEquals("hr", database("jdbc:postgresql:hr"));
    assertEquals("hr", database("jdbc:postgresql://a:1,b:2/hr"));
    assertEquals("dp_data", database("jdbc:postgresql://db:5432/"));
    assertEquals("dp_data", database("jdbc:postgresql://db:5432"));
    org.junit.jupiter.api.Assertions.assertNull(database("jdbc:h2:mem:x"));
  }
}
