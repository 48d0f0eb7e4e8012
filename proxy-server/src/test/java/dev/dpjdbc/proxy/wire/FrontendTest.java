package dev.dpjdbc.proxy.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Decoding of every frontend message the proxy reads, from raw bytes. */
class FrontendTest {
  private static byte[] hex(String h) {
    return HexFormat.of().parseHex(h.replace(" ", ""));
  }

  @Test
  void startup_readsParametersUntilNul() throws IOException {
    // | int32 len | int32 196608 | "user\0bob\0database\0demo\0" | \0 |
    byte[] packet = hex("00000020 00030000 7573657200 626f6200 646174616261736500 64656d6f00 00");
    PayloadReader r =
        new PayloadReader(new FrameReader(new ByteArrayInputStream(packet)).readStartupPacket());
    assertEquals(PgMessageType.PROTOCOL_3_0, r.int32());
    assertEquals(
        Map.of("user", "bob", "database", "demo"), Frontend.Startup.decode(r).parameters());
  }

  @Test
  void sslRequest_isRecognisedByCode() throws IOException {
    byte[] packet = hex("00000008 04d2162f");
    PayloadReader r =
        new PayloadReader(new FrameReader(new ByteArrayInputStream(packet)).readStartupPacket());
    assertEquals(PgMessageType.SSL_REQUEST, r.int32());
  }

  @Test
  void gssEncRequest_isRecognisedByCode() throws IOException {
    byte[] packet = hex("00000008 04d21630");
    PayloadReader r =
        new PayloadReader(new FrameReader(new ByteArrayInputStream(packet)).readStartupPacket());
    assertEquals(PgMessageType.GSSENC_REQUEST, r.int32());
  }

  @Test
  void cancelRequest_carriesKey() throws IOException {
    byte[] packet = hex("00000010 04d2162e 000003e9 fffffffe");
    PayloadReader r =
        new PayloadReader(new FrameReader(new ByteArrayInputStream(packet)).readStartupPacket());
    assertEquals(PgMessageType.CANCEL_REQUEST, r.int32());
    Frontend.CancelRequest c = Frontend.CancelRequest.decode(r);
    assertEquals(1001, c.processId());
    assertEquals(-2, c.secretKey());
  }

  @Test
  void frame_readsTypeAndBody_thenNullAtEof() throws IOException {
    FrameReader reader = new FrameReader(new ByteArrayInputStream(hex("51 00000009 53454c4500")));
    FrameReader.Frame f = reader.readFrame();
    assertEquals(PgMessageType.QUERY, f.type());
    assertEquals("SELE", Frontend.Query.decode(f.body()).sql());
    assertNull(reader.readFrame());
  }

  @Test
  void frame_withHugeLength_isRefused() {
    FrameReader reader = new FrameReader(new ByteArrayInputStream(hex("51 7fffffff")));
    assertThrows(ProtocolException.class, reader::readFrame);
  }

  @Test
  void parse_readsNameSqlAndOids() throws IOException {
    Frontend.Parse p = Frontend.Parse.decode(hex("53 5f3100 24 3100 0001 00000017"));
    assertEquals("S_1", p.statement());
    assertEquals("$1", p.sql());
    assertArrayEquals(new int[] {23}, p.paramOids());
  }

  @Test
  void bind_readsFormatsValuesAndNull() throws IOException {
    // portal "", statement "S", 1 format (binary), 2 values (int4 7, NULL), 1 result format text
    Frontend.Bind b =
        Frontend.Bind.decode(hex("00 5300 0001 0001 0002 00000004 00000007 ffffffff 0001 0000"));
    assertEquals("", b.portal());
    assertEquals("S", b.statement());
    assertEquals(1, b.paramFormat(0));
    assertEquals(1, b.paramFormat(1));
    assertArrayEquals(hex("00000007"), b.values()[0]);
    assertNull(b.values()[1]);
    assertArrayEquals(new int[] {0}, b.resultFormats());
  }

  @Test
  void describeExecuteClose_decode() throws IOException {
    assertEquals(new Frontend.Describe((byte) 'P', "p"), Frontend.Describe.decode(hex("50 7000")));
    Frontend.Execute e = Frontend.Execute.decode(hex("7000 0000000a"));
    assertEquals("p", e.portal());
    assertEquals(10, e.maxRows());
    assertEquals(new Frontend.Close((byte) 'S', "s"), Frontend.Close.decode(hex("53 7300")));
  }

  @Test
  void saslMessages_decode() throws IOException {
    Frontend.SaslInitialResponse init =
        Frontend.SaslInitialResponse.decode(hex("5343524100 00000003 6e2c2c"));
    assertEquals("SCRA", init.mechanism());
    assertEquals("n,,", new String(init.data()));
    assertEquals("c=", new String(Frontend.SaslResponse.decode(hex("633d")).data()));
  }

  @Test
  void truncatedMessage_isAProtocolError() {
    assertThrows(ProtocolException.class, () -> Frontend.Execute.decode(hex("7000 0000")));
    assertThrows(ProtocolException.class, () -> Frontend.Query.decode(hex("5345")));
  }

  @Test
  void startupPacket_overPostgresLimit_isRefusedBeforeReadingIt() {
    // | int32 10001 | ... |: refused from the length word alone, nothing allocated or awaited
    byte[] packet = hex("00002711 00030000");
    ProtocolException e =
        assertThrows(
            ProtocolException.class,
            () -> new FrameReader(new ByteArrayInputStream(packet)).readStartupPacket());
    assertTrue(e.getMessage().contains("between 4 and 10000"), e.getMessage());
  }

  @Test
  void authMessage_overCap_isRefused() throws IOException {
    byte[] atLimit = new byte[1 + FrameReader.MAX_AUTH_MESSAGE];
    atLimit[0] = 'p';
    atLimit[1] = 0;
    atLimit[2] = 0;
    atLimit[3] = (byte) 0xff;
    atLimit[4] = (byte) 0xff;
    FrameReader.Frame f =
        new FrameReader(new ByteArrayInputStream(atLimit), FrameReader.MAX_AUTH_MESSAGE)
            .readFrame();
    assertEquals(FrameReader.MAX_AUTH_MESSAGE - 4, f.body().length);
    byte[] over = hex("70 00010000");
    assertThrows(
        ProtocolException.class,
        () ->
            new FrameReader(new ByteArrayInputStream(over), FrameReader.MAX_AUTH_MESSAGE)
                .readFrame());
  }
}
