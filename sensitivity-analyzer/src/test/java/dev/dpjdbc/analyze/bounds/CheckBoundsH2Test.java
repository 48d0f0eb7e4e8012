package dev.dpjdbc.analyze.bounds;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** {@link CheckBoundsContractTest} on H2 (CHECKs printed by INFORMATION_SCHEMA). */
class CheckBoundsH2Test extends CheckBoundsContractTest {
  @Override
  Connection open() throws SQLException {
    return DriverManager.getConnection("jdbc:h2:mem:checkbounds" + System.nanoTime());
  }

  @Override
  boolean reportsTimestampWithTimeZone() {
    return true;
  }
}
