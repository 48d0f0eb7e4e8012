package dev.dpjdbc.proxy.wire;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Buffers backend messages and writes them in one go on {@link #flush()} (the protocol's natural
 * batching points are ReadyForQuery and Flush). Each message is framed as {@code | byte type |
 * int32 length incl. itself | body |}: {@link #begin} reserves the length, {@link #end} patches it.
 * Not thread-safe; one per connection.
 */
public final class FrameWriter {
  /** Flush early past this many buffered bytes so big results stream instead of piling up. */
  private static final int FLUSH_THRESHOLD = 64 * 1024;

  private final OutputStream out;
  private byte[] buf = new byte[8192];
  private int size;
  private int frameStart = -1;

  public FrameWriter(OutputStream out) {
    this.out = out;
  }

  public FrameWriter begin(byte type) {
    if (frameStart >= 0) {
      throw new IllegalStateException("message already open at " + frameStart);
    }
    int8(type);
    frameStart = size;
    return int32(0);
  }

  public void end() throws IOException {
    int len = size - frameStart;
    buf[frameStart] = (byte) (len >>> 24);
    buf[frameStart + 1] = (byte) (len >>> 16);
    buf[frameStart + 2] = (byte) (len >>> 8);
    buf[frameStart + 3] = (byte) len;
    frameStart = -1;
    if (size > FLUSH_THRESHOLD) {
      flush();
    }
  }

  public FrameWriter int8(int v) {
    ensure(1);
    buf[size++] = (byte) v;
    return this;
  }

  public FrameWriter int16(int v) {
    ensure(2);
    buf[size++] = (byte) (v >>> 8);
    buf[size++] = (byte) v;
    return this;
  }

  public FrameWriter int32(int v) {
    ensure(4);
    buf[size++] = (byte) (v >>> 24);
    buf[size++] = (byte) (v >>> 16);
    buf[size++] = (byte) (v >>> 8);
    buf[size++] = (byte) v;
    return this;
  }

  public FrameWriter bytes(byte[] b) {
    ensure(b.length);
    System.arraycopy(b, 0, buf, size, b.length);
    size += b.length;
    return this;
  }

  /** A NUL-terminated UTF-8 string. */
  public FrameWriter cstring(String s) {
    return bytes(s.getBytes(StandardCharsets.UTF_8)).int8(0);
  }

  /** Writes everything buffered and flushes the stream. */
  public void flush() throws IOException {
    if (frameStart >= 0) {
      throw new IllegalStateException("cannot flush inside an open message");
    }
    out.write(buf, 0, size);
    out.flush();
    size = 0;
  }

  /** The buffered bytes (for tests). */
  public byte[] buffered() {
    return Arrays.copyOf(buf, size);
  }

  private void ensure(int extra) {
    if (size + extra > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + extra));
    }
  }
}
