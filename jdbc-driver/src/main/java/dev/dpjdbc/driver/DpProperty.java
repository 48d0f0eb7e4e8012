package dev.dpjdbc.driver;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Every connection property the {@code jdbc:dp:} driver understands (pgjdbc's {@code PGProperty}
 * habit): name, type, default and description. Keys starting with {@code dp.} that are not listed
 * here fail loudly; other keys (except {@code user}/{@code password}) go to the backend driver.
 */
public enum DpProperty {
  /** Path of the YAML policy file; none means {@code Policy.defaults()}. */
  POLICY("dp.policy", Type.PATH, null, "Path of the YAML privacy policy (none: built-in defaults)"),
  /** The analyst charged for queries; defaults to {@code user}. */
  ANALYST("dp.analyst", Type.STRING, null, "Analyst whose budget is charged (default: user)"),
  /** Maximum backend connections pooled per (backend URL, user). */
  POOL_SIZE(
      "dp.pool.size",
      Type.INT,
      "40",
      "Maximum pooled backend connections per backend/user; each open jdbc:dp: connection holds"
          + " one, and each analyzer (per backend and policy) one more while it reads metadata"),
  /**
   * Backend login for catalog and session pass-through (psql's {@code \\d}, BI metadata): a role
   * with no privilege on any table, view, sequence or function holding user data. The data role
   * ({@code user}) then runs only SQL that dpjdbc generated.
   */
  CATALOG_USER(
      "dp.catalogUser",
      Type.STRING,
      null,
      "Backend login for catalog/session pass-through; must not be able to read user data"),
  /** Password of {@link #CATALOG_USER}. */
  CATALOG_PASSWORD("dp.catalogPassword", Type.STRING, null, "Password of dp.catalogUser"),
  /** Row cap of one pass-through result. */
  CATALOG_MAX_ROWS(
      "dp.catalog.maxRows",
      Type.INT,
      "100000",
      "Most rows one catalog/pass-through result may have (54000 past it)"),
  /** Byte cap of one pass-through result. */
  CATALOG_MAX_BYTES(
      "dp.catalog.maxBytes",
      Type.INT,
      "33554432",
      "Most bytes (approximate, as text) one catalog/pass-through result may have (54000 past"
          + " it)"),
  /**
   * Test-only: every statement that is not a {@code dp.*} command is passed through on the catalog
   * role, unchecked, to prove that the database's privileges alone stop raw reads.
   */
  TESTING_PASS_ALL_TO_CATALOG(
      "dp.testing.passAllToCatalog",
      Type.STRING,
      "false",
      "TEST ONLY: pass every statement through on the catalog role without any check"),
  /**
   * Initial value of the session setting {@code dp.intervals} (as {@code SET dp.intervals}; RESET
   * returns to it).
   */
  INTERVALS(
      "dp.intervals",
      Type.STRING,
      "off",
      "Initial SET dp.intervals: on adds <col>_ci_low/<col>_ci_high after every noisy column"),
  /** Initial value of the session setting {@code dp.confidence}. */
  CONFIDENCE(
      "dp.confidence",
      Type.STRING,
      "0.95",
      "Initial SET dp.confidence: the confidence of intervals, > 0 and < 1"),
  /** Backend user name. */
  USER("user", Type.STRING, null, "Backend user"),
  /** Backend password. */
  PASSWORD("password", Type.STRING, null, "Backend password");

  /** The value type, used to validate a property once, at connect time. */
  public enum Type {
    STRING,
    PATH,
    INT
  }

  private final String key;
  private final Type type;
  private final String defaultValue;
  private final String description;

  DpProperty(String key, Type type, String defaultValue, String description) {
    this.key = key;
    this.type = type;
    this.defaultValue = defaultValue;
    this.description = description;
  }

  public String key() {
    return key;
  }

  public Type type() {
    return type;
  }

  /** The value given in {@code info}, else the default (may be null). */
  public String get(Properties info) {
    String v = info.getProperty(key);
    return v == null ? defaultValue : v;
  }

  /** The value as an int; 22023 naming the property when it is not a positive integer. */
  public int getInt(Properties info) throws SQLException {
    String v = get(info);
    try {
      int n = Integer.parseInt(v.trim());
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // fall through to the error below
    }
    throw new SQLException(
        key + " must be an integer >= 1. Provided value: " + v,
        AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
  }

  /** Looks a key up; null when it is not one of ours. */
  public static DpProperty forKey(String key) {
    for (DpProperty p : values()) {
      if (p.key.equals(key)) {
        return p;
      }
    }
    return null;
  }

  /** Looks a key up ignoring case (H2 URL settings are case-insensitive); null when not ours. */
  public static DpProperty forKeyIgnoreCase(String key) {
    for (DpProperty p : values()) {
      if (p.key.equalsIgnoreCase(key)) {
        return p;
      }
    }
    return null;
  }

  DriverPropertyInfo info(Properties given) {
    DriverPropertyInfo i = new DriverPropertyInfo(key, get(given));
    i.description = description + " [" + type.name().toLowerCase(java.util.Locale.ROOT) + "]";
    i.required = false;
    return i;
  }
}
