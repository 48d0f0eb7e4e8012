package dev.dpjdbc.proxy.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.Collection;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * Server-side TLS contexts from a PEM certificate chain + PEM PKCS#8 private key (RSA or EC, as
 * {@code openssl req -newkey ... -nodes} writes them) or from a PKCS#12/JKS keystore.
 */
public final class TlsContexts {
  private TlsContexts() {}

  public static SSLContext fromPem(Path certificate, Path privateKey) {
    try {
      Collection<? extends Certificate> chain;
      try (InputStream in = Files.newInputStream(certificate)) {
        chain = CertificateFactory.getInstance("X.509").generateCertificates(in);
      }
      if (chain.isEmpty()) {
        throw new IllegalArgumentException("no certificate in " + certificate);
      }
      PrivateKey key = readKey(privateKey);
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      store.setKeyEntry("server", key, new char[0], chain.toArray(new Certificate[0]));
      return context(store, new char[0]);
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException(
          "cannot load TLS certificate " + certificate + " / key " + privateKey + ": " + e, e);
    }
  }

  public static SSLContext fromKeyStore(Path keyStore, char[] password) {
    try (InputStream in = Files.newInputStream(keyStore)) {
      String type = keyStore.toString().endsWith(".jks") ? "JKS" : "PKCS12";
      KeyStore store = KeyStore.getInstance(type);
      store.load(in, password);
      return context(store, password);
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException("cannot load TLS keystore " + keyStore + ": " + e, e);
    }
  }

  private static SSLContext context(KeyStore store, char[] password)
      throws GeneralSecurityException {
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    kmf.init(store, password);
    SSLContext ctx = SSLContext.getInstance("TLS");
    ctx.init(kmf.getKeyManagers(), null, null);
    return ctx;
  }

  private static PrivateKey readKey(Path file) throws IOException, GeneralSecurityException {
    String pem = Files.readString(file);
    if (!pem.contains("-----BEGIN PRIVATE KEY-----")) {
      throw new IllegalArgumentException(
          "the key must be PEM PKCS#8 (BEGIN PRIVATE KEY); convert with: openssl pkcs8 -topk8"
              + " -nocrypt -in key.pem -out key.pk8.pem");
    }
    String body =
        pem.substring(pem.indexOf("-----BEGIN PRIVATE KEY-----") + 27, pem.indexOf("-----END"))
            .replaceAll("\\s", "");
    PKCS8EncodedKeySpec spec = new PKCS8EncodedKeySpec(Base64.getDecoder().decode(body));
    for (String algorithm : new String[] {"RSA", "EC", "Ed25519"}) {
      try {
        return KeyFactory.getInstance(algorithm).generatePrivate(spec);
      } catch (GeneralSecurityException e) {
        // try the next algorithm
      }
    }
    throw new GeneralSecurityException("unsupported private key algorithm in " + file);
  }
}
