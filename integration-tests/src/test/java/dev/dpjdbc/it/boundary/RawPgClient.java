package dev.dpjdbc.it.boundary;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A minimal PostgreSQL v3 frontend over a plain socket, written for the attack suite so that the
 * bytes sent are exactly the bytes chosen (no client library normalises them): StartupMessage,
 * SCRAM-SHA-256 / MD5 / cleartext authentication, simple Query, and Parse/Bind/Describe/Execute/
 * Sync. Every backend message received is kept as text (type byte, then each field, non-printable
 * bytes as-is) for the canary scan.
 *
 * <pre>
 * frontend: | type byte | int32 length (self-inclusive) | payload |   (StartupMessage: no type)
 * </pre>
 */
final class RawPgClient implements AutoCloseable {
  private final Socket socket;
  private final DataInputStream in;
  private final DataOutputStream out;

  /** What one request produced: all messages as text, and the first ErrorResponse's SQLState. */
  record Exchange(String text, String sqlState, boolean notifiedRelease) {}

  private RawPgClient(Socket socket) throws IOException {
    this.socket = socket;
    socket.setSoTimeout(60_000);
    socket.setTcpNoDelay(true);
    this.in = new DataInputStream(new java.io.BufferedInputStream(socket.getInputStream()));
    this.out =
        new DataOutputStream(new java.io.BufferedOutputStream(socket.getOutputStream(), 65536));
  }

  /** Connects, authenticates and reads up to the first ReadyForQuery. */
  static RawPgClient connect(int port, String user, String password, String database)
      throws IOException, GeneralSecurityException {
    RawPgClient c = new RawPgClient(new Socket("localhost", port));
    try {
      c.startup(user, password, database);
      return c;
    } catch (IOException | GeneralSecurityException | RuntimeException e) {
      c.close();
      throw e;
    }
  }

  private void startup(String user, String password, String database)
      throws IOException, GeneralSecurityException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    writeInt(body, 196608); // protocol 3.0
    for (String s : new String[] {"user", user, "database", database, "client_encoding", "UTF8"}) {
      cstring(body, s);
    }
    body.write(0);
    out.writeInt(body.size() + 4);
    body.writeTo(out);
    out.flush();
    String clientFirstBare = null;
    String nonce = null;
    byte[] saltedPassword = null;
    while (true) {
      char type = (char) in.readUnsignedByte();
      byte[] payload = new byte[in.readInt() - 4];
      in.readFully(payload);
      if (type == 'E') {
        throw new IOException("login refused: " + text(type, payload));
      }
      if (type == 'Z') {
        return;
      }
      if (type != 'R') {
        continue; // ParameterStatus, BackendKeyData, NoticeResponse
      }
      int code = readInt(payload, 0);
      switch (code) {
        case 0 -> {}
        case 3 -> send('p', cstringBytes(password));
        case 5 -> {
          byte[] salt = java.util.Arrays.copyOfRange(payload, 4, 8);
          String inner = md5Hex((password + user).getBytes(StandardCharsets.UTF_8));
          byte[] outer = concat(inner.getBytes(StandardCharsets.US_ASCII), salt);
          send('p', cstringBytes("md5" + md5Hex(outer)));
        }
        case 10 -> {
          byte[] raw = new byte[18];
          new SecureRandom().nextBytes(raw);
          nonce = Base64.getEncoder().encodeToString(raw);
          clientFirstBare = "n=,r=" + nonce;
          byte[] first = ("n,," + clientFirstBare).getBytes(StandardCharsets.UTF_8);
          ByteArrayOutputStream b = new ByteArrayOutputStream();
          cstring(b, "SCRAM-SHA-256");
          writeInt(b, first.length);
          b.write(first);
          send('p', b.toByteArray());
        }
        case 11 -> {
          String serverFirst = new String(payload, 4, payload.length - 4, StandardCharsets.UTF_8);
          String r = attr(serverFirst, 'r');
          if (!r.startsWith(nonce)) {
            throw new IOException("server nonce does not extend ours: " + serverFirst);
          }
          byte[] salt = Base64.getDecoder().decode(attr(serverFirst, 's'));
          int iterations = Integer.parseInt(attr(serverFirst, 'i'));
          saltedPassword = pbkdf2(password, salt, iterations);
          byte[] clientKey = hmac(saltedPassword, "Client Key");
          byte[] storedKey = MessageDigest.getInstance("SHA-256").digest(clientKey);
          String withoutProof = "c=biws,r=" + r;
          String authMessage = clientFirstBare + "," + serverFirst + "," + withoutProof;
          byte[] signature = hmac(storedKey, authMessage);
          byte[] proof = new byte[clientKey.length];
          for (int i = 0; i < proof.length; i++) {
            proof[i] = (byte) (clientKey[i] ^ signature[i]);
          }
          String fin = withoutProof + ",p=" + Base64.getEncoder().encodeToString(proof);
          send('p', fin.getBytes(StandardCharsets.UTF_8));
        }
        case 12 -> {} // SASLFinal: the server's signature; trusted here (test code)
        default -> throw new IOException("unsupported authentication request " + code);
      }
    }
  }

  /** Sends a simple Query and reads up to ReadyForQuery. */
  Exchange query(String sql) throws IOException {
    send('Q', cstringBytes(sql));
    return readUntilReady();
  }

  /**
   * Sends Parse (unnamed statement, no parameter types), Bind (no parameters, text results),
   * Describe portal, Execute (no row limit) and Sync, and reads up to ReadyForQuery.
   */
  Exchange extended(String sql) throws IOException {
    send('P', concat(cstringBytes(""), cstringBytes(sql), new byte[] {0, 0}));
    send('B', concat(cstringBytes(""), cstringBytes(""), new byte[] {0, 0, 0, 0, 0, 0}));
    send('D', concat(new byte[] {'P'}, cstringBytes("")));
    send('E', concat(cstringBytes(""), new byte[] {0, 0, 0, 0}));
    send('S', new byte[0]);
    return readUntilReady();
  }

  /**
   * Parse of a named statement, then Describe of it and Sync: what a client does before binding.
   */
  Exchange parseAndDescribe(String name, String sql) throws IOException {
    send('P', concat(cstringBytes(name), cstringBytes(sql), new byte[] {0, 0}));
    send('D', concat(new byte[] {'S'}, cstringBytes(name)));
    send('S', new byte[0]);
    return readUntilReady();
  }

  /** Bind + Execute of a named statement parsed earlier, then Sync. */
  Exchange bindAndExecute(String name) throws IOException {
    send('B', concat(cstringBytes(""), cstringBytes(name), new byte[] {0, 0, 0, 0, 0, 0}));
    send('E', concat(cstringBytes(""), new byte[] {0, 0, 0, 0}));
    send('S', new byte[0]);
    return readUntilReady();
  }

  private Exchange readUntilReady() throws IOException {
    StringBuilder text = new StringBuilder();
    String state = null;
    boolean released = false;
    while (true) {
      char type = (char) in.readUnsignedByte();
      byte[] payload = new byte[in.readInt() - 4];
      in.readFully(payload);
      String t = text(type, payload);
      text.append(t).append('\n');
      if (type == 'E' && state == null) {
        state = field(payload, 'C');
      }
      if (type == 'N' && t.contains(Response.RELEASE_MARKER)) {
        released = true;
      }
      if (type == 'G') {
        send('f', cstringBytes("copy refused by the test client"));
      }
      if (type == 'Z') {
        return new Exchange(text.toString(), state, released);
      }
    }
  }

  /** The message as text: its type, then its payload with NULs and lengths shown as '|'. */
  private static String text(char type, byte[] payload) {
    StringBuilder b = new StringBuilder().append(type).append(':');
    String s = new String(payload, StandardCharsets.UTF_8);
    for (char ch : s.toCharArray()) {
      b.append(ch < 0x20 && ch != '\n' && ch != '\r' && ch != '\t' ? '|' : ch);
    }
    if (type == 'D') {
      b.append(" hex:").append(HexFormat.of().formatHex(payload));
    }
    return b.toString();
  }

  private static String field(byte[] payload, char code) {
    int i = 0;
    while (i < payload.length && payload[i] != 0) {
      int end = i + 1;
      while (end < payload.length && payload[end] != 0) {
        end++;
      }
      if (payload[i] == code) {
        return new String(payload, i + 1, end - i - 1, StandardCharsets.UTF_8);
      }
      i = end + 1;
    }
    return "?????";
  }

  private void send(char type, byte[] payload) throws IOException {
    out.writeByte(type);
    out.writeInt(payload.length + 4);
    out.write(payload);
    if (type == 'p' || type == 'Q' || type == 'S' || type == 'X' || type == 'f') {
      out.flush(); // the end of a request: the server answers now
    }
  }

  @Override
  public void close() throws IOException {
    try {
      if (!socket.isClosed()) {
        send('X', new byte[0]);
      }
    } catch (IOException ignored) {
      // the server may have closed first
    } finally {
      socket.close();
    }
  }

  private static String attr(String msg, char key) {
    for (String part : msg.split(",")) {
      if (part.length() > 1 && part.charAt(0) == key && part.charAt(1) == '=') {
        return part.substring(2);
      }
    }
    throw new IllegalArgumentException("no " + key + "= in " + msg);
  }

  private static byte[] pbkdf2(String password, byte[] salt, int iterations)
      throws GeneralSecurityException {
    PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), salt, iterations, 256);
    return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
  }

  private static byte[] hmac(byte[] key, String message) throws GeneralSecurityException {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(key, "HmacSHA256"));
    return mac.doFinal(message.getBytes(StandardCharsets.UTF_8));
  }

  private static String md5Hex(byte[] b) throws GeneralSecurityException {
    return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(b));
  }

  private static byte[] cstringBytes(String s) {
    return concat(s.getBytes(StandardCharsets.UTF_8), new byte[] {0});
  }

  private static void cstring(ByteArrayOutputStream b, String s) {
    b.writeBytes(cstringBytes(s));
  }

  private static void writeInt(ByteArrayOutputStream b, int v) {
    b.write(v >>> 24);
    b.write(v >>> 16);
    b.write(v >>> 8);
    b.write(v);
  }

  private static int readInt(byte[] b, int at) {
    return (b[at] & 0xff) << 24
        | (b[at + 1] & 0xff) << 16
        | (b[at + 2] & 0xff) << 8
        | (b[at + 3] & 0xff);
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      b.writeBytes(p);
    }
    return b.toByteArray();
  }
}
