package dev.dpjdbc.proxy.wire;

import java.util.LinkedHashMap;
import java.util.Map;

/** Decoders for frontend messages, one record per message, layouts in each factory's Javadoc. */
public final class Frontend {
  private Frontend() {}

  /** {@code | int32 len | int32 196608 | (str name | str value)* | byte 0 |} */
  public record Startup(Map<String, String> parameters) {
    public static Startup decode(PayloadReader r) throws ProtocolException {
      Map<String, String> params = new LinkedHashMap<>();
      while (r.hasRemaining()) {
        String name = r.cstring();
        if (name.isEmpty()) {
          break;
        }
        params.put(name, r.cstring());
      }
      return new Startup(params);
    }
  }

  /** {@code | int32 16 | int32 80877102 | int32 processId | int32 secretKey |} */
  public record CancelRequest(int processId, int secretKey) {
    public static CancelRequest decode(PayloadReader r) throws ProtocolException {
      return new CancelRequest(r.int32(), r.int32());
    }
  }

  /** {@code | 'Q' | int32 len | str sql |} */
  public record Query(String sql) {
    public static Query decode(byte[] body) throws ProtocolException {
      return new Query(new PayloadReader(body).cstring());
    }
  }

  /** {@code | 'P' | int32 len | str statement | str sql | int16 n | n × int32 paramTypeOid |} */
  public record Parse(String statement, String sql, int[] paramOids) {
    public static Parse decode(byte[] body) throws ProtocolException {
      PayloadReader r = new PayloadReader(body);
      String name = r.cstring();
      String sql = r.cstring();
      int n = r.int16();
      int[] oids = new int[Math.max(n, 0)];
      for (int i = 0; i < oids.length; i++) {
        oids[i] = r.int32();
      }
      return new Parse(name, sql, oids);
    }
  }

  /**
   * {@code | 'B' | int32 len | str portal | str statement | int16 nf | nf × int16 paramFormat |
   * int16 np | np × (int32 len (-1 NULL) | byte[len]) | int16 nr | nr × int16 resultFormat |}
   */
  public record Bind(
      String portal, String statement, int[] paramFormats, byte[][] values, int[] resultFormats) {
    public static Bind decode(byte[] body) throws ProtocolException {
      PayloadReader r = new PayloadReader(body);
      String portal = r.cstring();
      String statement = r.cstring();
      int[] formats = int16s(r);
      int n = r.int16();
      byte[][] values = new byte[Math.max(n, 0)][];
      for (int i = 0; i < values.length; i++) {
        int len = r.int32();
        values[i] = len < 0 ? null : r.bytes(len);
      }
      return new Bind(portal, statement, formats, values, int16s(r));
    }

    /** Format of parameter i: none given = text, one given = for all, else per parameter. */
    public int paramFormat(int i) {
      return paramFormats.length == 0 ? 0 : paramFormats[paramFormats.length == 1 ? 0 : i];
    }
  }

  /** {@code | 'D' | int32 len | byte 'S'tatement or 'P'ortal | str name |} */
  public record Describe(byte kind, String name) {
    public static Describe decode(byte[] body) throws ProtocolException {
      PayloadReader r = new PayloadReader(body);
      return new Describe((byte) r.int8(), r.cstring());
    }
  }

  /** {@code | 'E' | int32 len | str portal | int32 maxRows (0 = all) |} */
  public record Execute(String portal, int maxRows) {
    public static Execute decode(byte[] body) throws ProtocolException {
      PayloadReader r = new PayloadReader(body);
      return new Execute(r.cstring(), r.int32());
    }
  }

  /** {@code | 'C' | int32 len | byte 'S'tatement or 'P'ortal | str name |} */
  public record Close(byte kind, String name) {
    public static Close decode(byte[] body) throws ProtocolException {
      PayloadReader r = new PayloadReader(body);
      return new Close((byte) r.int8(), r.cstring());
    }
  }

  /** {@code | 'p' | int32 len | str mechanism | int32 n (-1 none) | byte[n] client-first |} */
  public record SaslInitialResponse(String mechanism, byte[] data) {
    public static SaslInitialResponse decode(byte[] body) throws ProtocolException {
      PayloadReader r = new PayloadReader(body);
      String mechanism = r.cstring();
      int n = r.int32();
      return new SaslInitialResponse(mechanism, n < 0 ? new byte[0] : r.bytes(n));
    }
  }

  /** {@code | 'p' | int32 len | byte[] client-final-message |} */
  public record SaslResponse(byte[] data) {
    public static SaslResponse decode(byte[] body) {
      return new SaslResponse(body.clone());
    }
  }

  private static int[] int16s(PayloadReader r) throws ProtocolException {
    int n = r.int16();
    int[] out = new int[Math.max(n, 0)];
    for (int i = 0; i < out.length; i++) {
      out[i] = r.int16();
    }
    return out;
  }
}
