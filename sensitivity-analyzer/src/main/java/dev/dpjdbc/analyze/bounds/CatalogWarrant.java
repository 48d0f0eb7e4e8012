package dev.dpjdbc.analyze.bounds;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What a statement needs to re-check, in its own snapshot, that a table's catalog is still the one
 * its facts were read from ({@link CatalogFingerprint}): the table's id and its fingerprint when it
 * was read. Only a backend that can evaluate the fingerprint inside a query gives one (PostgreSQL),
 * and only for a plain table without inheritance children or partitions, whose validated CHECKs
 * bound every row a scan of it returns.
 *
 * @param oid the table's {@code pg_class.oid}, in decimal
 * @param fingerprint {@link CatalogFingerprint#SQL}'s value for the table when it was read
 * @param table the table's name, for messages
 */
public record CatalogWarrant(String oid, String fingerprint, String table) {
  private static final Pattern DIGITS = Pattern.compile("[0-9]{1,10}");

  public CatalogWarrant {
    Objects.requireNonNull(fingerprint, "fingerprint");
    Objects.requireNonNull(table, "table");
    if (oid == null || !DIGITS.matcher(oid).matches()) {
      throw new IllegalArgumentException("a table oid is a decimal number. Provided value: " + oid);
    }
  }
}
