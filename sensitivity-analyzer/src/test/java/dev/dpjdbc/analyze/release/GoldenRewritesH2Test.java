package dev.dpjdbc.analyze.release;

import dev.dpjdbc.analyze.rewrite.Backend;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** The golden rewrites on an in-memory H2 database. */
class GoldenRewritesH2Test extends GoldenRewritesContractTest {
  @Override
  Connection open() throws SQLException {
    return DriverManager.getConnection(
        "jdbc:h2:mem:golden" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
  }

  @Override
  Backend backend() {
    return Backend.H2;
  }
}
