package dev.dpjdbc.driver.session;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The PostgreSQL settings an analyst may touch through dpjdbc, and the values each accepts (see
 * {@link ClientSettings} for why each is here and which client sends it). Every other setting is
 * refused. Names are PostgreSQL's GUC names: {@link #guc} is the lower-case name dpjdbc binds into
 * {@code set_config}/{@code current_setting}, {@link #label} the spelling PostgreSQL prints as the
 * column name of {@code SHOW} and in {@code pg_settings}.
 */
enum ClientSetting {
  APPLICATION_NAME("application_name", Rule.ANY),
  BYTEA_OUTPUT("bytea_output", Rule.ENUM, "hex", "escape"),
  CLIENT_ENCODING("client_encoding", Rule.UTF8_ONLY),
  DATE_STYLE("DateStyle", Rule.DATE_STYLE),
  DEFAULT_TRANSACTION_DEFERRABLE("default_transaction_deferrable", Rule.BOOLEAN),
  DEFAULT_TRANSACTION_ISOLATION("default_transaction_isolation", Rule.ENUM, Isolation.NAMES),
  DEFAULT_TRANSACTION_READ_ONLY("default_transaction_read_only", Rule.READ_ONLY_ONLY),
  EXTRA_FLOAT_DIGITS("extra_float_digits", Rule.EXTRA_FLOAT_DIGITS),
  INTERVAL_STYLE(
      "IntervalStyle", Rule.ENUM, "postgres", "postgres_verbose", "sql_standard", "iso_8601"),
  SEARCH_PATH("search_path", Rule.ANY),
  STANDARD_CONFORMING_STRINGS("standard_conforming_strings", Rule.ON_ONLY),
  TIME_ZONE("TimeZone", Rule.ANY),
  TRANSACTION_DEFERRABLE("transaction_deferrable", Rule.BOOLEAN),
  TRANSACTION_ISOLATION("transaction_isolation", Rule.ENUM, Isolation.NAMES),
  TRANSACTION_READ_ONLY("transaction_read_only", Rule.READ_ONLY_ONLY),
  // Facts about the server and the session that SHOW may read but nothing may set.
  IN_HOT_STANDBY("in_hot_standby", Rule.SHOW_ONLY),
  INTEGER_DATETIMES("integer_datetimes", Rule.SHOW_ONLY),
  IS_SUPERUSER("is_superuser", Rule.SHOW_ONLY),
  LC_COLLATE("lc_collate", Rule.SHOW_ONLY),
  LC_CTYPE("lc_ctype", Rule.SHOW_ONLY),
  LC_MESSAGES("lc_messages", Rule.SHOW_ONLY),
  LC_MONETARY("lc_monetary", Rule.SHOW_ONLY),
  LC_NUMERIC("lc_numeric", Rule.SHOW_ONLY),
  LC_TIME("lc_time", Rule.SHOW_ONLY),
  MAX_IDENTIFIER_LENGTH("max_identifier_length", Rule.SHOW_ONLY),
  SERVER_ENCODING("server_encoding", Rule.SHOW_ONLY),
  SERVER_VERSION("server_version", Rule.SHOW_ONLY),
  SERVER_VERSION_NUM("server_version_num", Rule.SHOW_ONLY);

  /** How a setting's value is checked and what reaches the backend. */
  private enum Rule {
    /** Any value; PostgreSQL validates it when dpjdbc calls set_config. */
    ANY,
    /**
     * One of a fixed list, compared as PostgreSQL compares enum values (ASCII case-insensitive).
     */
    ENUM,
    /** A boolean in any spelling PostgreSQL's parse_bool accepts; sent as on/off. */
    BOOLEAN,
    /** Only moves towards read only: true is set, false is accepted and ignored. */
    READ_ONLY_ONLY,
    /** Only {@code on}, which is a no-op; {@code off} is refused. */
    ON_ONLY,
    /** Only UTF8 (any spelling PostgreSQL accepts), which is a no-op; others are refused. */
    UTF8_ONLY,
    /** A DateStyle list whose output style stays ISO. */
    DATE_STYLE,
    /** An integer in [-15, 3], sent in canonical decimal. */
    EXTRA_FLOAT_DIGITS,
    /** Readable with SHOW, never settable. */
    SHOW_ONLY
  }

  /** The four isolation levels, as PostgreSQL names them. */
  static final class Isolation {
    static final String[] NAMES = {
      "read uncommitted", "read committed", "repeatable read", "serializable"
    };

    private Isolation() {}
  }

  private final String guc;
  private final String label;
  private final Rule rule;
  private final Set<String> values;

  ClientSetting(String label, Rule rule, String... values) {
    this.label = label;
    this.guc = Literals.asciiLower(label);
    this.rule = rule;
    this.values = Set.of(values);
  }

  /** The lower-case GUC name bound into {@code set_config} and {@code current_setting}. */
  String guc() {
    return guc;
  }

  /** PostgreSQL's spelling of the name: the column label of {@code SHOW}. */
  String label() {
    return label;
  }

  boolean settable() {
    return rule != Rule.SHOW_ONLY;
  }

  /** PostgreSQL's GUC_LIST_INPUT: {@code SET x = a, b} is one value {@code "a, b"}. */
  boolean listInput() {
    return this == DATE_STYLE || this == SEARCH_PATH;
  }

  /** PostgreSQL's GUC_LIST_QUOTE: list elements are re-quoted as identifiers when flattened. */
  boolean listQuote() {
    return this == SEARCH_PATH;
  }

  /**
   * Settings of the current transaction only: PostgreSQL refuses to change them through {@code
   * set_config} once the statement calling it has taken its snapshot, so they are set with a
   * constant {@code SET TRANSACTION ...} statement instead.
   */
  boolean transactionScoped() {
    return this == TRANSACTION_ISOLATION
        || this == TRANSACTION_READ_ONLY
        || this == TRANSACTION_DEFERRABLE;
  }

  /**
   * Whether {@code RESET} (and {@code RESET ALL}) sends anything: not for the settings dpjdbc never
   * changes (client_encoding, standard_conforming_strings), never lowers (read only) or that live
   * in the current transaction only.
   */
  boolean resettable() {
    return settable()
        && !transactionScoped()
        && rule != Rule.READ_ONLY_ONLY
        && rule != Rule.ON_ONLY
        && rule != Rule.UTF8_ONLY;
  }

  /** The setting {@code name} denotes, compared as PostgreSQL's guc_name_compare does. */
  static Optional<ClientSetting> lookup(String name) {
    String lower = Literals.asciiLower(name);
    for (ClientSetting s : values()) {
      if (s.guc.equals(lower)) {
        return Optional.of(s);
      }
    }
    return Optional.empty();
  }

  /** The labels of the settable settings, for messages. */
  static String settableLabels() {
    return Arrays.stream(values())
        .filter(ClientSetting::settable)
        .map(ClientSetting::label)
        .collect(Collectors.joining(", "));
  }

  /** The labels of every showable setting, for messages. */
  static String showableLabels() {
    return Arrays.stream(values()).map(ClientSetting::label).collect(Collectors.joining(", "));
  }

  /**
   * The value to send for the flattened {@code value} PostgreSQL's own SET would store, empty when
   * the assignment is accepted but changes nothing.
   *
   * @throws SQLException 22023 for a malformed value, 42501/0A000 for a value dpjdbc refuses
   */
  Optional<String> normalise(String value) throws SQLException {
    return switch (rule) {
      case ANY -> Optional.of(value);
      case ENUM -> {
        String lower = Literals.asciiLower(value);
        if (!values.contains(lower)) {
          throw bad(value, "one of " + values.stream().sorted().toList());
        }
        yield Optional.of(lower);
      }
      case BOOLEAN -> Optional.of(bool(value) ? "on" : "off");
      case READ_ONLY_ONLY -> bool(value) ? Optional.of("on") : Optional.empty();
      case ON_ONLY -> {
        if (!bool(value)) {
          throw new SQLException(
              "SET standard_conforming_strings = off is refused: it changes how string literals"
                  + " are read (a backslash would start an escape), and dpjdbc reads every"
                  + " statement with it on",
              AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
        }
        yield Optional.empty();
      }
      case UTF8_ONLY -> {
        String clean = Literals.asciiLower(value).replaceAll("[^a-z0-9]", "");
        if (!clean.equals("utf8") && !clean.equals("unicode")) {
          throw new SQLException(
              "client_encoding '"
                  + value
                  + "' is not supported: dpjdbc talks UTF8 to the backend (pgJDBC requires it);"
                  + " configure the client for UTF8",
              AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
        }
        yield Optional.empty();
      }
      case DATE_STYLE -> Optional.of(dateStyle(value));
      case EXTRA_FLOAT_DIGITS -> Optional.of(extraFloatDigits(value));
      case SHOW_ONLY -> throw notSettable();
    };
  }

  /** 42501 for setting a read-only entry (SHOW is fine). */
  SQLException notSettable() {
    return new SQLException(
        label + " can be shown but not set through dpjdbc; settable: " + settableLabels(),
        AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
  }

  private static final Set<String> DATE_STYLE_WORDS =
      Set.of(
          "iso",
          "dmy",
          "mdy",
          "ymd",
          "euro",
          "european",
          "us",
          "noneuro",
          "noneuropean",
          "default");

  /**
   * DateStyle elements, split as PostgreSQL's SplitIdentifierString splits them; the output style
   * must stay ISO because pgJDBC, which dpjdbc uses underneath, closes a connection whose DateStyle
   * stops starting with ISO. Only letters, commas, spaces and double quotes are accepted, so the
   * split cannot disagree with PostgreSQL's.
   */
  private String dateStyle(String value) throws SQLException {
    if (!value.matches("[A-Za-z ,\"]*")) {
      throw bad(value, "a list of ISO, DMY, MDY, YMD (e.g. 'ISO, MDY')");
    }
    List<String> elements = Literals.splitIdentifiers(value);
    if (elements == null || elements.isEmpty()) {
      throw bad(value, "a list of ISO, DMY, MDY, YMD (e.g. 'ISO, MDY')");
    }
    for (String e : elements) {
      String lower = Literals.asciiLower(e);
      if (lower.equals("sql") || lower.equals("postgres") || lower.equals("german")) {
        throw new SQLException(
            "DateStyle output style "
                + e
                + " is not supported: pgJDBC, which dpjdbc uses underneath, requires ISO; use"
                + " 'ISO, DMY', 'ISO, MDY' or 'ISO, YMD'",
            AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
      }
      if (!DATE_STYLE_WORDS.contains(lower)) {
        throw bad(value, "a list of ISO, DMY, MDY, YMD (e.g. 'ISO, MDY')");
      }
    }
    return value;
  }

  /** PostgreSQL's parse_int reads with strtol(.., 0): decimal, 0x hex or leading-0 octal. */
  private String extraFloatDigits(String value) throws SQLException {
    String s = Literals.stripCSpace(value);
    boolean negative = s.startsWith("-");
    if (s.startsWith("-") || s.startsWith("+")) {
      s = s.substring(1);
    }
    int radix = 10;
    if (s.length() > 2 && (s.startsWith("0x") || s.startsWith("0X"))) {
      radix = 16;
      s = s.substring(2);
    } else if (s.length() > 1 && s.startsWith("0")) {
      radix = 8;
      s = s.substring(1);
    }
    if (s.isEmpty() || s.length() > 4 || !s.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
      throw bad(value, "an integer from -15 to 3");
    }
    int digits;
    try {
      digits = Integer.parseInt(s, radix) * (negative ? -1 : 1);
    } catch (NumberFormatException e) {
      throw bad(value, "an integer from -15 to 3");
    }
    if (digits < -15 || digits > 3) {
      throw bad(value, "an integer from -15 to 3");
    }
    return Integer.toString(digits);
  }

  /** PostgreSQL's parse_bool: on/off, true/false, yes/no, 1/0 and unique prefixes of them. */
  private boolean bool(String value) throws SQLException {
    String v = Literals.asciiLower(value);
    if (!v.isEmpty()) {
      if ("true".startsWith(v) || "yes".startsWith(v) || v.equals("1")) {
        return true;
      }
      if ("false".startsWith(v) || "no".startsWith(v) || v.equals("0")) {
        return false;
      }
      if (v.length() >= 2 && "on".startsWith(v)) {
        return true;
      }
      if (v.length() >= 2 && "off".startsWith(v)) {
        return false;
      }
    }
    throw bad(value, "a boolean: on or off");
  }

  private SQLException bad(String value, String allowed) {
    return new SQLException(
        "invalid value for " + label + ": '" + value + "'; allowed: " + allowed,
        AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
  }

  static SQLException refusedSet(String name) {
    return new SQLException(
        "setting "
            + name
            + " is refused: through dpjdbc an analyst may set only these client settings: "
            + ClientSetting.settableLabels()
            + ", and dp.*",
        AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
  }

  static SQLException refusedShow(String name) {
    return new SQLException(
        "SHOW "
            + name
            + " is refused: through dpjdbc an analyst may show only these settings: "
            + ClientSetting.showableLabels()
            + ", and dp.*",
        AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
  }

  static SQLException refusedRole() {
    return new SQLException(
        "changing the backend role (SET ROLE / SET SESSION AUTHORIZATION) is refused through"
            + " dpjdbc: the policy applies to the login role only",
        AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
  }
}
