package dev.dpjdbc.driver.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dpjdbc.driver.charge.Ledger;
import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Cursors on the driver's session over a real H2 database and ledger (the plan of {@link
 * SessionPipelineTest}): DECLARE releases and charges once, with its parameters; FETCH pages the
 * released rows and spends nothing; COMMIT closes a WITHOUT HOLD cursor.
 */
class CursorSessionTest {
  private static final String Q =
      "SELECT region, COUNT(*) FROM employees WHERE age > ? GROUP BY region ORDER BY region";

  private Connection backend;
  private Ledger ledger;

  @BeforeEach
  void setUp() throws SQLException {
    String id = UUID.randomUUID().toString();
    backend = DriverManager.getConnection("jdbc:h2:mem:" + id);
    try (Statement s = backend.createStatement()) {
      s.execute(
          "CREATE TABLE employees(id INT PRIMARY KEY, age INT, region VARCHAR(1)"
              + " CHECK (region IN ('N','S','E','W')))");
      s.execute(
          "INSERT INTO employees SELECT x, 20 + MOD(x, 50), CASE MOD(x, 3) WHEN 0 THEN 'N'"
              + " WHEN 1 THEN 'S' ELSE 'E' END FROM SYSTEM_RANGE(1, 300)");
    }
    ledger = Ledger.open("jdbc:h2:mem:ledger-" + id + ";DB_CLOSE_DELAY=-1");
  }

  @AfterEach
  void tearDown() throws Exception {
    ledger.close();
    backend.close();
  }

  private Session session() {
    return new Session(
        "alice",
        new Ledger.Budget(10, 1e-6),
        backend,
        sql -> SessionPipelineTest.regionCounts(),
        ledger,
        new QuerySettings(1.0, 1e-7, Mechanism.LAPLACE, Objective.ABSOLUTE),
        (c, changed) -> {},
        CatalogLink.dataConnectionOnly(backend));
  }

  private static List<Object> keys(Outcome o) {
    List<Object> out = new ArrayList<>();
    o.table().rows().forEach(r -> out.add(r[0]));
    return out;
  }

  private double spent() throws SQLException {
    return ledger.status("alice", new Ledger.Budget(10, 1e-6)).epsilonSpent();
  }

  @Test
  void declareFetch_chargesOnce_andPagesTheReleasedTable() throws SQLException {
    Session s = session();
    Outcome declared = s.execute("DECLARE \"c\" CURSOR WITHOUT HOLD FOR " + Q, List.of(0), 0);
    assertNotNull(declared.warning(), "the cost warning comes with DECLARE");
    assertEquals(1.0, spent(), 1e-9);
    assertEquals(2, s.describe("FETCH 2 FROM c").columns().size());
    assertEquals(List.of("E", "N"), keys(s.execute("FETCH FORWARD 2 FROM \"c\"", List.of(), 0)));
    assertEquals(List.of("S", "W"), keys(s.execute("FETCH ALL FROM c", List.of(), 0)));
    assertEquals(List.of(), keys(s.execute("FETCH NEXT FROM c", List.of(), 0)));
    assertEquals(1.0, spent(), 1e-9, "FETCH spends nothing");
    s.execute("COMMIT", List.of(), 0);
    SQLException gone = assertThrows(SQLException.class, () -> s.execute("FETCH c", List.of(), 0));
    assertEquals("34000", gone.getSQLState());
    s.execute("DECLARE h CURSOR WITH HOLD FOR " + Q, List.of(0), 0);
    s.transactionEnded();
    assertEquals(List.of("E"), keys(s.execute("FETCH h", List.of(), 0)));
    assertEquals(2.0, spent(), 1e-9);
  }
}
