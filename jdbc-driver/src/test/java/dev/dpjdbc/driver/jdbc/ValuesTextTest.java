package dev.dpjdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDate;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

/** {@link Values#asString} prints dates and timestamps as PostgreSQL's text output does. */
class ValuesTextTest {
  @Test
  void timestamp_asPostgresPrintsIt() {
    assertEquals("2024-01-01 00:00:00", Values.asString(LocalDateTime.of(2024, 1, 1, 0, 0)));
    assertEquals(
        "2024-03-31 23:59:59.5",
        Values.asString(LocalDateTime.of(2024, 3, 31, 23, 59, 59, 500_000_000)));
    assertEquals(
        "2024-03-31 23:59:59.000123",
        Values.asString(LocalDateTime.of(2024, 3, 31, 23, 59, 59, 123_456)));
    assertEquals(
        "2024-03-31 23:59:59", Values.asString(LocalDateTime.of(2024, 3, 31, 23, 59, 59, 999)));
    assertEquals("2024-01-01", Values.asString(LocalDate.of(2024, 1, 1)));
  }
}
