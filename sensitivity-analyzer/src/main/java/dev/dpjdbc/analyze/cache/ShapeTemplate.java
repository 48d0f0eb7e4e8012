package dev.dpjdbc.analyze.cache;

import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.plan.QuantileRelease;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A plan that serves every statement of one {@link StatementShape}: the plan of the statement it
 * was made from, with the positions where that statement's literals are bound.
 *
 * <p>It exists only when the shape's own plan (the literals as {@code ?} parameters, valid for
 * every value as an analyst's prepared statement is) and the literal statement's plan are the same
 * up to the literals' values: the same coordinates with the same sensitivities, group keys and
 * domains, selection, quantiles, outputs, post-processing, bounds, and generated SQL equal text for
 * text except that a literal is bound as {@code CAST(? AS t)} where the shape has {@code ?}. The
 * privacy analysis then did not read the literal's value (no narrowing, no domain from it), so
 * binding another value keeps exactly the guarantees of the shape's plan; binding it in the
 * literal's own type and cast keeps what the statement means ({@link LiteralBinding}).
 */
final class ShapeTemplate {
  /**
   * One bound literal: statement {@code sql} (0 the rewrite, 1 the preflight, 2 + h histograms).
   */
  private record Slot(
      int sql, int position, int literal, String cast, ParameterSource.Constant image) {}

  private final PrivacyPlan plan;
  private final List<Slot> slots;

  private ShapeTemplate(PrivacyPlan plan, List<Slot> slots) {
    this.plan = plan;
    this.slots = List.copyOf(slots);
  }

  /** The template, when {@code literalPlan} is {@code shapePlan} with {@code shape}'s literals. */
  static Optional<ShapeTemplate> verify(
      PrivacyPlan literalPlan, PrivacyPlan shapePlan, StatementShape shape) {
    if (shapePlan.parameterCount() != shape.analystIndex().size()
        || literalPlan.parameterCount() != shapePlan.parameterCount() - shape.literals().size()
        || !sameRelease(literalPlan, shapePlan)) {
      return Optional.empty();
    }
    List<BoundSql> lit = statements(literalPlan);
    List<BoundSql> shp = statements(shapePlan);
    if (lit.size() != shp.size()) {
      return Optional.empty();
    }
    List<Slot> slots = new ArrayList<>();
    for (int i = 0; i < lit.size(); i++) {
      if (i == 1 && lit.get(i) != null && shp.get(i) == null) {
        if (!literalsOnly(lit.get(i), shape, slots)) {
          return Optional.empty();
        }
        continue;
      }
      if ((lit.get(i) == null) != (shp.get(i) == null)) {
        return Optional.empty();
      }
      if (lit.get(i) != null && !match(i, lit.get(i), shp.get(i), shape, slots)) {
        return Optional.empty();
      }
    }
    Set<Integer> bound = new HashSet<>();
    slots.forEach(s -> bound.add(s.literal()));
    if (bound.size() != shape.literals().size()) {
      return Optional.empty(); // a literal the generated SQL does not bind: it went somewhere else
    }
    return Optional.of(new ShapeTemplate(literalPlan, slots));
  }

  /**
   * The plan for {@code sql}, of the template's shape; empty when a value does not bind exactly.
   */
  Optional<PrivacyPlan> instantiate(String sql, StatementShape shape) {
    List<List<ParameterSource>> params = new ArrayList<>();
    for (BoundSql b : statements(plan)) {
      params.add(b == null ? null : new ArrayList<>(b.parameters()));
    }
    for (Slot s : slots) {
      ParameterSource.Constant c =
          LiteralBinding.bind(shape.literals().get(s.literal()), s.image(), s.cast());
      if (c == null) {
        return Optional.empty();
      }
      params.get(s.sql()).set(s.position(), c);
    }
    List<QuantileRelease.Histogram> histograms = new ArrayList<>();
    List<QuantileRelease.Histogram> old = plan.quantiles().histograms();
    for (int h = 0; h < old.size(); h++) {
      histograms.add(withSql(old.get(h), new BoundSql(old.get(h).sql().sql(), params.get(2 + h))));
    }
    return Optional.of(
        new PrivacyPlan(
            sql,
            plan.rewrittenSql(),
            plan.parameterCount(),
            plan.groupKeys(),
            plan.coordinates(),
            plan.maxGroupsPerUnit(),
            plan.outputs(),
            plan.orderBy(),
            plan.offset(),
            plan.limit(),
            plan.bounds(),
            params.get(0),
            plan.preflight() == null ? null : new BoundSql(plan.preflight().sql(), params.get(1)),
            plan.typing(),
            plan.post(),
            new QuantileRelease(histograms, plan.quantiles().quantiles()),
            plan.selection()));
  }

  /** Position by position, or false when the two statements differ in more than the literals. */
  private static boolean match(
      int sql, BoundSql lit, BoundSql shp, StatementShape shape, List<Slot> slots) {
    Optional<ParameterSlots> l = ParameterSlots.of(lit);
    Optional<ParameterSlots> s = ParameterSlots.of(shp);
    if (l.isEmpty() || s.isEmpty() || !l.get().normalized().equals(s.get().normalized())) {
      return false;
    }
    for (int k = 0; k < lit.parameters().size(); k++) {
      ParameterSource lp = lit.parameters().get(k);
      ParameterSource sp = shp.parameters().get(k);
      String lcast = l.get().casts().get(k);
      if (sp instanceof ParameterSource.Analyst a) {
        if (a.index() >= shape.analystIndex().size()) {
          return false;
        }
        int analyst = shape.analystIndex().get(a.index());
        if (analyst >= 0) {
          if (!lp.equals(new ParameterSource.Analyst(analyst))
              || !Objects.equals(lcast, s.get().casts().get(k))) {
            return false;
          }
          continue;
        }
        int literal = literalAt(shape, a.index());
        if (!(lp instanceof ParameterSource.Constant c)
            || !c.equals(LiteralBinding.bind(shape.literals().get(literal), c, lcast))) {
          return false;
        }
        slots.add(new Slot(sql, k, literal, lcast, c));
      } else if (!lp.equals(sp) || !Objects.equals(lcast, s.get().casts().get(k))) {
        return false;
      }
    }
    return true;
  }

  /**
   * A preflight only the literal statement has: it evaluates the literals' casts ({@code CAST(? AS
   * DATE)} of a string) before anything is charged, where the shape leaves a parameter to the
   * backend's typing. Kept, bound with the new values, when each of its parameters is exactly one
   * of the literals (by value; two literals of equal value make it ambiguous, and no template).
   */
  private static boolean literalsOnly(BoundSql lit, StatementShape shape, List<Slot> slots) {
    Optional<ParameterSlots> l = ParameterSlots.of(lit);
    if (l.isEmpty()) {
      return false;
    }
    for (int k = 0; k < lit.parameters().size(); k++) {
      if (!(lit.parameters().get(k) instanceof ParameterSource.Constant c)) {
        return false;
      }
      String cast = l.get().casts().get(k);
      int match = -1;
      for (int j = 0; j < shape.literals().size(); j++) {
        if (c.equals(LiteralBinding.bind(shape.literals().get(j), c, cast))) {
          if (match >= 0) {
            return false;
          }
          match = j;
        }
      }
      if (match < 0) {
        return false;
      }
      slots.add(new Slot(1, k, match, cast, c));
    }
    return true;
  }

  private static int literalAt(StatementShape shape, int shapeIndex) {
    for (int j = 0; j < shape.literals().size(); j++) {
      if (shape.literals().get(j).shapeIndex() == shapeIndex) {
        return j;
      }
    }
    throw new IllegalStateException("no literal at shape parameter " + shapeIndex);
  }

  /** Everything released and how, apart from the generated statements' parameters. */
  private static boolean sameRelease(PrivacyPlan a, PrivacyPlan b) {
    return a.groupKeys().equals(b.groupKeys())
        && a.coordinates().equals(b.coordinates())
        && a.maxGroupsPerUnit() == b.maxGroupsPerUnit()
        && a.outputs().equals(b.outputs())
        && a.orderBy().equals(b.orderBy())
        && Objects.equals(a.offset(), b.offset())
        && Objects.equals(a.limit(), b.limit())
        && a.bounds().equals(b.bounds())
        && a.typing() == b.typing()
        && Objects.equals(a.selection(), b.selection())
        && a.quantiles().quantiles().equals(b.quantiles().quantiles())
        && withoutSql(a.quantiles().histograms()).equals(withoutSql(b.quantiles().histograms()))
        && samePost(a.post(), b.post());
  }

  private static boolean samePost(PrivacyPlan.Post a, PrivacyPlan.Post b) {
    if (a == null || b == null) {
      return a == b;
    }
    return a.probe() == b.probe()
        && a.columns().equals(b.columns())
        && a.processor().describe().equals(b.processor().describe());
  }

  private static List<QuantileRelease.Histogram> withoutSql(List<QuantileRelease.Histogram> hs) {
    return hs.stream().map(h -> withSql(h, null)).toList();
  }

  private static QuantileRelease.Histogram withSql(QuantileRelease.Histogram h, BoundSql sql) {
    return new QuantileRelease.Histogram(
        h.column(),
        sql,
        h.lower(),
        h.upper(),
        h.origin(),
        h.fineWidth(),
        h.fineBuckets(),
        h.integral(),
        h.rowsPerUnit(),
        h.groupsPerUnit());
  }

  /** The rewrite, the preflight (may be null) and each histogram's statement, in that order. */
  private static List<BoundSql> statements(PrivacyPlan plan) {
    List<BoundSql> out = new ArrayList<>();
    out.add(plan.rewritten());
    out.add(plan.preflight());
    plan.quantiles().histograms().forEach(h -> out.add(h.sql()));
    return out;
  }
}
