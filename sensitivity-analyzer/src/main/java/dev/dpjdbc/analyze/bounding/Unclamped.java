package dev.dpjdbc.analyze.bounding;

import dev.dpjdbc.analyze.boundary.Boundary;
import dev.dpjdbc.analyze.bounds.CatalogWarrant;
import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.plan.BoundUse;
import dev.dpjdbc.analyze.safety.Warranted;
import dev.dpjdbc.analyze.sql2rel.CatalogTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableScan;

/**
 * Which row-level clamps of the bounded rewrite change no value and are left out: clamping a column
 * to [L, U] is a no-op when every value it can hold already lies in [L, U]. "Can hold" is what
 * {@link Warranted} says — the facts of the rule against data-dependent errors: validated CHECKs,
 * domain CHECKs, NUMERIC precision and column types, propagated through the expression; never the
 * policy's {@code min/max} (clamp bounds, not facts about stored values) — so λ, which is computed
 * from [L, U], is unchanged: the rewrite's output is the same function of the data with or without
 * the clamp, on every database the facts describe.
 *
 * <p>Those facts rest on the catalog as it was read, so a clamp is left out only when the statement
 * can re-check that catalog in its own snapshot ({@link CatalogGuard}): every table read below the
 * boundary has a {@link CatalogWarrant} (PostgreSQL, plain tables without children or partitions).
 * A plan cached before a constraint was dropped then fails instead of running without the clamp. On
 * H2 every clamp stays: H2 cannot re-check in the statement, and a CHECK added with {@code NOCHECK}
 * looks like any other.
 *
 * <p>Only clamps of row values are ever left out; the per-unit clamps after per-(unit, group)
 * pre-aggregation stay (they bound a unit's total over several rows, which no column constraint
 * does). Bounds beyond 2^53 in magnitude are never relied on (doubles are exact below it).
 */
final class Unclamped {
  private static final double EXACT = 0x1p53;

  private final Warranted warranted;
  private final List<CatalogWarrant> warrants;
  private final List<BoundUse> uses = new ArrayList<>();
  private boolean catalogRelied;

  private Unclamped(Warranted warranted, List<CatalogWarrant> warrants) {
    this.warranted = warranted;
    this.warrants = warrants;
  }

  /** The clamps of {@code boundary}'s rewrite, with the facts {@code warranted} about its input. */
  static Unclamped of(Boundary boundary, Warranted warranted) {
    return new Unclamped(warranted, warrantsOf(boundary.below()));
  }

  /**
   * Whether clamping column {@code column} of the boundary's input to [{@code lo}, {@code hi}] may
   * change a value; when not, records why for EXPLAIN PRIVACY.
   */
  boolean needed(int column, double lo, double hi, String text) {
    Interval known = warranted.of(column);
    if (warrants == null || !within(known, lo, hi)) {
      return true;
    }
    catalogRelied = true;
    BoundUse u =
        new BoundUse(
            "",
            text,
            "[" + lo + ", " + hi + "]",
            "no clamp: "
                + known.source()
                + " keep it in ["
                + known.lower()
                + ", "
                + known.upper()
                + "]; the statement re-checks the catalog of "
                + String.join(", ", warrants.stream().map(CatalogWarrant::table).toList()));
    if (!uses.contains(u)) {
      uses.add(u);
    }
    return false;
  }

  /** The plan relies on catalog facts: the statement must re-check {@link #warrants}. */
  boolean catalogRelied() {
    return catalogRelied;
  }

  /** The tables to re-check, each once. */
  List<CatalogWarrant> warrants() {
    return warrants == null ? List.of() : warrants;
  }

  /** One line per left-out clamp, for EXPLAIN PRIVACY. */
  List<BoundUse> uses() {
    return List.copyOf(uses);
  }

  private static boolean within(Interval iv, double lo, double hi) {
    return iv.bounded()
        && iv.lower() >= lo
        && iv.upper() <= hi
        && Math.abs(iv.lower()) <= EXACT
        && Math.abs(iv.upper()) <= EXACT;
  }

  /** Every scan's warrant, each table once; null when a scan has none. */
  private static List<CatalogWarrant> warrantsOf(RelNode below) {
    Map<String, CatalogWarrant> byOid = new LinkedHashMap<>();
    return collect(below, byOid) ? List.copyOf(byOid.values()) : null;
  }

  private static boolean collect(RelNode rel, Map<String, CatalogWarrant> byOid) {
    if (rel instanceof TableScan scan) {
      CatalogTable t = scan.getTable().unwrap(CatalogTable.class);
      CatalogWarrant w = t == null ? null : t.meta().warrant();
      if (w == null) {
        return false;
      }
      byOid.putIfAbsent(w.oid(), w);
    }
    for (RelNode in : rel.getInputs()) {
      if (!collect(in, byOid)) {
        return false;
      }
    }
    return true;
  }
}
