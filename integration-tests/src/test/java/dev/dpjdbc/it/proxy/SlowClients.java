package dev.dpjdbc.it.proxy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A flood of slowloris clients on loopback: each socket writes its script one byte per {@link
 * #tick()} (a head of it may go at once) and never finishes within the test; {@link #tick()} also
 * reads whatever the proxy sends and notes when it closes the socket. Non-blocking channels, one
 * thread (the caller's).
 */
final class SlowClients implements AutoCloseable {
  private final List<SocketChannel> channels = new ArrayList<>();
  private final List<byte[]> scripts = new ArrayList<>();
  private final int[] sent;
  private final long[] closedAt;
  private final long openedAt;
  private final ByteBuffer sink = ByteBuffer.allocate(4096);

  /**
   * Connects {@code n} sockets to {@code port}; socket i writes {@code script(i)}, its first {@code
   * head(i)} bytes at once.
   */
  SlowClients(int port, int n, java.util.function.IntFunction<byte[]> script, int[] head)
      throws IOException {
    sent = new int[n];
    closedAt = new long[n];
    for (int i = 0; i < n; i++) {
      SocketChannel ch = SocketChannel.open(new InetSocketAddress("127.0.0.1", port));
      ch.configureBlocking(false);
      channels.add(ch);
      scripts.add(script.apply(i));
      sent[i] = 0;
      write(i, head[i]);
    }
    openedAt = System.nanoTime();
  }

  /** A StartupMessage for {@code user} on database {@code demo}. */
  static byte[] startup(String user) {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    writeInt(body, 196608);
    for (String s : new String[] {"user", user, "database", "demo", ""}) {
      body.writeBytes(s.getBytes(StandardCharsets.UTF_8));
      body.write(0);
    }
    return frame((byte) 0, body.toByteArray());
  }

  /** A SASLInitialResponse announcing SCRAM-SHA-256 with a client-first message. */
  static byte[] saslInitial() {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.writeBytes("SCRAM-SHA-256".getBytes(StandardCharsets.US_ASCII));
    body.write(0);
    byte[] first = "n,,n=,r=abcdefghijklmnopqrstuvwx".getBytes(StandardCharsets.US_ASCII);
    writeInt(body, first.length);
    body.writeBytes(first);
    return frame((byte) 'p', body.toByteArray());
  }

  static byte[] concat(byte[] a, byte[] b) {
    byte[] out = new byte[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  private static byte[] frame(byte type, byte[] body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    if (type != 0) {
      out.write(type);
    }
    writeInt(out, body.length + 4);
    out.writeBytes(body);
    return out.toByteArray();
  }

  private static void writeInt(ByteArrayOutputStream out, int v) {
    out.write(v >>> 24);
    out.write(v >>> 16);
    out.write(v >>> 8);
    out.write(v);
  }

  /** One more byte from every open socket; notes the sockets the proxy has closed. */
  synchronized void tick() {
    for (int i = 0; i < channels.size(); i++) {
      if (closedAt[i] != 0) {
        continue;
      }
      try {
        sink.clear();
        int r;
        while ((r = channels.get(i).read(sink)) > 0) {
          sink.clear();
        }
        if (r < 0) {
          closed(i);
          continue;
        }
        write(i, 1);
      } catch (IOException e) {
        closed(i); // reset by the proxy
      }
    }
  }

  private void write(int i, int bytes) throws IOException {
    byte[] script = scripts.get(i);
    int n = Math.min(bytes, script.length - sent[i]);
    if (n > 0) {
      sent[i] += channels.get(i).write(ByteBuffer.wrap(script, sent[i], n));
    }
  }

  private void closed(int i) {
    closedAt[i] = System.nanoTime();
  }

  int size() {
    return channels.size();
  }

  /** Sockets the proxy has closed so far. */
  synchronized int closed() {
    int n = 0;
    for (long t : closedAt) {
      n += t != 0 ? 1 : 0;
    }
    return n;
  }

  /** Sockets the proxy closed within {@code millis} of the flood's start. */
  int closedWithin(long millis) {
    int n = 0;
    for (long t : closedAt) {
      n += t != 0 && t - openedAt <= millis * 1_000_000L ? 1 : 0;
    }
    return n;
  }

  /** True while every socket still has bytes left to send (none could have finished). */
  boolean noneFinished() {
    for (int i = 0; i < sent.length; i++) {
      if (sent[i] >= scripts.get(i).length) {
        return false;
      }
    }
    return true;
  }

  @Override
  public void close() {
    for (SocketChannel ch : channels) {
      try {
        ch.close();
      } catch (IOException ignored) {
        // closing
      }
    }
  }
}
