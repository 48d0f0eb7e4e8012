package dev.dpjdbc.proxy.wire;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads frontend frames: startup-phase packets {@code | int32 length | body |} and typed messages
 * {@code | byte type | int32 length | body |}. Rejects lengths below 4 or above {@link
 * #MAX_MESSAGE} so a broken or hostile client cannot make the proxy allocate unbounded memory.
 */
public final class FrameReader {
  /** Largest accepted message (PostgreSQL's own limit for most messages is 1 GB; ours is less). */
  public static final int MAX_MESSAGE = 64 * 1024 * 1024;

  /** A typed message: its type byte and its body (length word stripped). */
  public record Frame(byte type, byte[] body) {}

  private final DataInputStream in;

  public FrameReader(InputStream in) {
    this.in = new DataInputStream(in);
  }

  /** A startup-phase packet's body (starting with the int32 protocol or request code). */
  public byte[] readStartupPacket() throws IOException {
    int len = in.readInt();
    return readBody(len, (byte) 0);
  }

  /** The next typed message, or null at a clean end of stream. */
  public Frame readFrame() throws IOException {
    int type = in.read();
    if (type < 0) {
      return null;
    }
    int len = in.readInt();
    return new Frame((byte) type, readBody(len, (byte) type));
  }

  private byte[] readBody(int len, byte type) throws IOException {
    if (len < 4 || len > MAX_MESSAGE) {
      throw new ProtocolException(
          "message length must be between 4 and "
              + MAX_MESSAGE
              + ", got "
              + len
              + (type != 0 ? " for message '" + (char) type + "'" : ""));
    }
    byte[] body = new byte[len - 4];
    try {
      in.readFully(body);
    } catch (EOFException e) {
      throw new ProtocolException("connection closed inside a message of length " + len);
    }
    return body;
  }
}
