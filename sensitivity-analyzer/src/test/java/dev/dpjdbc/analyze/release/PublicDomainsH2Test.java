package dev.dpjdbc.analyze.release;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** {@link PublicDomainsContractTest} on H2 2.x. */
class PublicDomainsH2Test extends PublicDomainsContractTest {
  @Override
  Connection open() throws SQLException {
    return DriverManager.getConnection(
        "jdbc:h2:mem:domains" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
  }

  @Override
  boolean postgres() {
    return false;
  }
}
