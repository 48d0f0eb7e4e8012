package dev.dpjdbc.analyze.safety;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** The rule over the schema read from H2 2.x (in memory; names stored in upper case). */
class ErrorFreedomH2Test extends ErrorFreedomTest {
  @Override
  Connection open() throws SQLException {
    return DriverManager.getConnection(
        "jdbc:h2:mem:errorfreedom" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
  }
}
