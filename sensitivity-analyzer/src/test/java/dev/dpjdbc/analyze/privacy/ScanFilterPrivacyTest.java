package dev.dpjdbc.analyze.privacy;

import static dev.dpjdbc.analyze.privacy.Expect.ambiguous;
import static dev.dpjdbc.analyze.privacy.Expect.domain;
import static dev.dpjdbc.analyze.privacy.Expect.domainSource;
import static dev.dpjdbc.analyze.privacy.Expect.interval;
import static dev.dpjdbc.analyze.privacy.Expect.noDomain;
import static dev.dpjdbc.analyze.privacy.Expect.path;
import static dev.dpjdbc.analyze.privacy.Expect.rows;
import static dev.dpjdbc.analyze.privacy.Expect.source;
import static dev.dpjdbc.analyze.privacy.Expect.status;
import static dev.dpjdbc.analyze.privacy.Expect.test;
import static dev.dpjdbc.analyze.privacy.Expect.unbounded;
import static dev.dpjdbc.analyze.privacy.Expect.unit;
import static dev.dpjdbc.analyze.privacy.PrivacyFixture.day;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.privacy.Expect.Case;
import dev.dpjdbc.analyze.privacy.RelPrivacy.Status;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.stream.Stream;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.TimestampString;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Table scans (facts from the catalog and the policy) and filters (facts kept and narrowed). */
class ScanFilterPrivacyTest {
  static PrivacyFixture fx;

  @BeforeAll
  static void setUp() throws SQLException {
    fx = new PrivacyFixture();
  }

  @AfterAll
  static void tearDown() throws SQLException {
    fx.connection.close();
  }

  static Stream<Case> cases() {
    return Stream.of(
        test(
            "scan_primaryKeyUnit_oneRowGuaranteed",
            b -> b.scan("employees").build(),
            unit("public.employees.id", 0),
            rows(1, true),
            path("employees.id (primary key)")),
        test(
            "scan_checkBetween_interval",
            b -> b.scan("employees").build(),
            interval("salary", 0, 200000),
            source("salary", "check"),
            interval("age", 18, 70)),
        test(
            "scan_policyBound_winsOverNumericPrecision",
            b -> b.scan("employees").build(),
            interval("bonus", 0, 5000),
            source("bonus", "policy employees.bonus")),
        test(
            "scan_numericPrecision_interval",
            b -> b.scan("orders").build(),
            interval("price", 0, 1000),
            unbounded("salesperson_id")),
        test(
            "scan_checkInAndBoolean_domains",
            b -> b.scan("employees").build(),
            domain("region", "N", "S", "E", "W"),
            domain("level", 1, 2, 3, 4, 5),
            domain("remote", true, false),
            domainSource("remote", "BOOLEAN"),
            noDomain("email")),
        test(
            "scan_smallIntegerRange_domain",
            b -> b.scan("employees").build(),
            domainSource("age", "integer range"),
            noDomain("salary")),
        test(
            "scan_dateBound_inDays",
            b -> b.scan("employees").build(),
            interval("hired", PrivacyFixture.day("2015-01-01"), PrivacyFixture.day("2025-12-31"))),
        test(
            "scan_publicTable_isPublic",
            b -> b.scan("departments").build(),
            status(Status.PUBLIC),
            interval("budget", -9999999999.99, 9999999999.99)),
        test(
            // before the unit rule, a child table alone took its own primary key as the unit, so
            // that COUNT(*) FROM visits treated every visit as a person
            "scan_childTable_unitAlongItsForeignKey",
            b -> b.scan("visits").build(),
            unit("public.employees.id", 1),
            path("visits.employee_id -> employees.id (primary key)"),
            rows(4, false)),
        test(
            "scan_policyUnitAlongForeignKey_identityOfParent",
            b -> b.scan("shifts").build(),
            unit("public.employees.id", 1),
            path("shifts.employee_id -> employees.id (primary key)"),
            rows(5, false),
            interval("hours", 0, 12),
            domain("kind", "day", "night")),
        test(
            "scan_primaryKeyIsForeignKey_identityOfParent",
            b -> b.scan("badges").build(),
            unit("public.employees.id", 0),
            rows(1, true),
            path("badges.employee_id -> employees.id")),
        test(
            "scan_noKeyNoPolicy_ambiguous",
            b -> b.scan("notes").build(),
            ambiguous("has no privacy unit")),
        test(
            "scan_policyUnitMissing_ambiguous",
            b -> b.scan("broken").build(),
            ambiguous("privacy_unit nope")),
        test(
            "filter_keepsUnitAndFacts",
            b -> b.scan("employees").filter(b.isNotNull(b.field("email"))).build(),
            unit("public.employees.id", 0),
            rows(1, true),
            interval("salary", 0, 200000)),
        test(
            "filter_equalsLiteral_narrowsDomain",
            b -> b.scan("employees").filter(b.equals(b.field("region"), b.literal("N"))).build(),
            domain("region", "N"),
            domainSource("region", "WHERE region = 'N'")),
        test(
            "filter_inLiterals_narrowsDomain",
            b ->
                b.scan("employees")
                    .filter(b.in(b.field("level"), b.literal(2), b.literal(4), b.literal(9)))
                    .build(),
            domain("level", 2, 4),
            interval("level", 2, 4)),
        test(
            "filter_notIn_removesFromDomain",
            b ->
                b.scan("employees")
                    .filter(b.not(b.in(b.field("region"), b.literal("N"), b.literal("S"))))
                    .build(),
            domain("region", "E", "W")),
        test(
            "filter_inOnColumnWithoutDomain_literalsBecomeDomain",
            b ->
                b.scan("customers")
                    .filter(b.in(b.field("segment"), b.literal("retail"), b.literal("b2b")))
                    .build(),
            domain("segment", "b2b", "retail")),
        test(
            "filter_strictComparison_integerEnds",
            b ->
                b.scan("employees")
                    .filter(
                        b.greaterThan(b.field("salary"), b.literal(1000)),
                        b.lessThan(b.field("salary"), b.literal(5000)))
                    .build(),
            interval("salary", 1001, 4999),
            source("salary", "WHERE salary > 1000")),
        test(
            "filter_between_narrowsIntervalAndDomain",
            b ->
                b.scan("employees")
                    .filter(b.between(b.field("age"), b.literal(30), b.literal(32)))
                    .build(),
            interval("age", 30, 32),
            domain("age", 30, 31, 32)),
        test(
            "filter_booleanColumn_domainTrue",
            b -> b.scan("employees").filter(b.field("remote")).build(),
            domain("remote", true)),
        test(
            "filter_notBooleanColumn_domainFalse",
            b -> b.scan("employees").filter(b.not(b.field("remote"))).build(),
            domain("remote", false)),
        test(
            "filter_dateComparison_narrowsDays",
            b ->
                b.scan("employees")
                    .filter(
                        b.greaterThanOrEqual(
                            b.field("hired"),
                            b.getRexBuilder()
                                .makeDateLiteral(
                                    new org.apache.calcite.util.DateString("2020-01-01"))))
                    .build(),
            interval("hired", PrivacyFixture.day("2020-01-01"), PrivacyFixture.day("2025-12-31"))),
        test(
            "filter_dateAgainstTimestampLiteral_neverMixesUnits",
            b ->
                b.scan("employees")
                    .filter(
                        b.greaterThanOrEqual(
                            b.field("hired"),
                            b.getRexBuilder()
                                .makeTimestampLiteral(
                                    new TimestampString("2020-01-01 00:00:00"), 0)))
                    .build(),
            p -> {
              Interval iv = Expect.col(p, "hired").interval();
              assertTrue(
                  iv.lower() == day("2015-01-01") || iv.lower() == day("2020-01-01"),
                  () -> "narrowed in days or not at all: " + p);
              assertEquals(day("2025-12-31"), iv.upper(), () -> p.toString());
            }),
        test(
            "filter_or_narrowsNothing",
            b ->
                b.scan("employees")
                    .filter(
                        b.or(
                            b.equals(b.field("region"), b.literal("N")),
                            b.greaterThan(b.field("salary"), b.literal(10))))
                    .build(),
            domain("region", "N", "S", "E", "W"),
            interval("salary", 0, 200000)),
        test(
            "filter_decimalLiteral_narrowsDecimalColumn",
            b ->
                b.scan("orders")
                    .filter(b.lessThanOrEqual(b.field("price"), b.literal(new BigDecimal("99.5"))))
                    .build(),
            interval("price", 0, 99.5)),
        test(
            "filter_onPublicTable_staysPublic",
            b -> b.scan("departments").filter(b.equals(b.field("id"), b.literal(3))).build(),
            status(Status.PUBLIC),
            domain("id", 3)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void analyse(Case c) {
    RelBuilder b = fx.builder();
    c.expect().accept(fx.analysis().privacy(c.plan().apply(b)));
  }
}
