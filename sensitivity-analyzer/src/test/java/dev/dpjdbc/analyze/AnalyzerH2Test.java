package dev.dpjdbc.analyze;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** The analyzer against H2 2.x (fast); {@link AnalyzerPostgresTest} is the real proof. */
class AnalyzerH2Test extends AnalyzerContractTest {
  @Override
  void createExtra(Connection c) throws SQLException {
    try (java.sql.Statement s = c.createStatement()) {
      s.execute("CREATE DOMAIN percent AS NUMERIC(5,2) CHECK (VALUE >= 0 AND VALUE <= 100)");
      s.execute(
          "CREATE TABLE survey (id INTEGER PRIMARY KEY,"
              + " feeling ENUM('sad', 'ok', 'happy') NOT NULL, pct percent,"
              + " level INTEGER CONSTRAINT level_ok CHECK (level BETWEEN 1 AND 5), weight INTEGER)");
      s.execute(
          "INSERT INTO survey VALUES (1, 'sad', 10, 5, 3), (2, 'happy', 90, 1, 4),"
              + " (3, 'happy', 55.5, 2, 5)");
    }
  }

  @Override
  Connection open() throws SQLException {
    return DriverManager.getConnection(
        "jdbc:h2:mem:analyzer" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
  }
}
