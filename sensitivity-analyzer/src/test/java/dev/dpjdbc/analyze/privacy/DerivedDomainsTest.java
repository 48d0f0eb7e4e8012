package dev.dpjdbc.analyze.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.bounds.TableBounds.Domain;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;

/** The grids and lattices of {@link DerivedDomains}, on expressions built directly. */
class DerivedDomainsTest {
  private final JavaTypeFactoryImpl types = new JavaTypeFactoryImpl();
  private final RexBuilder rex = new RexBuilder(types);

  private RelDataType type(SqlTypeName t) {
    return types.createSqlType(t);
  }

  private static long day(String iso) {
    return LocalDate.parse(iso).toEpochDay();
  }

  @Test
  void floorOfADateToMonth_monthGrid_firstDaysInTheInterval() {
    RexNode d = rex.makeInputRef(type(SqlTypeName.DATE), 0);
    RexNode floor = rex.makeCall(SqlStdOperatorTable.FLOOR, d, rex.makeFlag(TimeUnitRange.MONTH));
    assertEquals(TimeUnitRange.MONTH, DerivedDomains.grid(floor));
    Domain dom =
        DerivedDomains.of(
            floor, Interval.of(day("2025-01-01"), day("2025-12-01"), "CHECK"), 1000, List.of("d"));
    assertEquals(12, dom.values().size());
    assertEquals("2025-01-01", dom.values().get(0));
    assertEquals("2025-12-01", dom.values().get(11));
    assertNull(
        DerivedDomains.of(
            floor, Interval.of(day("2025-01-01"), day("2025-12-01"), "CHECK"), 11, List.of("d")),
        "12 months exceed a limit of 11");
  }

  @Test
  void aDateIsAWholeDay_aTimestampWithTimeZoneIsNoGrid() {
    RexNode d = rex.makeInputRef(type(SqlTypeName.DATE), 0);
    assertEquals(TimeUnitRange.DAY, DerivedDomains.grid(d));
    RexNode tz = rex.makeInputRef(type(SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE), 0);
    assertNull(DerivedDomains.grid(rex.makeCast(type(SqlTypeName.DATE), tz)));
    RexNode ts = rex.makeInputRef(type(SqlTypeName.TIMESTAMP), 0);
    assertNull(DerivedDomains.grid(ts), "a timestamp is on no grid coarser than its precision");
    assertEquals(TimeUnitRange.DAY, DerivedDomains.grid(rex.makeCast(type(SqlTypeName.DATE), ts)));
  }

  @Test
  void grafanaBucket_multiplesOfTheStep() {
    RexNode secs = rex.makeInputRef(type(SqlTypeName.DECIMAL), 0);
    RexNode bucket =
        rex.makeCall(
            SqlStdOperatorTable.MULTIPLY,
            rex.makeCall(
                SqlStdOperatorTable.FLOOR,
                rex.makeCall(
                    SqlStdOperatorTable.DIVIDE,
                    secs,
                    rex.makeExactLiteral(BigDecimal.valueOf(2_592_000)))),
            rex.makeExactLiteral(BigDecimal.valueOf(2_592_000)));
    DerivedDomains.Lattice l = DerivedDomains.lattice(bucket);
    assertEquals(0, l.step().compareTo(BigDecimal.valueOf(2_592_000)));
    Domain dom =
        DerivedDomains.of(
            bucket, Interval.of(1_702_944_000, 1_765_152_000, "CHECK"), 1000, List.of("s"));
    assertEquals(25, dom.values().size(), dom.toString());
  }

  @Test
  void timestampText_asTheBackendsPrintIt() {
    assertEquals("2024-01-01 00:00:00", DerivedDomains.timestamp(day("2024-01-01") * 86_400_000L));
    assertEquals(
        "2024-01-01 00:00:01.500",
        DerivedDomains.timestamp(day("2024-01-01") * 86_400_000L + 1500));
  }
}
