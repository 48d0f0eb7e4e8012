package dev.dpjdbc.it.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.it.clients.Psql;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The real psql client against embedded PostgreSQL behind the proxy. */
class ProxyPsqlIT {
  static ProxyFixture fixture;

  @BeforeAll
  static void start() throws Exception {
    fixture = ProxyFixture.start(1000.0);
  }

  @AfterAll
  static void stop() throws Exception {
    if (fixture != null) {
      fixture.close();
    }
  }

  @Test
  void count_printsNoisyCountAndCostNotice() throws Exception {
    Psql.Result r = fixture.psql("SELECT COUNT(*) FROM employees;\n");
    assertEquals(0, r.exitCode(), r.all());
    Matcher m = Pattern.compile("(?m)^\\s*(-?\\d+)\\s*$").matcher(r.out());
    assertTrue(m.find(), r.all());
    long noisy = Long.parseLong(m.group(1));
    // Laplace/Gaussian noise at epsilon 0.5 on a count of 5000: |error| < 200 with
    // overwhelming probability (Laplace b = 2: P(|Z| > 200) = e^-100).
    assertTrue(Math.abs(noisy - 5000) < 200, "noisy count " + noisy);
    assertTrue(r.err().contains("NOTICE:"), r.all());
    assertTrue(r.err().contains("epsilon"), r.all());
    assertTrue(r.err().contains("remaining"), r.all());
  }

  @Test
  void severalStatementsInOneQuery_allAnswer() throws Exception {
    Psql.Result r =
        fixture.psql(
            "SET dp.epsilon = 0.25; SELECT region, COUNT(*) FROM employees GROUP BY region;"
                + " SHOW dp.budget;\n");
    assertEquals(0, r.exitCode(), r.all());
    for (String region : new String[] {" N ", " S ", " E ", " W "}) {
      assertTrue(r.out().contains(region), r.all());
    }
    assertTrue(r.out().contains("epsilon_remaining"), r.all());
  }

  @Test
  void describeTables_listsDemoTables() throws Exception {
    Psql.Result r = fixture.psql("\\dt\n");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("employees"), r.all());
    assertTrue(r.out().contains("departments"), r.all());
    assertFalse(r.err().contains("ERROR"), r.all());
  }

  @Test
  void describeEmployees_showsColumnsAndCheckConstraints() throws Exception {
    Psql.Result r = fixture.psql("\\d employees\n");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("Table \"public.employees\""), r.all());
    assertTrue(r.out().contains("salary"), r.all());
    assertTrue(r.out().contains("Check constraints:"), r.all());
    assertTrue(r.out().contains("age >= 18 AND age <= 100"), r.all());
    assertFalse(r.err().contains("ERROR"), r.all());
  }

  @Test
  void listDatabasesAndSchemas_passThrough() throws Exception {
    Psql.Result r = fixture.psql("\\l\n\\dn\n");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("demo"), r.all());
    assertTrue(r.out().contains("public"), r.all());
    assertFalse(r.err().contains("ERROR"), r.all());
  }

  @Test
  void rowLevelQuery_isRefusedWithSqlState42501() throws Exception {
    Psql.Result r = fixture.psql("\\set VERBOSITY verbose\nSELECT name, salary FROM employees;\n");
    assertTrue(r.err().contains("ERROR:  42501:"), r.all());
    assertFalse(r.out().contains("employee 1"), r.all());
  }

  @Test
  void pgStats_isRefused() throws Exception {
    Psql.Result r =
        fixture.psql(
            "\\set VERBOSITY verbose\n"
                + "SELECT histogram_bounds FROM pg_stats WHERE tablename = 'employees';\n");
    assertTrue(r.err().contains("ERROR:  42501:"), r.all());
    assertTrue(r.err().contains("pg_stats"), r.all());
  }

  @Test
  void sizeLeak_reltuples_isAnsweredAsNull() throws Exception {
    Psql.Result r =
        fixture.psql(
            "\\pset format unaligned\nSELECT relname, reltuples FROM pg_class"
                + " WHERE relname = 'employees';\n");
    assertFalse(r.err().contains("ERROR:"), r.all());
    assertTrue(r.out().contains("employees|\n"), r.all()); // reltuples is NULL (empty)
  }

  @Test
  void wrongPassword_isRefused() throws Exception {
    Psql.Result r = Psql.run(fixture.port(), ProxyFixture.ANALYST, "wrong", "SELECT 1;\n");
    assertNotEquals(0, r.exitCode(), r.all());
    assertTrue(r.err().contains("password authentication failed"), r.all());
  }

  @Test
  void unknownAnalyst_isRefusedLikeAWrongPassword() throws Exception {
    Psql.Result r = Psql.run(fixture.port(), "mallory", ProxyFixture.PASSWORD, "SELECT 1;\n");
    assertNotEquals(0, r.exitCode(), r.all());
    assertTrue(r.err().contains("password authentication failed"), r.all());
  }

  @Test
  void transactionBlock_reportsStatusAndRecoversAfterError() throws Exception {
    Psql.Result r =
        fixture.psql(
            "BEGIN;\nSELECT name FROM employees;\nSELECT 1;\nROLLBACK;\nSELECT 2 AS two;\n");
    assertTrue(r.err().contains("current transaction is aborted"), r.all());
    assertTrue(r.out().contains("ROLLBACK") || r.out().contains("two"), r.all());
    assertTrue(r.out().contains(" two"), r.all());
  }
}
