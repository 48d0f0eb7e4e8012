package dev.dpjdbc.analyze.safety;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.boundary.Boundary;
import dev.dpjdbc.analyze.bounds.ColumnMeta;
import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.privacy.ColumnFacts;
import dev.dpjdbc.analyze.privacy.PrivacyAnalysis;
import dev.dpjdbc.analyze.privacy.RelPrivacy;
import dev.dpjdbc.analyze.rewrite.Backend;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;

/**
 * The rule against data-dependent errors for the relational analyzer: every expression the backend
 * evaluates on private rows — everything below the DP boundary ({@link Boundary#below()}: filter
 * conditions, computed columns, join conditions, the aggregate calls' arguments and FILTER columns,
 * aggregates inside subqueries) — must be unable to raise an error whose occurrence depends on row
 * values. A backend error is released without noise, so {@code WHERE 1/(salary-50000) > 0}, {@code
 * SUM(price/qty)} with qty possibly 0, {@code CAST(code AS int)} or {@code raw * 1000} overflowing
 * would each leak one bit per query.
 *
 * <p>Guarantees: when {@link #check} returns, no expression below the boundary can raise an error
 * for any row whose columns satisfy the database's enforced constraints (CHECKs, NUMERIC precision,
 * the column types), except errors of its constant sub-expressions, which {@link Preflight} raises
 * before any row is read. Otherwise it throws 0A000 naming the construct, why it can fail and a
 * rewrite. An allow-list ({@link RexCheck}): what is not named is refused, and so is every node
 * other than scans, filters, projections, joins, aggregates, sorts, VALUES and set operations.
 *
 * <p>The facts used are the database's, not the privacy analysis' whole facts:
 *
 * <ul>
 *   <li>policy {@code min/max} bounds are clamp bounds the rewrite enforces on aggregate inputs,
 *       not facts about stored values, so a column bounded only by the policy counts as unbounded
 *       (its type's range);
 *   <li>a filter narrows nothing: PostgreSQL may evaluate the conjuncts of one WHERE in any order
 *       and pushes conditions into subqueries, so {@code WHERE qty > 0} does not protect {@code
 *       price / qty} elsewhere in the plan. A CASE does ({@code CASE WHEN qty > 0 THEN price / qty
 *       END}), see {@link Scope}.
 * </ul>
 *
 * <p>NaN and infinities: a column's facts say which non-finite values it can hold ({@link
 * Specials}: 'NaN' in real, double precision and PostgreSQL's numeric, even NUMERIC(p,s);
 * '±Infinity' in floats and PostgreSQL's unconstrained numeric; '±infinity' in PostgreSQL's dates
 * and timestamps), unless an enforced CHECK bound rules them out. What raises an error on them — a
 * cast to an integer type ("cannot convert NaN to integer"), a cast of ±Infinity to NUMERIC(p,s),
 * interval × NaN, to_timestamp(NaN), sqrt or ln of −Infinity — is refused unless a CASE guard or a
 * clamp excludes them ({@code CASE WHEN x BETWEEN lo AND hi THEN ... END}, {@code LEAST(x, hi)}):
 * otherwise one row holding 'NaN' would fail the statement.
 *
 * <p>Backends: PostgreSQL's rules for what raises an error are the stricter and are applied on both
 * (H2 returns Infinity where PostgreSQL raises an overflow, for instance); what a column can hold
 * is the backend's. Assumes aggregates inside subqueries sum fewer than 2^32 rows per group (H2
 * raises an overflow for SUM of integers past that).
 */
public final class ErrorFreedom {
  private final PrivacyAnalysis analysis;
  private final Backend backend;
  private final boolean rewrite;
  private final Map<RelNode, List<Fact>> memo = new IdentityHashMap<>();

  private ErrorFreedom(PrivacyAnalysis analysis, Backend backend, boolean rewrite) {
    this.analysis = analysis;
    this.backend = backend;
    this.rewrite = rewrite;
  }

  /**
   * Checks every expression of {@code below} and of the nodes under it.
   *
   * @param below the DP aggregate's input ({@link Boundary#below()})
   * @param analysis the privacy analysis of the plan (for each scan's table and columns)
   * @param backend where the statement runs: which non-finite values its columns can hold
   * @throws SQLException 0A000 for the first expression that may raise a row-dependent error
   */
  public static void check(RelNode below, PrivacyAnalysis analysis, Backend backend)
      throws SQLException {
    new ErrorFreedom(analysis, backend, false).facts(below);
  }

  /**
   * The same rule over what the backend will actually run: the bounded rewrite of the DP aggregate
   * ({@code analyze.bounding}), whose clamps, casts, per-unit partial sums, centred sums and sums
   * of squares are dpjdbc's own expressions over private rows, and the DP aggregate itself. Its
   * analyst expressions were checked by {@link #check(Boundary, PrivacyAnalysis, Backend)}; this
   * makes sure that nothing the rewrite adds can fail for some rows either (a square that
   * underflows double precision, a cast that narrows). Differences from that check: the rewrite's
   * {@code RANDOM()} (choosing a unit's groups) is allowed, and a SUM's value is bounded by 2^32
   * rows times its argument's interval (the assumption this class states).
   *
   * @param rewritten the rewritten plan ({@code Rewritten#rel})
   * @throws SQLException 0A000 naming the expression, when one of the rewrite's could fail
   */
  public static void checkRewrite(RelNode rewritten, PrivacyAnalysis analysis, Backend backend)
      throws SQLException {
    new ErrorFreedom(analysis, backend, true).facts(rewritten);
  }

  /**
   * The facts this rule derives about {@code boundary}'s input columns, as intervals ({@link
   * Warranted}): what the clamps of the bounded rewrite may rely on. A value that may be NaN or
   * infinite (a float, a NUMERIC without an enforced upper bound) is not warranted: its clamp
   * stays, and maps NaN to the upper bound. When the plan does not pass {@link #check}, nothing is
   * known.
   */
  public static Warranted warranted(Boundary boundary, PrivacyAnalysis analysis, Backend backend) {
    RelNode below = boundary.below();
    List<Fact> facts;
    try {
      facts = new ErrorFreedom(analysis, backend, false).facts(below);
    } catch (SQLException | RuntimeException unknown) {
      return Warranted.nothing(below.getRowType().getFieldCount());
    }
    List<Interval> out = new ArrayList<>();
    List<org.apache.calcite.rel.type.RelDataTypeField> fields = below.getRowType().getFieldList();
    for (int i = 0; i < facts.size(); i++) {
      Fact f = facts.get(i);
      // a numeric of unknown scale keeps its clamp, whose CAST to numeric(p,s) bounds the scale:
      // the rewrite casts AVG's and VAR's sums to double precision, and PostgreSQL raises an
      // underflow for a nonzero numeric below 1e-307 (a column CHECKed to [0, 100] holds 1e-400)
      boolean unknownScale =
          TypeLimits.isDecimal(fields.get(i).getType()) && f.scale() > MAX_DOUBLE_SCALE;
      out.add(
          f.alwaysNull() || !f.bounded() || f.mayBeSpecial() || unknownScale
              ? Interval.UNBOUNDED
              : f.interval("the database's constraints and column types"));
    }
    return new Warranted(out);
  }

  /**
   * {@link #check(RelNode, PrivacyAnalysis, Backend)} of the boundary's input; a public plan
   * passes.
   */
  public static void check(Boundary boundary, PrivacyAnalysis analysis, Backend backend)
      throws SQLException {
    if (!boundary.isPublic()) {
      check(boundary.below(), analysis, backend);
    }
  }

  /**
   * {@link #check(RelNode, PrivacyAnalysis, Backend)} with PostgreSQL's columns, whose types hold
   * the most non-finite values (NaN in numeric, infinite dates): the stricter facts.
   */
  public static void check(RelNode below, PrivacyAnalysis analysis) throws SQLException {
    check(below, analysis, Backend.POSTGRESQL);
  }

  /**
   * {@link #check(Boundary, PrivacyAnalysis, Backend)} with PostgreSQL's columns, whose types hold
   * the most non-finite values (NaN in numeric, infinite dates): the stricter facts.
   */
  public static void check(Boundary boundary, PrivacyAnalysis analysis) throws SQLException {
    check(boundary, analysis, Backend.POSTGRESQL);
  }

  /** The facts of {@code node}'s output columns, after checking its expressions. */
  private List<Fact> facts(RelNode node) throws SQLException {
    List<Fact> known = memo.get(node);
    if (known != null) {
      return known;
    }
    List<Fact> out = compute(node);
    memo.put(node, out);
    return out;
  }

  private List<Fact> compute(RelNode node) throws SQLException {
    if (node instanceof TableScan scan) {
      return scan(scan);
    }
    if (node instanceof Filter f) {
      List<Fact> in = facts(f.getInput());
      String place =
          rewrite ? REWRITE_PLACE : f.getInput() instanceof Aggregate ? "HAVING" : "WHERE";
      check(f.getCondition(), in, f.getInput().getRowType(), place);
      return in; // a filter narrows nothing here (see the class Javadoc)
    }
    if (node instanceof Project p) {
      List<Fact> in = facts(p.getInput());
      List<Fact> out = new ArrayList<>();
      for (RexNode e : p.getProjects()) {
        out.add(
            check(
                e,
                in,
                p.getInput().getRowType(),
                rewrite
                    ? REWRITE_PLACE
                    : "a value computed below the aggregate (an aggregate's argument, a FILTER"
                        + " clause or a subquery's SELECT list)"));
      }
      return out;
    }
    if (node instanceof Join j) {
      List<Fact> both = new ArrayList<>(facts(j.getLeft()));
      List<Fact> left = List.copyOf(both);
      both.addAll(facts(j.getRight()));
      List<String> names = new ArrayList<>(j.getLeft().getRowType().getFieldNames());
      names.addAll(j.getRight().getRowType().getFieldNames());
      checkNamed(j.getCondition(), both, names, "a JOIN condition");
      return j.getJoinType() == JoinRelType.SEMI || j.getJoinType() == JoinRelType.ANTI
          ? left
          : both;
    }
    if (node instanceof Aggregate a) {
      try {
        return NestedAggregate.facts(a, facts(a.getInput()), rewrite);
      } catch (Refusal r) {
        throw r.toSqlException(rewrite ? REWRITE_PLACE : "an aggregate inside a subquery");
      }
    }
    if (node instanceof Sort s) {
      return facts(s.getInput()); // OFFSET/FETCH are literals or parameters, checked at start
    }
    if (node instanceof Values v) {
      return values(v);
    }
    if (node instanceof SetOp op) {
      List<Fact> hull = null;
      for (RelNode in : op.getInputs()) {
        List<Fact> f = facts(in);
        hull = hull == null ? new ArrayList<>(f) : hulls(hull, f);
      }
      return hull;
    }
    if (node instanceof Correlate) {
      throw refusal(
          "a correlated subquery",
          "it could not be turned into a join, so the rows its expressions see cannot be"
              + " checked",
          "Write it as a join in FROM.");
    }
    throw refusal(
        "the operator " + node.getRelTypeName().replace("Logical", ""),
        "dpjdbc cannot check the expressions it evaluates on private rows",
        "Write the query with joins, subqueries in FROM, WHERE, GROUP BY and aggregates.");
  }

  /** The largest numeric scale whose nonzero values all convert to double precision. */
  private static final int MAX_DOUBLE_SCALE = 300;

  /** Where a refusal of {@link #checkRewrite} is. */
  private static final String REWRITE_PLACE =
      "dpjdbc's bounded rewrite of the aggregates (clamps, per-person partial sums and sums of"
          + " squares, derived from the bounds of the aggregated values)";

  private static SQLException refusal(String construct, String why, String fix) {
    return new SQLException(
        "dpjdbc refuses "
            + construct
            + " below the aggregate: "
            + why
            + ", and an error is released without noise. "
            + fix,
        AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
  }

  private Fact check(RexNode e, List<Fact> in, RelDataType row, String place) throws SQLException {
    return checkNamed(e, in, row.getFieldNames(), place);
  }

  private Fact checkNamed(RexNode e, List<Fact> in, List<String> names, String place)
      throws SQLException {
    try {
      return new RexCheck(in, names, rewrite).check(e);
    } catch (Refusal r) {
      throw r.toSqlException(place);
    }
  }

  /** The facts of {@code scan}'s columns on {@code backend} (for tests). */
  static List<Fact> columnFacts(TableScan scan, PrivacyAnalysis analysis, Backend backend) {
    return new ErrorFreedom(analysis, backend, false).scan(scan);
  }

  /**
   * A scan's columns: the interval the database enforces (CHECK constraints, NUMERIC precision),
   * never the policy's clamp bounds, within the column type's range; the scale of a NUMERIC with a
   * declared scale; the non-finite values the column can hold on this backend ({@link Specials}).
   */
  private List<Fact> scan(TableScan scan) {
    RelPrivacy p = analysis.privacy(scan);
    List<Fact> out = new ArrayList<>();
    List<org.apache.calcite.rel.type.RelDataTypeField> fields = scan.getRowType().getFieldList();
    for (int i = 0; i < fields.size(); i++) {
      RelDataType t = fields.get(i).getType();
      ColumnFacts c = i < p.columns().size() ? p.column(i) : null;
      Interval iv = Interval.UNBOUNDED;
      int scale = TypeLimits.isInteger(t) ? 0 : Fact.ANY_SCALE;
      ColumnMeta meta = null;
      if (c != null && c.origin() != null) {
        iv = c.origin().table().meta().interval(c.origin().column());
        Optional<ColumnMeta> cm = c.origin().table().meta().column(c.origin().column());
        meta = cm.orElse(null);
        if (cm.isPresent() && TypeLimits.isDecimal(t)) {
          int ps = cm.get().precision();
          int s = cm.get().scale();
          scale = ps > 0 && ps <= 1000 && s >= 0 && s <= ps ? s : Fact.ANY_SCALE;
        }
      }
      out.add(
          Fact.range(iv.lower(), iv.upper(), TypeLimits.isInteger(t), scale)
              .intersect(TypeLimits.lowest(t), TypeLimits.highest(t))
              .withSpecial(Specials.ofColumn(t, meta, iv, backend)));
    }
    return out;
  }

  private static List<Fact> values(Values v) {
    List<Fact> out = new ArrayList<>();
    for (int j = 0; j < v.getRowType().getFieldCount(); j++) {
      Fact hull = Fact.NULL;
      for (List<RexLiteral> tuple : v.getTuples()) {
        hull = hull.hull(Constants.fact(tuple.get(j)));
      }
      out.add(hull);
    }
    return out;
  }

  private static List<Fact> hulls(List<Fact> a, List<Fact> b) {
    List<Fact> out = new ArrayList<>();
    for (int i = 0; i < a.size(); i++) {
      out.add(a.get(i).hull(b.get(i)));
    }
    return out;
  }
}
