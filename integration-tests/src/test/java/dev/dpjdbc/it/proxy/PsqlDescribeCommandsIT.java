package dev.dpjdbc.it.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.it.clients.Psql;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every psql describe command, with and without {@code +}, answers through the proxy as it does on
 * PostgreSQL (the real psql client on embedded PostgreSQL, the two least-privileged roles), and the
 * commands that show sizes show them empty: statistics come back as NULL.
 */
class PsqlDescribeCommandsIT {
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

  private static final List<String> COMMANDS =
      List.of(
          "\\d",
          "\\d employees",
          "\\da",
          "\\dA",
          "\\db",
          "\\dc",
          "\\dC",
          "\\dd",
          "\\dD",
          "\\ddp",
          "\\dE",
          "\\des",
          "\\det",
          "\\deu",
          "\\dew",
          "\\df",
          "\\dF",
          "\\dFd",
          "\\dFp",
          "\\dFt",
          "\\dg",
          "\\di",
          "\\dl",
          "\\dL",
          "\\dm",
          "\\dn",
          "\\do",
          "\\dO",
          "\\dp",
          "\\dP",
          "\\drds",
          "\\dRp",
          "\\dRs",
          "\\ds",
          "\\dt",
          "\\dT",
          "\\du",
          "\\dv",
          "\\dx",
          "\\dX",
          "\\dy",
          "\\l",
          "\\z");

  /** Each command, and the same with {@code +} after its name (\d employees -> \d+ employees). */
  static Stream<String> commands() {
    List<String> all = new ArrayList<>();
    for (String c : COMMANDS) {
      all.add(c);
      all.add(c.replaceFirst("^(\\\\[a-zA-Z]+)", "$1+"));
    }
    return all.stream();
  }

  @ParameterizedTest
  @MethodSource("commands")
  void describeCommand_answersWithoutError(String command) throws Exception {
    Psql.Result r = fixture.psql(command + "\n");
    assertEquals(0, r.exitCode(), r.all());
    assertFalse(r.all().contains("ERROR"), command + ":\n" + r.all());
  }

  @ParameterizedTest
  @ValueSource(strings = {"\\dt+", "\\l+", "\\di+"})
  void sizeColumn_isEmpty(String command) throws Exception {
    Psql.Result r = fixture.psql("\\pset format unaligned\n\\pset footer off\n" + command + "\n");
    assertFalse(r.all().contains("ERROR"), r.all());
    List<String> lines = new ArrayList<>();
    for (String line : r.out().split("\n")) {
      if (line.contains("|")) {
        lines.add(line);
      }
    }
    assertTrue(lines.size() >= 2, r.all()); // a header and at least one row
    List<String> header = List.of(lines.get(0).split("\\|", -1));
    int size = header.indexOf("Size");
    assertTrue(size >= 0, "no Size column: " + header);
    for (String row : lines.subList(1, lines.size())) {
      String[] cells = row.split("\\|", -1);
      if (cells.length == header.size()) { // continuation lines of multi-line cells are skipped
        assertEquals("", cells[size], command + " shows a size: " + row);
      }
    }
  }
}
