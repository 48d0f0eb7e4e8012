package dev.dpjdbc.it.proxy;

import dev.dpjdbc.policy.Policy;
import dev.dpjdbc.proxy.roles.Login;
import dev.dpjdbc.proxy.roles.RoleSetup;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The two least-privileged backend roles a proxy test runs on ({@code dp_data}, {@code
 * dp_catalog}), created with {@link RoleSetup} by the embedded superuser for a policy's tables,
 * with random passwords — as an operator would with {@code setup-roles --apply}.
 */
public record BackendRoles(Login data, Login catalog) {

  /** Creates (or resets) both roles on {@code admin}'s database for {@code policy}'s tables. */
  public static BackendRoles create(Connection admin, Path policy) throws SQLException {
    String database;
    try (Statement s = admin.createStatement();
        ResultSet rs = s.executeQuery("SELECT current_database()")) {
      rs.next();
      database = rs.getString(1);
    }
    Login data = new Login(RoleSetup.DATA_USER, RoleSetup.generatePassword());
    Login catalog = new Login(RoleSetup.CATALOG_USER, RoleSetup.generatePassword());
    RoleSetup.forPolicy(Policy.load(policy), database, data, catalog, List.of()).apply(admin);
    return new BackendRoles(data, catalog);
  }

  /** {@code --backend-user … --backend-password … --catalog-user … --catalog-password …}. */
  public List<String> proxyArgs() {
    return List.of(
        "--backend-user", data.user(),
        "--backend-password", data.password(),
        "--catalog-user", catalog.user(),
        "--catalog-password", catalog.password());
  }
}
