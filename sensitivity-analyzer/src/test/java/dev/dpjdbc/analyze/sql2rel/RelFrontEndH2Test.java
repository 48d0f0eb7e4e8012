package dev.dpjdbc.analyze.sql2rel;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * The front end over H2 2.x (in memory, fast): names stored in upper case, the same plans as on
 * PostgreSQL. {@link RelFrontEndPostgresTest} is the real proof.
 */
class RelFrontEndH2Test extends RelFrontEndContractTest {
  @Override
  Connection open() throws SQLException {
    return DriverManager.getConnection(
        "jdbc:h2:mem:frontend" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
  }
}
