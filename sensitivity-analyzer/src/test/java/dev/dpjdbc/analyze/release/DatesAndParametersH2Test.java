package dev.dpjdbc.analyze.release;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** {@link DatesAndParametersContractTest} on H2 2.x. */
class DatesAndParametersH2Test extends DatesAndParametersContractTest {
  @Override
  Connection open() throws SQLException {
    return DriverManager.getConnection(
        "jdbc:h2:mem:dates" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
  }
}
