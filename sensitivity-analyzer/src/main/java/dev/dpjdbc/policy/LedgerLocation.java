package dev.dpjdbc.policy;

import java.nio.file.Path;

/**
 * Where a policy file's ledger is: an embedded H2 file ledger given by a relative path ({@code
 * jdbc:h2:file:./dpjdbc-ledger}, {@code jdbc:h2:../ledgers/hr}) is resolved against the directory
 * of the policy file, never the process's working directory, so the driver, the proxy and a tool
 * started from elsewhere all find the same ledger. Every other URL (absolute or home-relative H2
 * paths, {@code mem:}, {@code tcp:}, PostgreSQL) is returned unchanged.
 */
final class LedgerLocation {
  private static final String H2 = "jdbc:h2:";
  private static final String FILE = "file:";

  private LedgerLocation() {}

  /** {@code url} with a relative H2 file path made absolute against {@code policyDir}. */
  static String resolve(String url, Path policyDir) {
    if (!url.startsWith(H2)) {
      return url;
    }
    String rest = url.substring(H2.length());
    boolean file = rest.startsWith(FILE);
    if (file) {
      rest = rest.substring(FILE.length());
    }
    int semicolon = rest.indexOf(';');
    String path = semicolon < 0 ? rest : rest.substring(0, semicolon);
    String settings = semicolon < 0 ? "" : rest.substring(semicolon);
    if (!isRelative(path)) {
      return url;
    }
    Path absolute = policyDir.toAbsolutePath().resolve(path).normalize();
    return H2 + (file ? FILE : "") + absolute + settings;
  }

  private static boolean isRelative(String path) {
    return path.startsWith("./")
        || path.startsWith("../")
        || path.startsWith(".\\")
        || path.startsWith("..\\");
  }
}
