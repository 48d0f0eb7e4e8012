package dev.dpjdbc.proxy.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.text.Normalizer;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A SCRAM-SHA-256 password verifier in PostgreSQL's {@code pg_authid.rolpassword} format: {@code
 * SCRAM-SHA-256$<iterations>:<salt b64>$<StoredKey b64>:<ServerKey b64>}. It holds no password:
 * StoredKey = H(HMAC(SaltedPassword, "Client Key")), ServerKey = HMAC(SaltedPassword, "Server
 * Key"), SaltedPassword = PBKDF2-HMAC-SHA-256(password, salt, iterations) (RFC 5802 § 3).
 *
 * <p>Passwords are normalised with NFKC only, not full SASLprep (RFC 4013): identical for ASCII
 * passwords, which is what psql and pgJDBC produce for ASCII too.
 */
public record ScramVerifier(int iterations, byte[] salt, byte[] storedKey, byte[] serverKey) {
  public static final String PREFIX = "SCRAM-SHA-256$";
  public static final int DEFAULT_ITERATIONS = 4096;

  public ScramVerifier {
    if (iterations < 1) {
      throw new IllegalArgumentException("iterations must be >= 1, got " + iterations);
    }
    if (salt.length == 0 || storedKey.length != 32 || serverKey.length != 32) {
      throw new IllegalArgumentException(
          "salt must be non-empty and StoredKey/ServerKey 32 bytes, got "
              + salt.length
              + "/"
              + storedKey.length
              + "/"
              + serverKey.length);
    }
  }

  /** Parses the stored format; the message names the expected shape, never the secret. */
  public static ScramVerifier parse(String text) {
    String expected =
        "a verifier must look like SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>"
            + " (print one with: java -jar dpjdbc-proxy.jar hash-password)";
    if (text == null || !text.startsWith(PREFIX)) {
      throw new IllegalArgumentException(expected);
    }
    String[] parts = text.substring(PREFIX.length()).split("\\$");
    if (parts.length != 2) {
      throw new IllegalArgumentException(expected);
    }
    String[] iterSalt = parts[0].split(":");
    String[] keys = parts[1].split(":");
    if (iterSalt.length != 2 || keys.length != 2) {
      throw new IllegalArgumentException(expected);
    }
    try {
      Base64.Decoder b64 = Base64.getDecoder();
      return new ScramVerifier(
          Integer.parseInt(iterSalt[0]),
          b64.decode(iterSalt[1]),
          b64.decode(keys[0]),
          b64.decode(keys[1]));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(expected + ": " + e.getMessage(), e);
    }
  }

  /** A verifier for {@code password} with a fresh 16-byte salt from SecureRandom. */
  public static ScramVerifier hash(String password, int iterations) {
    byte[] salt = new byte[16];
    new SecureRandom().nextBytes(salt);
    return hash(password, salt, iterations);
  }

  public static ScramVerifier hash(String password, byte[] salt, int iterations) {
    byte[] salted = saltedPassword(password, salt, iterations);
    byte[] clientKey = hmac(salted, "Client Key");
    return new ScramVerifier(iterations, salt, sha256(clientKey), hmac(salted, "Server Key"));
  }

  public String format() {
    Base64.Encoder b64 = Base64.getEncoder();
    return PREFIX
        + iterations
        + ":"
        + b64.encodeToString(salt)
        + "$"
        + b64.encodeToString(storedKey)
        + ":"
        + b64.encodeToString(serverKey);
  }

  static byte[] saltedPassword(String password, byte[] salt, int iterations) {
    try {
      String normalized = Normalizer.normalize(password, Normalizer.Form.NFKC);
      PBEKeySpec spec = new PBEKeySpec(normalized.toCharArray(), salt, iterations, 256);
      return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("PBKDF2WithHmacSHA256 unavailable", e);
    }
  }

  static byte[] hmac(byte[] key, String message) {
    return hmac(key, message.getBytes(StandardCharsets.UTF_8));
  }

  static byte[] hmac(byte[] key, byte[] message) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(message);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 unavailable", e);
    }
  }

  static byte[] sha256(byte[] data) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(data);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 unavailable", e);
    }
  }
}
