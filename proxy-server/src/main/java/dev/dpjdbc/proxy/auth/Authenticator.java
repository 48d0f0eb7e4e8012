package dev.dpjdbc.proxy.auth;

import java.security.SecureRandom;
import java.util.Map;
import java.util.Optional;

/**
 * Knows the analysts' SCRAM verifiers (the policy's {@code analysts.<name>.password}) and starts an
 * exchange for a login name. An unknown analyst, or one without a verifier, gets a mock exchange
 * with a random verifier, so the client cannot tell "no such analyst" from "wrong password"
 * (PostgreSQL's mock authentication).
 */
public final class Authenticator {
  private final Map<String, ScramVerifier> verifiers;

  /**
   * @param passwords analyst name → verifier text; null or blank values mean "cannot log in"
   * @throws IllegalArgumentException naming the analyst whose verifier is malformed
   */
  public Authenticator(Map<String, String> passwords) {
    java.util.HashMap<String, ScramVerifier> parsed = new java.util.HashMap<>();
    passwords.forEach(
        (name, text) -> {
          if (text != null && !text.isBlank()) {
            try {
              parsed.put(name, ScramVerifier.parse(text));
            } catch (IllegalArgumentException e) {
              throw new IllegalArgumentException(
                  "policy analysts." + name + ".password: " + e.getMessage(), e);
            }
          }
        });
    this.verifiers = Map.copyOf(parsed);
  }

  /** The verifier of a known analyst. */
  public Optional<ScramVerifier> verifier(String analyst) {
    return Optional.ofNullable(verifiers.get(analyst));
  }

  /** An exchange for {@code analyst}: real if known, else one no password can pass. */
  public ScramServer begin(String analyst) {
    ScramVerifier v = verifiers.get(analyst);
    if (v == null) {
      SecureRandom random = new SecureRandom();
      byte[] salt = new byte[16];
      byte[] stored = new byte[32];
      byte[] server = new byte[32];
      random.nextBytes(salt);
      random.nextBytes(stored);
      random.nextBytes(server);
      v = new ScramVerifier(ScramVerifier.DEFAULT_ITERATIONS, salt, stored, server);
    }
    return ScramServer.start(v);
  }
}
