package dev.dpjdbc.driver;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * The {@code dp.*} properties written into a backend JDBC URL, in that backend's own syntax, read
 * and removed so the backend driver never sees them:
 *
 * <ul>
 *   <li>H2 ({@code jdbc:h2:}): {@code ;dp.policy=...} segments, keys case-insensitive as H2's own
 *       settings are, values taken literally;
 *   <li>every other backend (PostgreSQL and the URL-query family): {@code ?dp.policy=...&...} query
 *       parameters, URL-decoded as pgJDBC decodes them.
 * </ul>
 *
 * <p>Only parameters whose key starts with {@code dp.} (any case) are taken; everything else stays
 * in the URL in its order. Whether a key is known is decided by the caller ({@link
 * ConnectionConfig#parse}).
 *
 * @param backendUrl the backend URL without the {@code dp.*} parameters
 * @param properties the {@code dp.*} parameters, keys as written
 */
record UrlProperties(String backendUrl, Properties properties) {

  /** Splits {@code backendUrl} (a full {@code jdbc:<backend>:} URL) into its two parts. */
  static UrlProperties split(String backendUrl) {
    return backendUrl.startsWith("jdbc:h2:") ? semicolons(backendUrl) : query(backendUrl);
  }

  static boolean isDpKey(String key) {
    return key.toLowerCase(Locale.ROOT).startsWith("dp.");
  }

  private static UrlProperties semicolons(String url) {
    String[] parts = url.split(";", -1);
    StringBuilder kept = new StringBuilder(parts[0]);
    Properties dp = new Properties();
    for (int i = 1; i < parts.length; i++) {
      String part = parts[i];
      int eq = part.indexOf('=');
      String key = (eq < 0 ? part : part.substring(0, eq)).trim();
      if (isDpKey(key)) {
        dp.setProperty(key, eq < 0 ? "" : part.substring(eq + 1));
      } else {
        kept.append(';').append(part);
      }
    }
    return new UrlProperties(kept.toString(), dp);
  }

  private static UrlProperties query(String url) {
    int q = url.indexOf('?');
    if (q < 0) {
      return new UrlProperties(url, new Properties());
    }
    Properties dp = new Properties();
    List<String> kept = new ArrayList<>();
    for (String param : url.substring(q + 1).split("&", -1)) {
      int eq = param.indexOf('=');
      String key = decode(eq < 0 ? param : param.substring(0, eq));
      if (isDpKey(key)) {
        dp.setProperty(key, eq < 0 ? "" : decode(param.substring(eq + 1)));
      } else if (!param.isEmpty()) {
        kept.add(param);
      }
    }
    String base = url.substring(0, q);
    return new UrlProperties(kept.isEmpty() ? base : base + "?" + String.join("&", kept), dp);
  }

  private static String decode(String s) {
    try {
      return URLDecoder.decode(s, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return s; // not valid percent-encoding: pgJDBC would keep it literally too
    }
  }
}
