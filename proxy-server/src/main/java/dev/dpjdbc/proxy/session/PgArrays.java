package dev.dpjdbc.proxy.session;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Binary encodings of the backend types the proxy passes through as PostgreSQL text (catalog
 * columns) and that pgJDBC asks for in binary once a statement is server-prepared: the arrays of
 * int2, int4, int8, oid, float4, float8, bool, text, varchar, name, bytea, and uuid. The array
 * format is {@code array_send}'s: {@code int32 ndim | int32 has-null | int32 element OID | ndim ×
 * (int32 size, int32 lower bound) | per element int32 length (-1 NULL) and its {@code *send}
 * bytes}; an empty array has ndim 0 and no dimensions.
 */
public final class PgArrays {
  private PgArrays() {}

  /** Array type OID → element type OID, for the arrays encoded here. */
  static final Map<Integer, Integer> ELEMENTS =
      Map.ofEntries(
          Map.entry(1000, 16), // _bool
          Map.entry(1001, 17), // _bytea
          Map.entry(1003, 19), // _name
          Map.entry(1005, 21), // _int2
          Map.entry(1007, 23), // _int4
          Map.entry(1009, 25), // _text
          Map.entry(1014, 1042), // _bpchar
          Map.entry(1015, 1043), // _varchar
          Map.entry(1016, 20), // _int8
          Map.entry(1021, 700), // _float4
          Map.entry(1022, 701), // _float8
          Map.entry(1028, 26), // _oid
          Map.entry(2951, 2950)); // _uuid

  static final int UUID_OID = 2950;

  /** True when a value of type {@code oid} given as PostgreSQL text can be sent in binary here. */
  public static boolean hasBinary(int oid) {
    return oid == UUID_OID || ELEMENTS.containsKey(oid);
  }

  /** The binary form of PostgreSQL text {@code text} of type {@code oid} ({@link #hasBinary}). */
  public static byte[] binary(int oid, String text) {
    if (oid == UUID_OID) {
      return element(UUID_OID, text);
    }
    Integer elem = ELEMENTS.get(oid);
    if (elem == null) {
      throw new IllegalArgumentException("no binary encoding for type OID " + oid);
    }
    return array(elem, text);
  }

  /**
   * {@code array_send} of the array literal {@code text} ({@code {..}}, optionally {@code [l:u]=}).
   */
  public static byte[] array(int elementOid, String text) {
    Parsed p = new ArrayText(text).parse();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int ndim = p.elements.isEmpty() ? 0 : p.dims.size();
    boolean hasNull = p.elements.stream().anyMatch(e -> e == null);
    ByteBuffer head = ByteBuffer.allocate(12 + 8 * ndim);
    head.putInt(ndim).putInt(hasNull ? 1 : 0).putInt(elementOid);
    for (int d = 0; d < ndim; d++) {
      head.putInt(p.dims.get(d)).putInt(d < p.lowerBounds.size() ? p.lowerBounds.get(d) : 1);
    }
    out.writeBytes(head.array());
    for (String e : p.elements) {
      if (e == null) {
        out.writeBytes(ByteBuffer.allocate(4).putInt(-1).array());
      } else {
        byte[] v = element(elementOid, e);
        out.writeBytes(ByteBuffer.allocate(4).putInt(v.length).array());
        out.writeBytes(v);
      }
    }
    return out.toByteArray();
  }

  /** The {@code *send} bytes of one element given as text. */
  static byte[] element(int oid, String s) {
    return switch (oid) {
      case 16 -> new byte[] {(byte) (s.startsWith("t") ? 1 : 0)};
      case 21 -> ByteBuffer.allocate(2).putShort(Short.parseShort(s)).array();
      case 23 -> ByteBuffer.allocate(4).putInt(Integer.parseInt(s)).array();
      case 26 -> ByteBuffer.allocate(4).putInt((int) Long.parseLong(s)).array();
      case 20 -> ByteBuffer.allocate(8).putLong(Long.parseLong(s)).array();
      case 700 -> ByteBuffer.allocate(4).putFloat(Float.parseFloat(floatInput(s))).array();
      case 701 -> ByteBuffer.allocate(8).putDouble(Double.parseDouble(floatInput(s))).array();
      case 17 ->
          s.startsWith("\\x")
              ? HexFormat.of().parseHex(s.substring(2))
              : s.getBytes(StandardCharsets.ISO_8859_1);
      case UUID_OID -> {
        UUID u = UUID.fromString(s);
        yield ByteBuffer.allocate(16)
            .putLong(u.getMostSignificantBits())
            .putLong(u.getLeastSignificantBits())
            .array();
      }
      default -> s.getBytes(StandardCharsets.UTF_8);
    };
  }

  private static String floatInput(String s) {
    return switch (s) {
      case "Infinity" -> "Infinity";
      case "-Infinity" -> "-Infinity";
      case "NaN" -> "NaN";
      default -> s;
    };
  }

  /** Elements in row-major order, the size of each dimension, and explicit lower bounds. */
  record Parsed(List<String> elements, List<Integer> dims, List<Integer> lowerBounds) {}

  /** A parser of PostgreSQL's array output ({@code array_out}): quoting, backslashes, NULL. */
  private static final class ArrayText {
    private final String s;
    private int pos;
    private final List<String> elements = new ArrayList<>();
    private final List<Integer> dims = new ArrayList<>();
    private final List<Integer> lower = new ArrayList<>();

    ArrayText(String s) {
      this.s = s.strip();
    }

    Parsed parse() {
      if (s.startsWith("[")) {
        int eq = s.indexOf('=');
        for (String range : s.substring(1, eq - 1).split("\\]\\[")) {
          lower.add(Integer.parseInt(range.substring(0, range.indexOf(':'))));
        }
        pos = eq + 1;
      }
      level(0);
      return new Parsed(elements, dims, lower);
    }

    private void level(int depth) {
      expect('{');
      int count = 0;
      if (peek() == '}') {
        pos++;
        setDim(depth, 0);
        return;
      }
      while (true) {
        if (peek() == '{') {
          level(depth + 1);
        } else {
          elements.add(item());
        }
        count++;
        char c = s.charAt(pos++);
        if (c == '}') {
          break;
        }
        if (c != ',') {
          throw new IllegalArgumentException("malformed array literal: " + s);
        }
      }
      setDim(depth, count);
    }

    private void setDim(int depth, int count) {
      if (dims.size() <= depth) {
        dims.add(count);
      }
    }

    private String item() {
      if (peek() == '"') {
        pos++;
        StringBuilder b = new StringBuilder();
        while (s.charAt(pos) != '"') {
          if (s.charAt(pos) == '\\') {
            pos++;
          }
          b.append(s.charAt(pos++));
        }
        pos++;
        return b.toString();
      }
      int start = pos;
      while (s.charAt(pos) != ',' && s.charAt(pos) != '}') {
        pos++;
      }
      String raw = s.substring(start, pos).strip();
      return raw.equalsIgnoreCase("NULL") ? null : raw;
    }

    private char peek() {
      return s.charAt(pos);
    }

    private void expect(char c) {
      if (s.charAt(pos) != c) {
        throw new IllegalArgumentException("malformed array literal: " + s);
      }
      pos++;
    }
  }
}
