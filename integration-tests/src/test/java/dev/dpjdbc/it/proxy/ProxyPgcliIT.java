package dev.dpjdbc.it.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.it.clients.ClientRun;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The real pgcli program against the proxy on embedded PostgreSQL, in a pseudo-terminal ({@code
 * clients/pgcli_startup.py}): it starts, its background completion refresher runs its metadata
 * queries, {@code \dt}, a DP aggregate and {@code \d employees} answer, and neither the terminal
 * nor pgcli's log shows a traceback or an error. Also pgcli's own metadata methods ({@code
 * pgcli.pgexecute.PGExecute}, {@code clients/pgcli_metadata.py}), one by one.
 */
class ProxyPgcliIT {
  private static final String INSTALL = "apt-get install -y pgcli";
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

  private static String[] args() {
    return new String[] {
      Integer.toString(fixture.port()), ProxyFixture.ANALYST, ProxyFixture.PASSWORD
    };
  }

  private static String between(String out, String start) {
    int from = out.indexOf(start);
    assertTrue(from >= 0, out);
    int to = out.indexOf("--- end ---", from);
    return out.substring(from + start.length(), to);
  }

  @Test
  void startUp_dt_aggregate_describe_quit_withoutTraceback() throws Exception {
    ClientRun.Result r = ClientRun.python("pgcli_startup.py", INSTALL, args());
    assertEquals(0, r.exitCode(), "pgcli did not exit on \\q:\n" + r.out());
    // strip the terminal's escape sequences
    String screen = between(r.out(), "--- output ---").replaceAll("\u001b\\[[0-9;?]*[a-zA-Z]", "");
    String log = between(r.out(), "--- log ---");
    assertEquals("0", r.get("exit"), r.out());
    for (String bad : new String[] {"Traceback", "Exception", "ERROR", "error:"}) {
      assertFalse(screen.contains(bad), bad + " on pgcli's terminal:\n" + screen);
      assertFalse(log.contains(bad), bad + " in pgcli's log:\n" + log);
    }
    assertTrue(screen.contains("| public | departments | table |"), screen);
    assertTrue(screen.contains("| public | employees   | table |"), screen);
    Matcher count = Pattern.compile("\\|\\s+(\\d+)\\s+\\|").matcher(screen);
    boolean near = false;
    while (count.find()) {
      near |= Math.abs(Long.parseLong(count.group(1)) - 4449) < 500; // age > 30: 4449 people
    }
    assertTrue(near, "the noisy count of people over 30:\n" + screen);
    assertTrue(screen.contains("charged epsilon=0.5"), "the cost NOTICE:\n" + screen);
    assertTrue(screen.contains("| salary     | integer |"), screen);
    assertTrue(screen.contains("\"employees_pkey\" PRIMARY KEY, btree (id)"), screen);
    assertTrue(screen.contains("REFERENCES departments(name)"), screen);
  }

  @Test
  void completionRefresherQueries_allAnswer() throws Exception {
    ClientRun.Result r = ClientRun.python("pgcli_metadata.py", INSTALL, args());
    assertEquals(0, r.exitCode(), r.out());
    Map<String, String> lines = r.lines();
    for (var e : lines.entrySet()) {
      assertFalse(e.getValue().contains("ERR"), e.getKey() + ": " + e.getValue());
    }
    assertTrue(r.get("search_path").endsWith("pg_catalog|public"), r.out());
    assertTrue(r.get("schemata").contains("public"), r.out());
    assertTrue(r.get("tables").contains("public.departments|public.employees"), r.out());
    assertTrue(r.get("table_columns").contains("public.employees.salary"), r.out());
    assertTrue(r.get("databases").contains("demo"), r.out());
    assertTrue(r.get("foreignkeys").startsWith("1 "), r.out());
    for (String m : new String[] {"views", "view_columns", "functions", "datatypes"}) {
      assertTrue(lines.containsKey(m), m + "\n" + r.out());
    }
    assertEquals("", r.get("done"));
  }
}
