package dev.dpjdbc.driver.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.driver.execute.Table;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * DECLARE/FETCH/MOVE/CLOSE parsing and PostgreSQL's cursor positions over an in-memory table (the
 * statement path is a stub that counts how often the DECLARE'd query ran).
 */
class CursorsTest {
  private final Cursors cursors = new Cursors();
  private int executed;

  private final Cursors.Queries queries =
      new Cursors.Queries() {
        @Override
        public Outcome execute(String query, List<Object> params, int timeoutSeconds) {
          executed++;
          List<Object[]> rows = new ArrayList<>();
          for (int i = 1; i <= 5; i++) {
            rows.add(new Object[] {i});
          }
          return Outcome.rows(
              new Table(
                  List.of(new Table.Column("n", Types.INTEGER, "int4", "java.lang.Integer")),
                  rows));
        }

        @Override
        public Description describe(String query) {
          return new Description(List.of(), 0);
        }
      };

  private Outcome run(String sql) throws SQLException {
    return cursors.run(CursorCommand.parse(sql).orElseThrow(), List.of(), 0, queries);
  }

  private List<Object> values(String sql) throws SQLException {
    List<Object> out = new ArrayList<>();
    for (Object[] r : run(sql).table().rows()) {
      out.add(r[0]);
    }
    return out;
  }

  @Test
  void parse_psycopg2AndPgForms() throws SQLException {
    var d =
        assertInstanceOf(
            CursorCommand.Declare.class,
            CursorCommand.parse(
                    "DECLARE \"c_1\" NO SCROLL CURSOR WITHOUT HOLD FOR SELECT 1 FROM t;")
                .orElseThrow());
    assertEquals("c_1", d.name());
    assertTrue(d.noScroll());
    assertEquals("SELECT 1 FROM t", d.query());
    var f =
        assertInstanceOf(
            CursorCommand.Fetch.class,
            CursorCommand.parse("fetch forward 2000 from \"c_1\"").orElseThrow());
    assertEquals(new CursorCommand.Fetch("c_1", CursorCommand.Direction.FORWARD, 2000, false), f);
    assertEquals(
        new CursorCommand.Fetch("next", CursorCommand.Direction.FORWARD, 1, true),
        CursorCommand.parse("MOVE next").orElseThrow());
    assertEquals(
        new CursorCommand.Fetch("c", CursorCommand.Direction.BACKWARD, 3, false),
        CursorCommand.parse("FETCH -3 IN C").orElseThrow());
    assertEquals(new CursorCommand.Close(null), CursorCommand.parse("CLOSE ALL").orElseThrow());
    assertTrue(CursorCommand.parse("SELECT 1").isEmpty());
    SQLException e =
        assertThrows(SQLException.class, () -> CursorCommand.parse("DECLARE c CURSOR FOR SET x=1"));
    assertEquals("42601", e.getSQLState());
    assertEquals(
        "42601",
        assertThrows(SQLException.class, () -> CursorCommand.parse("FETCH FORWARD c d"))
            .getSQLState());
  }

  @Test
  void fetch_pagesOnceReleasedRows_andStopsAtTheEnd() throws SQLException {
    assertEquals(0, run("DECLARE c CURSOR FOR SELECT n FROM t").updateCount());
    assertEquals(List.of(1, 2), values("FETCH FORWARD 2 FROM c"));
    assertEquals(List.of(3), values("FETCH c"));
    assertEquals(1, run("MOVE 1 IN c").updateCount());
    assertEquals(List.of(5), values("FETCH ALL FROM c"));
    assertEquals(List.of(), values("FETCH NEXT FROM c"));
    assertEquals(List.of(), values("FETCH 10 FROM c"));
    assertEquals(List.of(5, 4), values("FETCH BACKWARD 2 FROM c"));
    assertEquals(List.of(1), values("FETCH FIRST FROM c"));
    assertEquals(List.of(5), values("FETCH LAST FROM c"));
    assertEquals(List.of(3), values("FETCH ABSOLUTE -3 FROM c"));
    assertEquals(List.of(4), values("FETCH RELATIVE 1 FROM c"));
    assertEquals(List.of(3), values("FETCH PRIOR FROM c"));
    assertEquals(1, executed, "the query ran once, at DECLARE");
    run("CLOSE c");
    assertEquals("34000", assertThrows(SQLException.class, () -> run("FETCH c")).getSQLState());
  }

  @Test
  void refusals_beforeTheQueryRuns() throws SQLException {
    run("DECLARE c NO SCROLL CURSOR WITH HOLD FOR SELECT n FROM t");
    values("FETCH 2 FROM c");
    assertEquals(
        "55000", assertThrows(SQLException.class, () -> run("FETCH PRIOR FROM c")).getSQLState());
    assertEquals(
        "42P03",
        assertThrows(SQLException.class, () -> run("DECLARE c CURSOR FOR SELECT 1")).getSQLState());
    assertEquals(
        "0A000",
        assertThrows(SQLException.class, () -> run("DECLARE b BINARY CURSOR FOR SELECT 1"))
            .getSQLState());
    assertEquals(1, executed);
    run("DECLARE w CURSOR FOR SELECT 1");
    cursors.transactionEnded();
    assertEquals(List.of(3), values("FETCH c"), "WITH HOLD survives COMMIT");
    assertEquals("34000", assertThrows(SQLException.class, () -> run("FETCH w")).getSQLState());
  }
}
