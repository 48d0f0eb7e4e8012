package dev.dpjdbc.analyze.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.privacy.RelPrivacy.Status;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.tools.RelBuilder;

/** Expectations about a {@link RelPrivacy}, for table-driven tests. */
final class Expect {
  private Expect() {}

  /** One table row: a plan built with RelBuilder and what its facts must be. */
  record Case(String name, Function<RelBuilder, RelNode> plan, Consumer<RelPrivacy> expect) {
    @Override
    public String toString() {
      return name;
    }
  }

  @SafeVarargs
  static Case test(String name, Function<RelBuilder, RelNode> plan, Consumer<RelPrivacy>... e) {
    return new Case(name, plan, all(e));
  }

  @SafeVarargs
  static Consumer<RelPrivacy> all(Consumer<RelPrivacy>... each) {
    return p -> Arrays.stream(each).forEach(e -> e.accept(p));
  }

  static Consumer<RelPrivacy> status(Status s) {
    return p -> assertEquals(s, p.status(), () -> "status of " + p);
  }

  /** PRIVATE, with this identity and first unit alternative. */
  static Consumer<RelPrivacy> unit(String identity, Integer... columns) {
    return p -> {
      assertEquals(Status.PRIVATE, p.status(), () -> "status of " + p);
      assertEquals(identity, p.unit().identity(), () -> "identity of " + p);
      assertEquals(List.of(columns), p.unitColumns(), () -> "unit columns of " + p);
    };
  }

  static Consumer<RelPrivacy> alternatives(List<List<Integer>> alts) {
    return p -> assertEquals(alts, p.unit().alternatives(), () -> "alternatives of " + p);
  }

  static Consumer<RelPrivacy> nullableUnit(boolean nullable) {
    return p -> assertEquals(nullable, p.unit().nullable(), () -> "unit nullability of " + p);
  }

  static Consumer<RelPrivacy> path(String part) {
    return p -> assertTrue(p.unit().path().contains(part), () -> "path of " + p);
  }

  static Consumer<RelPrivacy> rows(long max, boolean guaranteed) {
    return p -> {
      assertEquals(max, p.rowsPerUnit().max(), () -> "rows per unit of " + p);
      assertEquals(guaranteed, p.rowsPerUnit().guaranteed(), () -> "guaranteed? " + p);
    };
  }

  static Consumer<RelPrivacy> unboundedRows(String because) {
    return p -> {
      assertFalse(p.rowsPerUnit().bounded(), () -> "rows per unit of " + p);
      assertTrue(p.rowsPerUnit().source().contains(because), () -> "row bound source of " + p);
    };
  }

  static Consumer<RelPrivacy> ambiguous(String because) {
    return p -> {
      assertEquals(Status.AMBIGUOUS, p.status(), () -> "status of " + p);
      assertTrue(p.reason().contains(because), () -> "reason: " + p.reason());
    };
  }

  static ColumnFacts col(RelPrivacy p, String name) {
    return p.columns().stream()
        .filter(c -> c.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no column " + name + " in " + p));
  }

  static Consumer<RelPrivacy> interval(String column, double lo, double hi) {
    return p -> {
      ColumnFacts c = col(p, column);
      assertEquals(lo, c.interval().lower(), 1e-9, () -> "lower end of " + c);
      assertEquals(hi, c.interval().upper(), 1e-9, () -> "upper end of " + c);
    };
  }

  static Consumer<RelPrivacy> unbounded(String column) {
    return interval(column, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
  }

  static Consumer<RelPrivacy> source(String column, String part) {
    return p -> {
      ColumnFacts c = col(p, column);
      String src = String.valueOf(c.interval().source()).toLowerCase(java.util.Locale.ROOT);
      assertTrue(src.contains(part.toLowerCase(java.util.Locale.ROOT)), () -> "source of " + c);
    };
  }

  static Consumer<RelPrivacy> domain(String column, Object... values) {
    return p -> {
      ColumnFacts c = col(p, column);
      assertNotNull(c.domain(), () -> "domain of " + c);
      assertEquals(List.of(values), c.domain().values(), () -> "domain of " + c);
    };
  }

  static Consumer<RelPrivacy> domainSource(String column, String part) {
    return p -> {
      ColumnFacts c = col(p, column);
      assertTrue(c.domain().source().contains(part), () -> "domain source of " + c);
    };
  }

  static Consumer<RelPrivacy> noDomain(String column) {
    return p -> assertNull(col(p, column).domain(), () -> "domain of " + col(p, column));
  }
}
