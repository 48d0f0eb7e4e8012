package dev.dpjdbc.proxy.wire;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads frontend frames: startup-phase packets {@code | int32 length | body |} and typed messages
 * {@code | byte type | int32 length | body |}. Rejects lengths below 4 or above the reader's cap
 * ({@link #MAX_MESSAGE} after authentication; {@link #MAX_STARTUP_PACKET} and {@link
 * #MAX_AUTH_MESSAGE} before it, as PostgreSQL) so a broken or hostile client cannot make the proxy
 * allocate unbounded memory — least of all one that has not authenticated.
 */
public final class FrameReader {
  /** Largest accepted message (PostgreSQL's own limit for most messages is 1 GB; ours is less). */
  public static final int MAX_MESSAGE = 64 * 1024 * 1024;

  /** Largest startup-phase packet: PostgreSQL's {@code MAX_STARTUP_PACKET_LENGTH}. */
  public static final int MAX_STARTUP_PACKET = 10_000;

  /** Largest authentication message: PostgreSQL's {@code PG_MAX_AUTH_TOKEN_LENGTH}. */
  public static final int MAX_AUTH_MESSAGE = 65_535;

  /** A typed message: its type byte and its body (length word stripped). */
  public record Frame(byte type, byte[] body) {}

  private final DataInputStream in;
  private final int max;

  /** A reader of authenticated traffic: messages up to {@link #MAX_MESSAGE}. */
  public FrameReader(InputStream in) {
    this(in, MAX_MESSAGE);
  }

  /** A reader that refuses any frame longer than {@code max} bytes (length word included). */
  public FrameReader(InputStream in, int max) {
    if (max < 4) {
      throw new IllegalArgumentException("max must be >= 4, got " + max);
    }
    this.in = new DataInputStream(in);
    this.max = max;
  }

  /**
   * A startup-phase packet's body (starting with the int32 protocol or request code), at most
   * {@link #MAX_STARTUP_PACKET} bytes whatever this reader's cap.
   */
  public byte[] readStartupPacket() throws IOException {
    int len = in.readInt();
    return readBody(len, (byte) 0, Math.min(max, MAX_STARTUP_PACKET));
  }

  /** The next typed message, or null at a clean end of stream. */
  public Frame readFrame() throws IOException {
    int type = in.read();
    if (type < 0) {
      return null;
    }
    int len = in.readInt();
    return new Frame((byte) type, readBody(len, (byte) type, max));
  }

  private byte[] readBody(int len, byte type, int max) throws IOException {
    if (len < 4 || len > max) {
      throw new ProtocolException(
          "message length must be between 4 and "
              + max
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
