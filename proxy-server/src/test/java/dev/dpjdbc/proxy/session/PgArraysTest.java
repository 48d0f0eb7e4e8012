package dev.dpjdbc.proxy.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@link PgArrays}: PostgreSQL's {@code array_send} layout from {@code array_out} text. */
class PgArraysTest {

  private static byte[] ints(int... v) {
    ByteBuffer b = ByteBuffer.allocate(4 * v.length);
    for (int x : v) {
      b.putInt(x);
    }
    return b.array();
  }

  @Test
  void int2Array_isNdimNullFlagOidDimsThenLengthPrefixedElements() {
    byte[] expected =
        ByteBuffer.allocate(12 + 8 + 2 * (4 + 2))
            .put(ints(1, 0, 21, 2, 1))
            .putInt(2)
            .putShort((short) 1)
            .putInt(2)
            .putShort((short) 2)
            .array();
    assertArrayEquals(expected, PgArrays.binary(1005, "{1,2}"));
  }

  @Test
  void textArray_withNullAndQuotes_setsTheNullFlagAndUnescapes() {
    byte[] bc = "b c".getBytes(StandardCharsets.UTF_8);
    byte[] q = "q\"x".getBytes(StandardCharsets.UTF_8);
    ByteBuffer b = ByteBuffer.allocate(12 + 8 + 4 + 1 + 4 + 4 + bc.length + 4 + q.length);
    b.put(ints(1, 1, 25, 4, 1)).putInt(1).put((byte) 'a').putInt(-1);
    b.putInt(bc.length).put(bc).putInt(q.length).put(q);
    assertArrayEquals(b.array(), PgArrays.binary(1009, "{a,NULL,\"b c\",\"q\\\"x\"}"));
  }

  @Test
  void emptyArray_hasNoDimensions() {
    assertArrayEquals(ints(0, 0, 23), PgArrays.binary(1007, "{}"));
  }

  @Test
  void twoDimensionsAndExplicitLowerBounds() {
    assertArrayEquals(
        ByteBuffer.allocate(12 + 16 + 4 * 8)
            .put(ints(2, 0, 23, 2, 1, 2, 1))
            .put(ints(4, 1, 4, 2, 4, 3, 4, 4))
            .array(),
        PgArrays.binary(1007, "{{1,2},{3,4}}"));
    assertArrayEquals(
        ByteBuffer.allocate(12 + 8 + 2 * 8).put(ints(1, 0, 23, 2, 0)).put(ints(4, 7, 4, 8)).array(),
        PgArrays.binary(1007, "[0:1]={7,8}"));
  }

  @Test
  void uuidAndOidArrays() {
    assertArrayEquals(
        ByteBuffer.allocate(16).putLong(0xa0eebc999c0b4ef8L).putLong(0xbb6d6bb9bd380a11L).array(),
        PgArrays.binary(2950, "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"));
    assertArrayEquals(
        ByteBuffer.allocate(12 + 8 + 8).put(ints(1, 0, 26, 1, 1, 4)).putInt(-1).array(),
        PgArrays.binary(1028, "{4294967295}"));
  }

  @Test
  void onlyTypesWithAnEncodingClaimBinary() {
    assertTrue(PgArrays.hasBinary(1005));
    assertTrue(PgArrays.hasBinary(2950));
    assertFalse(PgArrays.hasBinary(1034)); // _aclitem: pgJDBC never asks for it in binary
    assertFalse(PgArrays.hasBinary(114)); // json
  }
}
