package dev.dpjdbc.analyze.safety;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** {@link RewriteCheckTest} on H2. */
class RewriteCheckH2Test extends RewriteCheckTest {
  @Override
  Connection open() throws SQLException {
    return DriverManager.getConnection(
        "jdbc:h2:mem:rewrite" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
  }
}
