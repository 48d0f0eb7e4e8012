package dev.dpjdbc.it.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.it.clients.Psql;
import dev.dpjdbc.proxy.cli.ProxyMain;
import java.net.URI;
import org.junit.jupiter.api.Test;

/**
 * The README's main job: no --backend starts the embedded demo; psql gets a COUNT(*). The demo's
 * own PostgreSQL refuses psql without a password, and pass-through runs on the catalog role.
 */
class DemoMainIT {
  @Test
  void demo_answersCountThroughPsql() throws Exception {
    try (ProxyMain.Running demo = ProxyMain.start("--port", "0")) {
      Psql.Result r =
          Psql.run(
              demo.port(),
              "analyst",
              "analyst",
              "SELECT COUNT(*) FROM employees;\nSELECT current_user AS whoami;\n");
      assertEquals(0, r.exitCode(), r.all());
      assertTrue(r.out().contains("count"), r.all());
      assertTrue(r.err().contains("NOTICE:"), r.all());
      assertTrue(r.out().contains("dp_catalog"), r.all());

      int pgPort = URI.create(demo.demo().jdbcUrl().substring("jdbc:".length())).getPort();
      for (String user : new String[] {"postgres", "dp_data", "dp_catalog"}) {
        Psql.Result direct = Psql.run(pgPort, user, "", "SELECT 1;\n");
        assertNotEquals(0, direct.exitCode(), direct.all());
        assertTrue(direct.err().contains("password"), direct.all());
      }
    }
  }
}
