package dev.dpjdbc.it.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.it.clients.ClientRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * node-postgres ({@code pg} and {@code pg-cursor}, pinned in {@code src/test/node/package.json} and
 * installed there by {@code .ci/run} with {@code npm ci}) against the proxy on embedded PostgreSQL:
 * parameters travel untyped (OID 0) and the backend infers them, JavaScript {@code Date} objects
 * and date strings included; a pg-cursor portal and a DECLARE/FETCH cursor are charged once; errors
 * carry PostgreSQL's SQLState and cost nothing. Noisy values are checked with margins of more than
 * 15 noise standard deviations (false failure below 1e-9).
 */
class ProxyNodePostgresIT {
  static ProxyFixture fixture;

  @BeforeAll
  static void start() throws Exception {
    fixture = ProxyFixture.start(100_000.0);
  }

  @AfterAll
  static void stop() throws Exception {
    if (fixture != null) {
      fixture.close();
    }
  }

  @Test
  void pgClient_typesCursorsAndErrors() throws Exception {
    Path dir = Path.of("src", "test", "node").toAbsolutePath();
    Assumptions.assumeTrue(
        Files.isDirectory(dir.resolve("node_modules").resolve("pg"))
            && Files.isDirectory(dir.resolve("node_modules").resolve("pg-cursor")),
        "node-postgres is not installed: run `npm ci` in integration-tests/src/test/node"
            + " (.ci/run does): skipped");
    ClientRun.Result r =
        ClientRun.run(
            List.of(
                "node",
                "pg_client.js",
                Integer.toString(fixture.port()),
                ProxyFixture.ANALYST,
                ProxyFixture.PASSWORD),
            dir);
    assertEquals(0, r.exitCode(), r.out());
    assertEquals("", r.get("done"), r.out());
    assertEquals("departments,employees", r.get("tables"), "relkind = ANY($2) with a JS array");
    assertEquals("id,name,age,salary,region,department,hired", r.get("columns"));
    ProxyPythonClientsIT.assertNear(r, "p_int", 4449, 500);
    ProxyPythonClientsIT.assertNear(r, "p_bigint", 5000, 500);
    ProxyPythonClientsIT.assertNear(r, "p_numeric", 453_054_780, 90_000_000);
    ProxyPythonClientsIT.assertNear(r, "p_float", 90_611, 30_000);
    ProxyPythonClientsIT.assertNear(r, "p_text", 1250, 500);
    ProxyPythonClientsIT.assertNear(r, "p_text42", 5000, 500);
    ProxyPythonClientsIT.assertNear(r, "p_date_object", 3009, 500);
    ProxyPythonClientsIT.assertNear(r, "p_date_string", 3001, 500);
    ProxyPythonClientsIT.assertNear(r, "p_timestamp", 4098, 500);
    ProxyPythonClientsIT.assertNear(r, "p_timestamptz", 4098, 500);
    ProxyPythonClientsIT.assertNear(r, "p_bool", 5000, 500);
    assertEquals("employees", r.get("p_uuid"));
    assertEquals("Engineering,Finance,Marketing,Operations,Sales", r.get("grouped"));
    assertEquals("E,N,S|W", r.get("cursor_pages"), "pg-cursor read(3) twice");
    assertEquals("1", r.get("cursor_charged"));
    assertEquals("2+3", r.get("declare_rows"));
    assertEquals("1", r.get("declare_charged"));
    assertTrue(r.get("err_rowlevel").startsWith("ERR 42501 "), r.out());
    assertEquals("ERR 22P02 invalid input syntax for type integer: \"forty\"", r.get("err_param"));
    assertEquals("ERR 22007 invalid input syntax for type date: \"not a date\"", r.get("err_date"));
    assertTrue(
        r.get("err_any_array").startsWith("ERR 0A000 "), "a JS array in = ANY($1) of a DP query");
    assertEquals("true", r.get("err_budget_unchanged"), r.out());
    assertFalse(r.out().contains("fatal"), r.out());
  }
}
