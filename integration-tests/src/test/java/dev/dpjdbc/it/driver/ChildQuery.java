package dev.dpjdbc.it.driver;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;

/**
 * Entry point of the child JVM in {@link GuardScenarios#ledger_survivesJvmRestart}: runs one query
 * through {@code jdbc:dp:} and prints the result and its cost warning. Arguments: dp URL, user,
 * password, policy path, analyst, SQL.
 */
public final class ChildQuery {
  private ChildQuery() {}

  public static void main(String[] args) throws Exception {
    Properties p = new Properties();
    p.setProperty("user", args[1]);
    p.setProperty("password", args[2]);
    p.setProperty("dp.policy", args[3]);
    p.setProperty("dp.analyst", args[4]);
    try (Connection c = DriverManager.getConnection(args[0], p);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(args[5])) {
      while (rs.next()) {
        System.out.println("released " + rs.getObject(1));
      }
      System.out.println(s.getWarnings().getMessage());
    }
    System.exit(0);
  }
}
