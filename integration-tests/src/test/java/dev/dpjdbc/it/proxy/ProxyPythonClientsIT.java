package dev.dpjdbc.it.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.it.clients.ClientRun;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The real Python clients against the proxy on embedded PostgreSQL: psycopg2 (typed parameters
 * bound client-side, a named cursor, pgcode), SQLAlchemy 1.4 (its Inspector, {@code text()} with
 * bound parameters, {@code stream_results}) and pandas ({@code read_sql_query} of grouped DP
 * aggregates). The scripts live in {@code src/test/resources/clients/}; a missing client library
 * skips its test, naming the Debian package.
 *
 * <p>Noisy values are checked against the demo data's true values (deterministic, see {@code
 * DemoData}) with margins of more than 15 standard deviations of the noise at the fixture's query ε
 * = 0.5 (a count's noise has standard deviation below 12, a salary sum's below 2.4 million), so a
 * false failure has probability below 1e-9.
 */
class ProxyPythonClientsIT {
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

  private static ClientRun.Result python(String script, String install) throws Exception {
    ClientRun.Result r =
        ClientRun.python(
            script,
            install,
            Integer.toString(fixture.port()),
            ProxyFixture.ANALYST,
            ProxyFixture.PASSWORD);
    assertEquals(0, r.exitCode(), r.out());
    assertFalse(r.out().contains("Traceback"), r.out());
    assertEquals("", r.get("done"), r.out());
    return r;
  }

  static void assertNear(ClientRun.Result r, String key, double truth, double margin) {
    String v = r.get(key);
    assertFalse(v.startsWith("ERR"), key + ": " + v + "\n" + r.out());
    double got = Double.parseDouble(v);
    assertTrue(
        Math.abs(got - truth) <= margin,
        key + " = " + got + ", true value " + truth + "\n" + r.out());
  }

  @Test
  void psycopg2_introspectsBindsEveryTypeStreamsAndRefuses() throws Exception {
    ClientRun.Result r = python("psycopg2_client.py", "apt-get install -y python3-psycopg2");
    assertEquals("departments,employees", r.get("tables"));
    assertTrue(r.get("columns").contains("salary:integer,region:text"), r.out());
    assertTrue(r.get("columns").endsWith("hired:date"), r.out());
    assertEquals("name,floor", r.get("description"), "a public table's row description");
    assertNear(r, "p_int", 4449, 500);
    assertNear(r, "p_bigint", 5000, 500);
    assertNear(r, "p_numeric", 5000, 500);
    assertNear(r, "p_float", 5000, 500);
    assertNear(r, "p_text", 1250, 500);
    assertNear(r, "p_date", 3009, 500);
    assertNear(r, "p_timestamp", 4098, 500);
    assertNear(r, "p_timestamptz", 4098, 500);
    assertNear(r, "p_bool", 5000, 500);
    assertNear(r, "p_tuple", 131_144_418, 40_000_000);
    assertNear(r, "p_named", 42.55, 15);
    assertEquals("employees", r.get("p_uuid"), "a uuid parameter on the catalog path");
    assertEquals("departments,employees", r.get("p_array"), "relkind = ANY(%s) with a list");
    assertEquals("Engineering,Finance,Marketing,Operations,Sales", r.get("grouped"));
    assertEquals("E,N,S,W", r.get("cursor_regions"), "a named cursor read by itersize 2");
    assertEquals("1", r.get("cursor_charged"), "one release for the whole named cursor");
    assertTrue(r.get("err_rowlevel").startsWith("42501 "), r.out());
    assertTrue(r.get("err_rowlevel").contains("row-level result"), r.out());
    assertTrue(r.get("err_param").startsWith("22P02 "), r.out());
    assertTrue(r.get("err_any_array").startsWith("0A000 "), "= ANY over a list: " + r.out());
    assertEquals("True", r.get("err_budget_unchanged"), "refusals cost nothing: " + r.out());
  }

  @Test
  void sqlAlchemy_inspectorTextParamsStreamResultsAndErrors_pandasReadSql() throws Exception {
    ClientRun.Result r =
        python(
            "sqlalchemy_client.py",
            "apt-get install -y python3-sqlalchemy python3-pandas python3-psycopg2");
    // Inspector
    assertEquals("public", r.get("schemas"));
    assertEquals("departments,employees", r.get("tables"));
    assertEquals("0", r.get("views"));
    assertEquals(
        "id:INTEGER,name:TEXT,age:INTEGER,salary:INTEGER,region:TEXT,department:TEXT,hired:DATE",
        r.get("columns"));
    assertEquals("id", r.get("pk"));
    assertEquals("department->departments.name", r.get("fks"));
    assertEquals("0", r.get("indexes"), "only the primary key's index, which is not listed");
    assertEquals("0", r.get("uniques"));
    assertEquals("5", r.get("checks"));
    assertEquals("None", r.get("comment"));
    // text() with bound parameters
    assertNear(r, "p_int", 4449, 500);
    assertNear(r, "p_numeric", 453_054_780, 90_000_000);
    assertNear(r, "p_float", 90_611, 30_000);
    assertNear(r, "p_text", 1008, 500);
    assertNear(r, "p_date", 3009, 500);
    assertNear(r, "p_timestamp", 4098, 500);
    assertNear(r, "p_bool", 5000, 500);
    assertNear(r, "p_expanding", 2500, 500);
    // stream_results: a server-side cursor, one release
    assertEquals("E,N,S,W", r.get("stream_regions"));
    assertEquals("1", r.get("stream_charged"));
    // errors
    assertTrue(r.get("err_rowlevel").startsWith("42501 "), r.out());
    assertTrue(r.get("err_missing").startsWith("42P01 "), r.out());
    assertTrue(r.get("err_missing").contains("no_such_table"), r.out());
    assertEquals("True", r.get("err_budget_unchanged"), r.out());
    // pandas
    assertEquals("5x3", r.get("pandas_shape"));
    assertEquals("department,n,avg_salary", r.get("pandas_columns"));
    assertEquals("Engineering,Finance,Marketing,Operations,Sales", r.get("pandas_departments"));
    assertTrue(Integer.parseInt(r.get("pandas_n_min")) > 100, r.out());
    assertEquals("E,N,S,W", r.get("pandas_dbapi_regions"));
  }
}
