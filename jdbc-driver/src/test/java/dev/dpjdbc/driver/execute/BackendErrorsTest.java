package dev.dpjdbc.driver.execute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class BackendErrorsTest {
  @Test
  void scrub_keepsStateAndFirstLine_dropsDetailHintWhereAndCause() {
    SQLException pg =
        new SQLException(
            "ERROR: relation \"x\" does not exist\n  Hint: Perhaps you meant \"y\".\n"
                + "  Position: 15\n  Where: SQL function \"f\"",
            "42P01",
            new RuntimeException("secret"));
    SQLException s = BackendErrors.scrub(pg);
    assertEquals("42P01", s.getSQLState());
    assertEquals("backend: ERROR: relation \"x\" does not exist", s.getMessage());
    assertNull(s.getCause());
  }

  @Test
  void scrub_dataExceptions_withholdTheirText() {
    SQLException pg =
        new SQLException("ERROR: invalid input syntax for type integer: \"Alice\"", "22P02");
    SQLException s = BackendErrors.scrub(pg);
    assertEquals("22P02", s.getSQLState());
    assertFalse(s.getMessage().contains("Alice"), s.getMessage());
  }

  @Test
  void scrub_missingState_becomesBackendError() {
    assertEquals("58000", BackendErrors.scrub(new SQLException("boom")).getSQLState());
  }
}
