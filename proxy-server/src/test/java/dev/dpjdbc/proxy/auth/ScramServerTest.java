package dev.dpjdbc.proxy.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Base64;
import org.junit.jupiter.api.Test;

/** SCRAM-SHA-256 against the test vector of RFC 7677 § 3 (user "user", password "pencil"). */
class ScramServerTest {
  static final String CLIENT_FIRST = "n,,n=user,r=rOprNGfwEbeRWgbNEkqO";
  static final String SERVER_NONCE = "%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0";
  static final String SERVER_FIRST =
      "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096";
  static final String CLIENT_FINAL =
      "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,"
          + "p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=";
  static final String SERVER_FINAL = "v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=";

  static ScramVerifier rfcVerifier() {
    return ScramVerifier.hash(
        "pencil", Base64.getDecoder().decode("W22ZaJ0SNY7soEsUEjb6gQ=="), 4096);
  }

  @Test
  void exchange_rfc7677Vector_producesServerMessages() throws Exception {
    ScramServer server = new ScramServer(rfcVerifier(), SERVER_NONCE);
    assertEquals(SERVER_FIRST, server.serverFirst(CLIENT_FIRST));
    assertEquals(SERVER_FINAL, server.serverFinal(CLIENT_FINAL));
  }

  @Test
  void exchange_wrongPassword_isRefused() throws Exception {
    ScramVerifier other =
        ScramVerifier.hash("pencil2", Base64.getDecoder().decode("W22ZaJ0SNY7soEsUEjb6gQ=="), 4096);
    ScramServer server = new ScramServer(other, SERVER_NONCE);
    server.serverFirst(CLIENT_FIRST);
    assertThrows(ScramServer.ScramException.class, () -> server.serverFinal(CLIENT_FINAL));
  }

  @Test
  void exchange_tamperedNonce_isRefused() throws Exception {
    ScramServer server = new ScramServer(rfcVerifier(), SERVER_NONCE);
    server.serverFirst(CLIENT_FIRST);
    assertThrows(
        ScramServer.ScramException.class,
        () -> server.serverFinal(CLIENT_FINAL.replace("$k0,", "$k1,")));
  }

  @Test
  void channelBindingRequest_isRefused() {
    ScramServer server = new ScramServer(rfcVerifier(), SERVER_NONCE);
    assertThrows(
        ScramServer.ScramException.class,
        () -> server.serverFirst("p=tls-server-end-point,,n=,r=abc"));
  }

  @Test
  void verifier_formatThenParse_roundTrips() {
    ScramVerifier v = rfcVerifier();
    ScramVerifier parsed = ScramVerifier.parse(v.format());
    assertEquals(v.format(), parsed.format());
    assertEquals(4096, parsed.iterations());
  }

  @Test
  void verifier_malformed_namesTheExpectedShape() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ScramVerifier.parse("md5abc"));
    assertEquals(true, e.getMessage().contains("SCRAM-SHA-256$<iterations>"));
  }
}
