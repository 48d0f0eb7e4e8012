package dev.dpjdbc.analyze.bounding;

import dev.dpjdbc.analyze.rewrite.Backend;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** The analyst's clamps on H2, whose DOUBLE holds NaN and ±Infinity (its NUMERIC does not). */
class AnalystClampH2Test extends AnalystClampTest {
  @Override
  Connection open() throws SQLException {
    return DriverManager.getConnection(
        "jdbc:h2:mem:clamps" + System.nanoTime() + ";DB_CLOSE_DELAY=-1;DATABASE_TO_LOWER=TRUE");
  }

  @Override
  boolean leastIgnoresNull() {
    return false;
  }

  @Override
  Backend backend() {
    return Backend.H2;
  }
}
