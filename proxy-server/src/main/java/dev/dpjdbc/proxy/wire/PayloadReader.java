package dev.dpjdbc.proxy.wire;

import java.nio.charset.StandardCharsets;

/** Big-endian cursor over one message body; every read checks the bounds. */
public final class PayloadReader {
  private final byte[] body;
  private int pos;

  public PayloadReader(byte[] body) {
    this.body = body;
  }

  public int int8() throws ProtocolException {
    need(1);
    return body[pos++] & 0xff;
  }

  public int int16() throws ProtocolException {
    need(2);
    int v = ((body[pos] & 0xff) << 8) | (body[pos + 1] & 0xff);
    pos += 2;
    return (short) v;
  }

  public int int32() throws ProtocolException {
    need(4);
    int v =
        ((body[pos] & 0xff) << 24)
            | ((body[pos + 1] & 0xff) << 16)
            | ((body[pos + 2] & 0xff) << 8)
            | (body[pos + 3] & 0xff);
    pos += 4;
    return v;
  }

  public byte[] bytes(int n) throws ProtocolException {
    if (n < 0) {
      throw new ProtocolException("negative byte count " + n);
    }
    need(n);
    byte[] out = new byte[n];
    System.arraycopy(body, pos, out, 0, n);
    pos += n;
    return out;
  }

  /** A NUL-terminated UTF-8 string. */
  public String cstring() throws ProtocolException {
    int end = pos;
    while (end < body.length && body[end] != 0) {
      end++;
    }
    if (end >= body.length) {
      throw new ProtocolException("string not NUL-terminated at offset " + pos);
    }
    String s = new String(body, pos, end - pos, StandardCharsets.UTF_8);
    pos = end + 1;
    return s;
  }

  public boolean hasRemaining() {
    return pos < body.length;
  }

  public int remaining() {
    return body.length - pos;
  }

  private void need(int n) throws ProtocolException {
    if (pos + n > body.length) {
      throw new ProtocolException(
          "message too short: need " + n + " bytes at offset " + pos + " of " + body.length);
    }
  }
}
