package dev.dpjdbc.analyze;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** {@link LiteralContractTest} on H2 (which evaluates a parameter at every use, per row). */
class LiteralH2Test extends LiteralContractTest {
  @Override
  Connection open() throws SQLException {
    return DriverManager.getConnection(
        "jdbc:h2:mem:literals" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
  }
}
