package dev.dpjdbc.proxy.session;

import java.util.Map;

/**
 * {@code pg_type.typlen} of the built-in types a catalog result may carry that {@link PgType} does
 * not encode (RowDescription's type size); -1 (variable length) for anything else.
 */
final class PgTypeLengths {
  private PgTypeLengths() {}

  private static final Map<Integer, Integer> LENGTHS =
      Map.ofEntries(
          Map.entry(24, 4), // regproc
          Map.entry(27, 6), // tid
          Map.entry(28, 4), // xid
          Map.entry(29, 4), // cid
          Map.entry(600, 16), // point
          Map.entry(603, 32), // box
          Map.entry(790, 8), // money
          Map.entry(1033, 12), // aclitem
          Map.entry(1186, 16), // interval
          Map.entry(1266, 12), // timetz
          Map.entry(2202, 4), // regprocedure
          Map.entry(2203, 4), // regoper
          Map.entry(2204, 4), // regoperator
          Map.entry(2205, 4), // regclass
          Map.entry(2206, 4), // regtype
          Map.entry(2950, 16), // uuid
          Map.entry(3220, 8), // pg_lsn
          Map.entry(3734, 4), // regconfig
          Map.entry(3769, 4), // regdictionary
          Map.entry(4089, 4), // regnamespace
          Map.entry(4096, 4), // regrole
          Map.entry(5069, 8)); // xid8

  static int of(int oid) {
    return LENGTHS.getOrDefault(oid, -1);
  }
}
