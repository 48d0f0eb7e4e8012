package dev.dpjdbc.analyze.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Table-driven: every query of {@link ErrorCases#allowed} passes the rule, every query of {@link
 * ErrorCases#refused} is refused with 0A000 and a message naming the construct and a rewrite.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ErrorFreedomTest {
  SafetyFixture fixture;

  abstract Connection open() throws SQLException;

  @BeforeAll
  void setUp() throws SQLException {
    fixture = new SafetyFixture(open());
  }

  @AfterAll
  void tearDown() throws SQLException {
    fixture.close();
  }

  static Stream<ErrorCases.Allowed> allowed() {
    return ErrorCases.allowed().stream();
  }

  static Stream<ErrorCases.Refused> refused() {
    return ErrorCases.refused().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("allowed")
  void allowed_passes(ErrorCases.Allowed c) throws SQLException {
    SafetyFixture.Split s = fixture.split(c.sql());
    assertFalse(s.boundary().isPublic(), "reads private data: " + c.sql());
    ErrorFreedom.check(s.boundary(), s.analysis());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  void refused_with0A000_namingTheConstruct(ErrorCases.Refused c) throws SQLException {
    SafetyFixture.Split s = fixture.split(c.sql());
    SQLException e =
        assertThrows(SQLException.class, () -> ErrorFreedom.check(s.boundary(), s.analysis()));
    assertEquals("0A000", e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().contains(c.fragment()), e.getMessage());
    assertTrue(e.getMessage().startsWith("dpjdbc refuses "), e.getMessage());
    assertTrue(e.getMessage().contains("an error is released without noise"), e.getMessage());
  }
}
