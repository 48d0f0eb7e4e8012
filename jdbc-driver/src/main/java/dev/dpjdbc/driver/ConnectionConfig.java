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
 * @param catalog the catalog (pass-through) login and its result caps
 * @param settings the session settings given as connection properties ({@code dp.intervals}, {@code
 *     dp.confidence}): key to value as written, checked when the session opens (22023)
 */
public record ConnectionConfig(
    String backendUrl,
    Path policyPath,
    String analyst,
    String user,
    String password,
    int poolSize,
    Properties backendProperties,
    Catalog catalog,
    java.util.Map<String, String> settings) {

  public ConnectionConfig {
    settings = java.util.Map.copyOf(settings);
  }

  /** The {@link DpProperty properties} that set a session setting's initial value. */
  private static final java.util.List<DpProperty> SESSION_SETTINGS =
      java.util.List.of(DpProperty.INTERVALS, DpProperty.CONFIDENCE);

  /**
   * The backend login that runs catalog and session pass-through, and the caps on its results.
   *
   * @param user the catalog role (null: none configured; see the driver docs for what then runs
   *     where)
   * @param password its password (may be null)
   * @param maxRows most rows of one pass-through result
   * @param maxBytes most bytes (as text) of one pass-through result
   * @param passAll test only: pass every statement through on the catalog role, unchecked
   */
  public record Catalog(String user, String password, int maxRows, int maxBytes, boolean passAll) {}

  /** The URL prefix this driver accepts, exactly. */
  public static final String PREFIX = "jdbc:dp:";

  /**
   * Parses {@code url} and {@code info}. {@code dp.*} properties may be given in {@code info} or in
   * the URL in the backend's syntax ({@code ?dp.policy=...&dp.analyst=...} for PostgreSQL, {@code
   * ;dp.policy=...} for H2; see {@link UrlProperties}); they are removed from the URL the backend
   * sees. An unknown {@code dp.*} key (naming it and the known keys), a key given twice with
   * different values, an empty {@code dp.policy}, a missing analyst and bad values fail with
   * SQLState 22023 (invalid_parameter_value, as pgJDBC reports a bad connection property).
   */
  public static ConnectionConfig parse(String url, Properties info) throws SQLException {
    if (url == null || !url.startsWith(PREFIX) || url.length() == PREFIX.length()) {
      throw invalid("URL must look like jdbc:dp:<backend url without jdbc:>. Provided: " + url);
    }
    UrlProperties fromUrl = UrlProperties.split("jdbc:" + url.substring(PREFIX.length()));
    Properties given = merged(info, fromUrl.properties());
    Properties backend = new Properties();
    for (String key : given.stringPropertyNames()) {
      DpProperty p = DpProperty.forKey(key);
      if (p == null && UrlProperties.isDpKey(key)) {
        throw invalid("unknown connection property " + key + "; known dp.* properties: " + known());
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
    if (policy != null && policy.isBlank()) {
      throw invalid(
          "dp.policy is empty: name the policy file, or leave dp.policy out to use the built-in"
              + " default policy");
    }
    return new ConnectionConfig(
        fromUrl.backendUrl(),
        policy == null ? null : Path.of(policy).toAbsolutePath().normalize(),
        analyst,
        user,
        DpProperty.PASSWORD.get(given),
        DpProperty.POOL_SIZE.getInt(given),
        backend,
        new Catalog(
            blankToNull(DpProperty.CATALOG_USER.get(given)),
            DpProperty.CATALOG_PASSWORD.get(given),
            DpProperty.CATALOG_MAX_ROWS.getInt(given),
            DpProperty.CATALOG_MAX_BYTES.getInt(given),
            Boolean.parseBoolean(DpProperty.TESTING_PASS_ALL_TO_CATALOG.get(given))),
        sessionSettings(given));
  }

  private static java.util.Map<String, String> sessionSettings(Properties given) {
    java.util.Map<String, String> out = new java.util.TreeMap<>();
    for (DpProperty p : SESSION_SETTINGS) {
      String v = given.getProperty(p.key());
      if (v != null) {
        out.put(p.key(), v);
      }
    }
    return out;
  }

  /**
   * {@code info} plus the URL's {@code dp.*} properties under their canonical keys (an unknown key
   * is kept as written, for the caller's error); the same key in both must have the same value.
   */
  private static Properties merged(Properties info, Properties fromUrl) throws SQLException {
    Properties out = new Properties();
    if (info != null) {
      for (String key : info.stringPropertyNames()) {
        out.setProperty(key, info.getProperty(key));
      }
    }
    for (String written : fromUrl.stringPropertyNames()) {
      DpProperty p = DpProperty.forKeyIgnoreCase(written);
      String key = p == null ? written : p.key();
      String value = fromUrl.getProperty(written);
      String other = out.getProperty(key);
      if (other != null && !other.equals(value)) {
        throw invalid(
            key
                + " is given twice with different values, in the URL and in the connection"
                + " properties: give it once");
      }
      out.setProperty(key, value);
    }
    return out;
  }

  private static String known() {
    return java.util.Arrays.stream(DpProperty.values())
        .map(DpProperty::key)
        .filter(UrlProperties::isDpKey)
        .collect(java.util.stream.Collectors.joining(", "));
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }

  private static SQLException invalid(String message) {
    return new SQLException(message, AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
  }
}
