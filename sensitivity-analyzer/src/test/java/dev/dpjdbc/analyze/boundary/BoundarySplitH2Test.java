package dev.dpjdbc.analyze.boundary;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** The split over H2 2.x (in memory; names stored in upper case). */
class BoundarySplitH2Test extends BoundarySplitTest {
  @Override
  Connection open() throws SQLException {
    return DriverManager.getConnection(
        "jdbc:h2:mem:boundarysplit" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
  }
}
