package dev.dpjdbc.proxy.cli;

import dev.dpjdbc.driver.charge.LedgerStore;
import dev.dpjdbc.policy.Policy;
import dev.dpjdbc.proxy.roles.Login;
import dev.dpjdbc.proxy.roles.RoleCheck;
import java.io.PrintStream;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the proxy verifies before it listens; each check refuses to start with a message naming the
 * problem and the fix:
 *
 * <ol>
 *   <li>at least one of the policy's analysts can log in (has a {@code password:} verifier): a
 *       proxy nobody can log in to is a configuration mistake, refused naming {@code
 *       hash-password};
 *   <li>the policy's ledger exists ({@link LedgerStore#probe}): a missing ledger would begin every
 *       analyst's budget again at zero, so it is created only when the operator says so ({@code
 *       --init-ledger}, announced on stdout); in-memory H2 ledgers are exempt;
 *   <li>for a PostgreSQL backend, {@link RoleCheck} on the data and catalog roles.
 * </ol>
 */
final class StartupChecks {
  private static final Logger LOG = LoggerFactory.getLogger(StartupChecks.class);

  private StartupChecks() {}

  static boolean isPostgres(String jdbcUrl) {
    return jdbcUrl.startsWith("jdbc:postgresql:");
  }

  /**
   * True when a PostgreSQL URL carries {@code user=} or {@code password=}: pgJDBC prefers them over
   * the flags, so the roles checked would not be the roles used.
   */
  static boolean hasUrlCredentials(String jdbcUrl) {
    int q = jdbcUrl.indexOf('?');
    if (q < 0) {
      return false;
    }
    for (String p : jdbcUrl.substring(q + 1).split("&")) {
      if (p.startsWith("user=") || p.startsWith("password=")) {
        return true;
      }
    }
    return false;
  }

  /** The proxy must not start: the message says why and what to do. */
  static final class Refused extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    Refused(String message) {
      super(message);
    }
  }

  /** Runs every check for {@code backendUrl}; returns when the proxy may start. */
  static void run(
      String backendUrl,
      Login data,
      Login catalog,
      Policy policy,
      boolean initLedger,
      PrintStream out)
      throws SQLException {
    logins(policy);
    ledger(policy.ledgerUrl(), initLedger, out);
    if (isPostgres(backendUrl)) {
      RoleCheck.verify(backendUrl, data, catalog, policy);
      LOG.info(
          "backend roles checked: data role {} and catalog role {} are least-privileged",
          data.user(),
          catalog.user());
    }
  }

  /** Refuses a policy in which no analyst has a password verifier. */
  static void logins(Policy policy) {
    boolean any =
        policy.analysts().values().stream()
            .anyMatch(a -> a.password() != null && !a.password().isBlank());
    if (!any) {
      LOG.error("no analyst in the policy has a password: nobody could log in");
      throw new Refused(
          "refusing to start: no analyst in the policy can log in (none has a password). Run"
              + " java -jar dpjdbc-proxy.jar hash-password, and put the verifier it prints under"
              + " the analyst in the policy: analysts: {alice: {password: \"SCRAM-SHA-256$...\"}}."
              + (policy.analysts().isEmpty()
                  ? " The policy has no analysts: section yet."
                  : " Analysts without a password: "
                      + String.join(", ", policy.analysts().keySet())));
    }
  }

  private static void ledger(String url, boolean initLedger, PrintStream out) throws SQLException {
    LedgerStore.State state = LedgerStore.probe(url);
    if (state == LedgerStore.State.ABSENT && initLedger) {
      LedgerStore.create(url);
      LOG.info("created the privacy ledger at {}", masked(url));
      out.println("dpjdbc: created a new, empty privacy ledger (--init-ledger) at " + masked(url));
    } else if (state == LedgerStore.State.ABSENT) {
      LOG.error("the privacy ledger at {} does not exist", masked(url));
      throw new Refused(
          "refusing to start: the privacy ledger named by the policy's ledger: URL does not exist"
              + " (no database file, or no ledger tables in the database). Starting on a new one"
              + " would begin every analyst's budget again at zero. If this deployment is new,"
              + " start once with --init-ledger to create it; otherwise restore the ledger or"
              + " correct the policy's ledger: URL.");
    } else if (state == LedgerStore.State.PRESENT && initLedger) {
      out.println("dpjdbc: the privacy ledger exists already; --init-ledger changed nothing");
    }
  }

  /** {@code url} with any {@code password=} value replaced by {@code ***}. */
  static String masked(String url) {
    return url.replaceAll("(?i)(password=)[^&;]*", "$1***");
  }
}
