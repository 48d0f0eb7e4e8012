package dev.dpjdbc.it.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.it.clients.MetaDataCalls;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * pgJDBC's DatabaseMetaData, every method, through the proxy: each returns what it returns on
 * PostgreSQL itself (no error where PostgreSQL gives none), and getIndexInfo's CARDINALITY and
 * PAGES come back NULL.
 */
class ProxyDatabaseMetaDataIT {
  static ProxyFixture fixture;

  @BeforeAll
  static void start() throws Exception {
    fixture = ProxyFixture.start(1_000.0);
  }

  @AfterAll
  static void stop() throws Exception {
    if (fixture != null) {
      fixture.close();
    }
  }

  @Test
  void everyMethod_answersAsOnPostgres_statisticsNull() throws Exception {
    Map<String, String> proxied;
    Map<String, String> direct;
    try (Connection c = fixture.pgjdbc("")) {
      proxied = MetaDataCalls.callAll(c, "public", "employees", "departments");
    }
    try (Connection c = fixture.postgres.getDatabase("postgres", "demo").getConnection()) {
      direct = MetaDataCalls.callAll(c, "public", "employees", "departments");
    }
    assertTrue(proxied.size() > 170, "all methods called: " + proxied.size());
    List<String> wrong = new ArrayList<>();
    proxied.forEach(
        (method, outcome) -> {
          boolean fine =
              outcome.startsWith("ok")
                  || (outcome.equals("unsupported") && direct.get(method).equals("unsupported"));
          if (!fine) {
            wrong.add(method + " -> " + outcome);
          }
        });
    assertEquals(List.of(), wrong);
    String index = proxied.get("getIndexInfo(String,String,String,boolean,boolean)");
    assertTrue(index.contains("statistics=null") && !index.contains("rows=0"), index);
  }
}
