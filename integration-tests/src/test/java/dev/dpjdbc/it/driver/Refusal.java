package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.SQLException;

/** Assertion helper: the call must fail with an SQLException (returned for state checks). */
final class Refusal {
  private Refusal() {}

  interface Call {
    void run() throws Exception;
  }

  static SQLException expect(Call call) {
    return assertThrows(SQLException.class, call::run);
  }
}
