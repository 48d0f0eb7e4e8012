package dev.dpjdbc.analyze.safety;

import dev.dpjdbc.analyze.rewrite.Backend;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** The preflight emitted for and run on H2 2.x. */
class PreflightH2Test extends PreflightTest {
  @Override
  Connection open() throws SQLException {
    return DriverManager.getConnection(
        "jdbc:h2:mem:preflight" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
  }

  @Override
  Backend backend() {
    return Backend.H2;
  }
}
