package dev.dpjdbc.proxy.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The server side of one SCRAM-SHA-256 exchange (RFC 5802, RFC 7677) as PostgreSQL runs it: the
 * user name inside the SCRAM message is ignored (the startup packet's {@code user} counts), channel
 * binding is not offered (gs2 flag {@code n} or {@code y}; {@code p} is refused). Two steps: {@link
 * #serverFirst} then {@link #serverFinal}, each at most once.
 */
public final class ScramServer {
  public static final String MECHANISM = "SCRAM-SHA-256";

  private final ScramVerifier verifier;
  private final String serverNonce;
  private String clientFirstBare;
  private String gs2Header;
  private String serverFirst;

  /** Thrown when the client's messages are malformed or its proof is wrong. */
  public static final class ScramException extends Exception {
    private static final long serialVersionUID = 1L;

    public ScramException(String message) {
      super(message);
    }
  }

  /** Production entry: a fresh 18-byte server nonce from SecureRandom. */
  public static ScramServer start(ScramVerifier verifier) {
    byte[] nonce = new byte[18];
    new SecureRandom().nextBytes(nonce);
    return new ScramServer(verifier, Base64.getEncoder().encodeToString(nonce));
  }

  /** With a given server nonce (tests replay RFC 7677's vector). */
  public ScramServer(ScramVerifier verifier, String serverNonce) {
    this.verifier = verifier;
    this.serverNonce = serverNonce;
  }

  /** client-first-message → server-first-message {@code r=<nonce>,s=<salt>,i=<iterations>}. */
  public String serverFirst(String clientFirst) throws ScramException {
    if (serverFirst != null) {
      throw new ScramException("SCRAM client-first-message sent twice");
    }
    int bare = indexOfNth(clientFirst, ',', 2);
    if (bare < 0 || clientFirst.startsWith("p=")) {
      throw new ScramException(
          clientFirst.startsWith("p=")
              ? "channel binding is not supported; connect without it (channel_binding=disable)"
              : "malformed SCRAM client-first-message");
    }
    if (!clientFirst.startsWith("n,") && !clientFirst.startsWith("y,")) {
      throw new ScramException("malformed SCRAM gs2 header");
    }
    gs2Header = clientFirst.substring(0, bare + 1);
    clientFirstBare = clientFirst.substring(bare + 1);
    String clientNonce = attribute(clientFirstBare, 'r');
    serverFirst =
        "r="
            + clientNonce
            + serverNonce
            + ",s="
            + Base64.getEncoder().encodeToString(verifier.salt())
            + ",i="
            + verifier.iterations();
    return serverFirst;
  }

  /**
   * client-final-message → server-final-message {@code v=<ServerSignature>}, if the proof holds.
   */
  public String serverFinal(String clientFinal) throws ScramException {
    if (serverFirst == null) {
      throw new ScramException("SCRAM client-final-message before client-first-message");
    }
    int proofAt = clientFinal.lastIndexOf(",p=");
    if (proofAt < 0) {
      throw new ScramException("malformed SCRAM client-final-message");
    }
    String withoutProof = clientFinal.substring(0, proofAt);
    String binding = attribute(withoutProof, 'c');
    String expectedBinding =
        Base64.getEncoder().encodeToString(gs2Header.getBytes(StandardCharsets.UTF_8));
    if (!binding.equals(expectedBinding)) {
      throw new ScramException("SCRAM channel-binding data does not match the gs2 header");
    }
    if (!attribute(withoutProof, 'r').equals(attribute(serverFirst, 'r'))) {
      throw new ScramException("SCRAM nonce mismatch");
    }
    byte[] proof;
    try {
      proof = Base64.getDecoder().decode(clientFinal.substring(proofAt + 3));
    } catch (IllegalArgumentException e) {
      throw new ScramException("malformed SCRAM client proof");
    }
    byte[] authMessage =
        (clientFirstBare + "," + serverFirst + "," + withoutProof).getBytes(StandardCharsets.UTF_8);
    byte[] clientSignature = ScramVerifier.hmac(verifier.storedKey(), authMessage);
    if (proof.length != clientSignature.length) {
      throw new ScramException("password authentication failed");
    }
    byte[] clientKey = new byte[proof.length];
    for (int i = 0; i < proof.length; i++) {
      clientKey[i] = (byte) (proof[i] ^ clientSignature[i]);
    }
    if (!MessageDigest.isEqual(ScramVerifier.sha256(clientKey), verifier.storedKey())) {
      throw new ScramException("password authentication failed");
    }
    byte[] serverSignature = ScramVerifier.hmac(verifier.serverKey(), authMessage);
    return "v=" + Base64.getEncoder().encodeToString(serverSignature);
  }

  private static String attribute(String message, char name) throws ScramException {
    for (String part : message.split(",")) {
      if (part.length() >= 2 && part.charAt(0) == name && part.charAt(1) == '=') {
        return part.substring(2);
      }
    }
    throw new ScramException("SCRAM message lacks attribute " + name);
  }

  private static int indexOfNth(String s, char c, int n) {
    int at = -1;
    for (int k = 0; k < n; k++) {
      at = s.indexOf(c, at + 1);
      if (at < 0) {
        return -1;
      }
    }
    return at;
  }
}
