package dev.dpjdbc.proxy.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dpjdbc.proxy.wire.FrameReader;
import dev.dpjdbc.proxy.wire.FrameReader.Frame;
import dev.dpjdbc.proxy.wire.FrameWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Message flows of one {@link Session} over a real (plain H2, in memory) JDBC connection: which
 * backend messages answer which frontend messages, in which order. The dp driver is not involved
 * here; the integration tests run the same flows through it.
 */
class SessionTest {
  private Connection connection;
  private ByteArrayOutputStream sink;
  private FrameWriter writer;
  private Session session;

  @BeforeEach
  void open() throws Exception {
    connection = DriverManager.getConnection("jdbc:h2:mem:session-test;MODE=PostgreSQL");
    sink = new ByteArrayOutputStream();
    writer = new FrameWriter(sink);
    session = new Session(connection, writer);
  }

  @AfterEach
  void close() {
    session.close();
  }

  @Test
  void extended_rowLimit_suspendsPortalThenCompletes() throws IOException {
    send('P', cstr("") + cstr("SELECT X FROM SYSTEM_RANGE(1, 3)") + "0000");
    send('B', cstr("") + cstr("") + "0000" + "0000" + "0000");
    send('D', "50" + cstr(""));
    send('E', cstr("") + "00000002");
    send('E', cstr("") + "00000000");
    send('S', "");
    assertEquals("1 2 T D D s D C Z", types());
    assertEquals("SELECT 1", text(frames().get(7)));
    assertEquals("I", text(frames().get(8)));
  }

  @Test
  void extended_errorIgnoresUntilSync() throws IOException {
    send('P', cstr("") + cstr("SELEKT nonsense") + "0000");
    send('B', cstr("") + cstr("") + "0000" + "0000" + "0000");
    send('E', cstr("") + "00000000");
    send('S', "");
    send('Q', cstr("SELECT 1"));
    assertEquals("E Z T D C Z", types());
  }

  @Test
  void extended_binaryInt4Parameter_isBound() throws IOException {
    // Parse with $1 declared int4 (OID 23), Bind it in binary (41), result in text
    send('P', cstr("s1") + cstr("SELECT CAST($1 AS INT) + 1 AS answer") + "0001" + "00000017");
    send('D', "53" + cstr("s1"));
    send('B', cstr("") + cstr("s1") + "0001" + "0001" + "0001" + "00000004" + "00000029" + "0000");
    send('E', cstr("") + "00000000");
    send('S', "");
    assertEquals("1 t T 2 D C Z", types());
    byte[] row = frames().get(4).body();
    // | int16 1 | int32 2 | "42" |
    assertEquals("0001000000023432", HexFormat.of().formatHex(row));
  }

  @Test
  void simple_severalStatementsAndTransactionStatus() throws IOException {
    send('Q', cstr("BEGIN; SELECT 1 AS one; SELECT 2"));
    assertEquals("C T D C T D C Z", types());
    assertEquals("BEGIN", text(frames().get(0)));
    assertEquals("T", text(frames().get(7)));
    sink.reset();
    send('Q', cstr("SELEKT; SELECT 3"));
    assertEquals("E Z", types());
    assertEquals("E", text(frames().get(1)));
    sink.reset();
    send('Q', cstr("SELECT 4"));
    assertEquals("E Z", types()); // 25P02 in a failed block
    sink.reset();
    send('Q', cstr("ROLLBACK"));
    assertEquals("C Z", types());
    assertEquals("ROLLBACK", text(frames().get(0)));
    assertEquals("I", text(frames().get(1)));
  }

  @Test
  void simple_emptyQuery_answersEmptyQueryResponse() throws IOException {
    send('Q', cstr(" -- nothing"));
    assertEquals("I Z", types());
  }

  @Test
  void terminate_endsTheSession() throws IOException {
    assertEquals(false, session.handle(new Frame((byte) 'X', new byte[0])));
  }

  private void send(char type, String hexBody) throws IOException {
    session.handle(new Frame((byte) type, HexFormat.of().parseHex(hexBody)));
    writer.flush();
  }

  private static String cstr(String s) {
    return HexFormat.of().formatHex(s.getBytes(StandardCharsets.UTF_8)) + "00";
  }

  private List<Frame> frames() throws IOException {
    FrameReader reader = new FrameReader(new ByteArrayInputStream(sink.toByteArray()));
    List<Frame> out = new ArrayList<>();
    for (Frame f = reader.readFrame(); f != null; f = reader.readFrame()) {
      out.add(f);
    }
    return out;
  }

  private String types() throws IOException {
    StringBuilder sb = new StringBuilder();
    for (Frame f : frames()) {
      sb.append(sb.length() == 0 ? "" : " ").append((char) f.type());
    }
    return sb.toString();
  }

  private static String text(Frame f) {
    byte[] b = f.body();
    int end = b.length > 0 && b[b.length - 1] == 0 ? b.length - 1 : b.length;
    return new String(b, 0, end, StandardCharsets.UTF_8);
  }
}
