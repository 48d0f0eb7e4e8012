package dev.dpjdbc.analyze.bounds;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * PostgreSQL prints CHECK constraints with every backslash of a string constant doubled when {@code
 * standard_conforming_strings} is off; the catalog reads them back in standard syntax.
 */
class BackendConstraintsTest {
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "CHECK (k = ANY (ARRAY['back\\\\slash'::text, 'it''s'::text]))"
            + "|CHECK (k = ANY (ARRAY['back\\slash'::text, 'it''s'::text]))",
        "CHECK (k IN ('a\\\\\\\\b', 'c'))|CHECK (k IN ('a\\\\b', 'c'))",
        "CHECK ((x >= 0) AND (x <= 10))|CHECK ((x >= 0) AND (x <= 10))",
        "CHECK (\"we\\\\ird\" = 'q')|CHECK (\"we\\\\ird\" = 'q')"
      })
  void standardStrings_undoesBackslashDoubling_onlyInsideStringConstants(
      String printed, String standard) {
    assertEquals(standard, BackendConstraints.Postgres.standardStrings(printed));
  }
}
