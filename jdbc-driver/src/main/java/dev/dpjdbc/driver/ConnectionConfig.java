package dev.dpjdbc.driver;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Properties;

/**
 * One {@code jdbc:dp:} connection request, parsed and validated once; immutable.
 *
 * @param backendUrl the real JDBC URL: {@code "jdbc:" +} what follows {@code jdbc:dp:}
 * @param policyPath the policy file, or null for {@code Policy.defaults()}
 * @param analyst whose budget pays (property {@code dp.analyst}, else {@code user})
 * @param user backend user (may be null, e.g. H2 in-memory)
 * @param password backend password (may be null)
 * @param poolSize maximum pooled backend connections for (backendUrl, user)
 * @param backendProperties other properties handed to the backend driver
 */
public record ConnectionConfig(
    String backendUrl,
    Path policyPath,
    String analyst,
    String user,
    String password,
    int poolSize,
    Properties backendProperties) {

  /** The URL prefix this driver accepts, exactly. */
  public static final String PREFIX = "jdbc:dp:";

  /**
   * Parses {@code url} and {@code info}. Unknown {@code dp.*} keys, a missing analyst and bad
   * values fail with SQLState 22023 and a message naming the key.
   */
  public static ConnectionConfig parse(String url, Properties info) throws SQLException {
    if (url == null || !url.startsWith(PREFIX) || url.length() == PREFIX.length()) {
      throw invalid("URL must look like jdbc:dp:<backend url without jdbc:>. Provided: " + url);
    }
    Properties given = info == null ? new Properties() : info;
    Properties backend = new Properties();
    for (String key : given.stringPropertyNames()) {
      DpProperty p = DpProperty.forKey(key);
      if (p == null && key.startsWith("dp.")) {
        throw invalid(
            "unknown connection property "
                + key
                + "; known dp.* properties: dp.policy, dp.analyst, dp.pool.size");
      }
      if (p == null) {
        backend.setProperty(key, given.getProperty(key));
      }
    }
    String user = DpProperty.USER.get(given);
    String analyst = DpProperty.ANALYST.get(given);
    if (analyst == null || analyst.isBlank()) {
      analyst = user;
    }
    if (analyst == null || analyst.isBlank()) {
      throw invalid("no analyst: set the connection property dp.analyst (or user)");
    }
    String policy = DpProperty.POLICY.get(given);
    return new ConnectionConfig(
        "jdbc:" + url.substring(PREFIX.length()),
        policy == null || policy.isBlank() ? null : Path.of(policy).toAbsolutePath().normalize(),
        analyst,
        user,
        DpProperty.PASSWORD.get(given),
        DpProperty.POOL_SIZE.getInt(given),
        backend);
  }

  private static SQLException invalid(String message) {
    return new SQLException(message, AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
  }
}
