package dev.dpjdbc.analyze.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Table-driven: analyst and BI-tool queries through the front end and the privacy analysis to their
 * split ({@link SplitCases}), and refusals with their SQLState ({@link RefusalCases}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class BoundarySplitTest {
  private BoundaryFixture fixture;

  @BeforeAll
  void setUp() throws SQLException {
    fixture = new BoundaryFixture(open());
  }

  abstract Connection open() throws SQLException;

  @AfterAll
  void tearDown() throws SQLException {
    fixture.close();
  }

  static Stream<SplitCases.Split> splits() {
    return SplitCases.all().stream();
  }

  static Stream<RefusalCases.Refuse> refusals() {
    return RefusalCases.all().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("splits")
  void split_cutsAtTheBoundary(SplitCases.Split c) throws SQLException {
    Boundary b = fixture.split(c.sql());
    assertEquals(c.expected(), b.toString(), c.sql());
    if (!b.isPublic()) {
      assertTrue(b.boundaryInput().isPrivate(), "the boundary's input is private");
      assertEquals(b.aggregate().getInput(), b.below());
      List<org.apache.calcite.rel.RelNode> chain = new java.util.ArrayList<>();
      chain.add(b.aggregate());
      chain.addAll(b.above());
      for (int i = 1; i < chain.size(); i++) {
        assertEquals(chain.get(i - 1), chain.get(i).getInput(0), "above is a chain");
      }
      assertEquals(b.root().rel, chain.get(chain.size() - 1), "the chain ends at the root");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refusals")
  void refuse_withSqlState(RefusalCases.Refuse r) {
    SQLException e = assertThrows(SQLException.class, () -> fixture.split(r.sql()));
    assertEquals(r.state(), e.getSQLState(), e.getMessage());
    assertTrue( // H2 spells catalog names in upper case
        e.getMessage().toLowerCase(Locale.ROOT).contains(r.fragment().toLowerCase(Locale.ROOT)),
        e.getMessage());
  }
}
