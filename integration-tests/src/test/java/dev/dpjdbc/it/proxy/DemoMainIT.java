package dev.dpjdbc.it.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.it.clients.Psql;
import dev.dpjdbc.proxy.cli.ProxyMain;
import org.junit.jupiter.api.Test;

/** The README's main job: no --backend starts the embedded demo; psql gets a COUNT(*). */
class DemoMainIT {
  @Test
  void demo_answersCountThroughPsql() throws Exception {
    try (ProxyMain.Running demo = ProxyMain.start("--port", "0")) {
      Psql.Result r =
          Psql.run(demo.port(), "analyst", "analyst", "SELECT COUNT(*) FROM employees;\n");
      assertEquals(0, r.exitCode(), r.all());
      assertTrue(r.out().contains("count"), r.all());
      assertTrue(r.err().contains("NOTICE:"), r.all());
    }
  }
}
