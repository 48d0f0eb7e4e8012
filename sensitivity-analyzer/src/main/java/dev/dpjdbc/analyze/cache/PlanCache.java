package dev.dpjdbc.analyze.cache;

import dev.dpjdbc.analyze.plan.PrivacyPlan;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The analyzer's plans, kept by exact text and by {@link StatementShape}, so a dashboard that
 * re-issues one statement with new literals is planned once.
 *
 * <ol>
 *   <li>A statement seen before (same text) gets its plan back.
 *   <li>Else, when its shape has a {@link ShapeTemplate}, the template's plan with this statement's
 *       literals bound (a <em>shape hit</em>), unless a value does not bind exactly.
 *   <li>Else the statement is planned by its text, as without the cache. The first time a shape is
 *       seen, the shape itself (literals as {@code ?}) is planned too; a shape that does not plan
 *       is remembered as such. When the statement's plan is the shape's plan with its literals, it
 *       becomes the shape's template; when it is not (its literal narrowed a bound, gave a domain,
 *       was folded), the statement keeps its own plan and a later statement of the shape may still
 *       make the template.
 * </ol>
 *
 * Thread-safe; planning runs outside the lock. Each map keeps its {@value #SIZE} most recently used
 * entries. {@link #clear} forgets everything (the catalog changed).
 */
public final class PlanCache {
  /** Plans a statement by its text (the analyzer's uncached planning). */
  @FunctionalInterface
  public interface Planner {
    PrivacyPlan plan(String sql) throws SQLException;
  }

  /**
   * What the cache did since it was made or last cleared (entries: now).
   *
   * @param exactHits statements served by their exact text
   * @param shapeHits statements served by their shape's template
   * @param plannedStatements statements planned by their text
   * @param plannedShapes shapes planned with their literals as parameters
   * @param templates shapes that have a template now
   */
  public record Stats(
      long exactHits, long shapeHits, long plannedStatements, long plannedShapes, int templates) {}

  static final int SIZE = 256;

  /** A shape's state: its own plan (null: it did not plan) and its template once one verified. */
  private record ShapeEntry(PrivacyPlan shapePlan, ShapeTemplate template) {}

  private final Planner planner;
  private final Map<String, PrivacyPlan> byText = lru();
  private final Map<String, ShapeEntry> byShape = lru();
  private final AtomicLong exactHits = new AtomicLong();
  private final AtomicLong shapeHits = new AtomicLong();
  private final AtomicLong plannedStatements = new AtomicLong();
  private final AtomicLong plannedShapes = new AtomicLong();
  private long generation; // guarded by this; a plan made before a clear is not kept after it

  public PlanCache(Planner planner) {
    this.planner = planner;
  }

  /** The plan of {@code sql}: cached, from its shape's template, or planned now. */
  public PrivacyPlan plan(String sql) throws SQLException {
    long seen;
    synchronized (this) {
      seen = generation;
      PrivacyPlan cached = byText.get(sql);
      if (cached != null) {
        exactHits.incrementAndGet();
        return cached;
      }
    }
    Optional<StatementShape> shape = StatementShape.of(sql);
    ShapeEntry entry;
    synchronized (this) {
      entry = shape.map(s -> byShape.get(s.key())).orElse(null);
    }
    if (entry != null && entry.template() != null) {
      Optional<PrivacyPlan> hit = entry.template().instantiate(sql, shape.get());
      if (hit.isPresent()) {
        shapeHits.incrementAndGet();
        remember(sql, hit.get(), seen);
        return hit.get();
      }
    }
    plannedStatements.incrementAndGet();
    PrivacyPlan plan = planner.plan(sql);
    if (shape.isPresent() && (entry == null || entry.template() == null)) {
      learn(shape.get(), plan, entry, seen);
    }
    remember(sql, plan, seen);
    return plan;
  }

  /** Plans the shape the first time, and makes {@code plan} its template when it verifies. */
  private void learn(StatementShape shape, PrivacyPlan plan, ShapeEntry entry, long seen) {
    PrivacyPlan shapePlan;
    if (entry == null) {
      plannedShapes.incrementAndGet();
      try {
        shapePlan = planner.plan(shape.sql());
      } catch (SQLException | RuntimeException refused) {
        shapePlan = null; // e.g. a parameter where the analyzer needs a literal
      }
    } else {
      shapePlan = entry.shapePlan();
    }
    ShapeTemplate template =
        shapePlan == null ? null : ShapeTemplate.verify(plan, shapePlan, shape).orElse(null);
    synchronized (this) {
      ShapeEntry now = byShape.get(shape.key());
      if (generation == seen && (now == null || now.template() == null)) {
        byShape.put(shape.key(), new ShapeEntry(shapePlan, template));
      }
    }
  }

  private synchronized void remember(String sql, PrivacyPlan plan, long seen) {
    if (generation == seen) {
      byText.put(sql, plan);
    }
  }

  /** Forgets every plan and template (call when the catalog changed). */
  public synchronized void clear() {
    generation++;
    byText.clear();
    byShape.clear();
  }

  /** What the cache did so far; templates counted now. */
  public synchronized Stats stats() {
    int templates = (int) byShape.values().stream().filter(e -> e.template() != null).count();
    return new Stats(
        exactHits.get(), shapeHits.get(), plannedStatements.get(), plannedShapes.get(), templates);
  }

  private static <V> Map<String, V> lru() {
    return new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
        return size() > SIZE;
      }
    };
  }
}
