package dev.dpjdbc.it.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Optional;

/**
 * The three invariants of the attack suite, checked on every response of every attack: no canary in
 * any response; nothing refused is charged; the database is unchanged. Plus the row's own
 * expectation for its last statement.
 */
final class Invariants {
  private Invariants() {}

  static void check(
      Door door,
      Attack attack,
      List<Door.Outcome> outcomes,
      List<String> dataBefore,
      List<String> dataAfter) {
    boolean allRefused = outcomes.stream().allMatch(o -> o.response().refused());
    for (Door.Outcome o : outcomes) {
      Response r = o.response();
      noLeak(door, r);
      boolean ledgerComparable = door != Door.PSQL || allRefused;
      if (r.refused() && ledgerComparable) {
        assertFalse(
            o.ledgerChanged(),
            door + ": a refused statement was charged (" + r.sqlState() + "): " + show(r));
      }
    }
    assertEquals(
        dataBefore, dataAfter, door + ": the database changed during " + attack.statements());
    Response last = outcomes.get(outcomes.size() - 1).response();
    switch (attack.expect()) {
      case REFUSED ->
          assertNotNull(last.sqlState(), door + ": answered, should be refused: " + show(last));
      case REFUSED_42501 -> assertEquals("42501", last.sqlState(), door + ": " + show(last));
      case ANSWERED ->
          assertNull(last.sqlState(), door + ": refused, should be answered: " + show(last));
      case NO_LEAK -> {}
    }
  }

  static void noLeak(Door door, Response r) {
    Optional<String> leak = r.leak();
    if (leak.isPresent()) {
      fail(
          door
              + " LEAK of "
              + leak.get()
              + " for statement "
              + visible(r.statement())
              + "\n--- response ---\n"
              + abbreviate(r.text(), 3000));
    }
  }

  static String show(Response r) {
    return visible(r.statement()) + "\n--- response ---\n" + abbreviate(r.text(), 1500);
  }

  static String visible(String sql) {
    return "«" + sql.replace("\r", "\\r").replace("\f", "\\f").replace("\u000b", "\\v") + "»";
  }

  private static String abbreviate(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max) + "... (" + s.length() + " chars)";
  }
}
