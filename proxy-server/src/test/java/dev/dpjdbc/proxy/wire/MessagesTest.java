package dev.dpjdbc.proxy.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every backend message the proxy writes, byte for byte (type, length word, body). */
class MessagesTest {

  interface Encoder {
    void write(FrameWriter w) throws IOException;
  }

  static Stream<Arguments> backendMessages() {
    return Stream.of(
        Arguments.of(
            "AuthenticationOk", (Encoder) Messages::authenticationOk, "52 00000008 00000000"),
        Arguments.of(
            "AuthenticationSASL",
            (Encoder) w -> Messages.authenticationSasl(w, List.of("SCRAM-SHA-256")),
            "52 00000017 0000000a " + hex("SCRAM-SHA-256") + "00 00"),
        Arguments.of(
            "AuthenticationSASLContinue",
            (Encoder) w -> Messages.authenticationSaslContinue(w, ascii("r=a")),
            "52 0000000b 0000000b 723d61"),
        Arguments.of(
            "AuthenticationSASLFinal",
            (Encoder) w -> Messages.authenticationSaslFinal(w, ascii("v=b")),
            "52 0000000b 0000000c 763d62"),
        Arguments.of(
            "ParameterStatus",
            (Encoder) w -> Messages.parameterStatus(w, "a", "b"),
            "53 00000008 6100 6200"),
        Arguments.of(
            "BackendKeyData",
            (Encoder) w -> Messages.backendKeyData(w, 1001, -2),
            "4b 0000000c 000003e9 fffffffe"),
        Arguments.of(
            "ReadyForQuery idle",
            (Encoder) w -> Messages.readyForQuery(w, PgMessageType.TX_IDLE),
            "5a 00000005 49"),
        Arguments.of(
            "ReadyForQuery failed",
            (Encoder) w -> Messages.readyForQuery(w, PgMessageType.TX_FAILED),
            "5a 00000005 45"),
        Arguments.of(
            "RowDescription",
            (Encoder)
                w -> Messages.rowDescription(w, List.of(new FieldDescription("n", 20, 8, -1, 1))),
            "54 0000001a 0001 6e00 00000000 0000 00000014 0008 ffffffff 0001"),
        Arguments.of(
            "DataRow with NULL",
            (Encoder) w -> Messages.dataRow(w, new byte[][] {ascii("42"), null}),
            "44 00000010 0002 00000002 3432 ffffffff"),
        Arguments.of(
            "CommandComplete",
            (Encoder) w -> Messages.commandComplete(w, "SELECT 1"),
            "43 0000000d " + hex("SELECT 1") + "00"),
        Arguments.of("EmptyQueryResponse", (Encoder) Messages::emptyQueryResponse, "49 00000004"),
        Arguments.of(
            "ErrorResponse",
            (Encoder) w -> Messages.errorResponse(w, "ERROR", "42501", "no"),
            "45 0000001e 53"
                + hex("ERROR")
                + "00 56"
                + hex("ERROR")
                + "00 43"
                + hex("42501")
                + "00 4d6e6f00 00"),
        Arguments.of(
            "NoticeResponse",
            (Encoder) w -> Messages.noticeResponse(w, "NOTICE", "01000", "c"),
            "4e 0000001f 53"
                + hex("NOTICE")
                + "00 56"
                + hex("NOTICE")
                + "00 43"
                + hex("01000")
                + "00 4d6300 00"),
        Arguments.of("ParseComplete", (Encoder) Messages::parseComplete, "31 00000004"),
        Arguments.of("BindComplete", (Encoder) Messages::bindComplete, "32 00000004"),
        Arguments.of("CloseComplete", (Encoder) Messages::closeComplete, "33 00000004"),
        Arguments.of("NoData", (Encoder) Messages::noData, "6e 00000004"),
        Arguments.of("PortalSuspended", (Encoder) Messages::portalSuspended, "73 00000004"),
        Arguments.of(
            "ParameterDescription",
            (Encoder) w -> Messages.parameterDescription(w, new int[] {23, 25}),
            "74 0000000e 0002 00000017 00000019"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("backendMessages")
  void encode_backendMessage_matchesLayout(String name, Encoder encoder, String expectedHex)
      throws IOException {
    FrameWriter w = new FrameWriter(new ByteArrayOutputStream());
    encoder.write(w);
    assertEquals(expectedHex.replace(" ", ""), HexFormat.of().formatHex(w.buffered()), name);
  }

  @Test
  void flush_writesBufferedFramesInOrder() throws IOException {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    FrameWriter w = new FrameWriter(sink);
    Messages.parseComplete(w);
    Messages.readyForQuery(w, PgMessageType.TX_IN_BLOCK);
    w.flush();
    assertArrayEquals(HexFormat.of().parseHex("3100000004" + "5a0000000554"), sink.toByteArray());
    assertEquals(0, w.buffered().length);
  }

  static String hex(String s) {
    return HexFormat.of().formatHex(ascii(s));
  }

  static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
