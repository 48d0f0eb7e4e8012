package dev.dpjdbc.analyze.bounding;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.boundary.Boundary;
import dev.dpjdbc.analyze.boundary.BoundaryCall;
import dev.dpjdbc.analyze.bounding.Partials.Coord;
import dev.dpjdbc.analyze.bounding.Partials.Partial;
import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.plan.Coordinate;
import dev.dpjdbc.analyze.plan.OutputExpr;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * Registers, for each aggregate call of the boundary, its row fields and partials ({@link
 * Partials}), its noisy coordinates ({@link CoordinateSet}) and their weights, and returns the
 * expression that computes the call's output from them; quantiles go to {@link QuantileCalls}.
 *
 * <p>Guarantees: every aggregated value is clamped to its bound (unless {@link Unclamped} shows the
 * clamp changes no value); each coordinate gets the sensitivity λ of its kind given {@link
 * ContributionLimits#rowsPerUnit} C (C times the most one row adds to it, or 1 for a count of
 * units), and its per-unit clamp, used when pre-aggregating, lies within [−λ, λ]; an equal
 * coordinate is registered once and shared; a call the rewrite cannot bound is refused with 0A000.
 */
final class CallCoordinates {

  private final Boundary boundary;
  private final ContributionLimits limits;
  private final RelNode below;
  private final RexBuilder rex;
  private final Clamps clamps;
  private final Unclamped unclamped;
  private final CoordinateSet coords;
  private final QuantileCalls quantiles;
  private final Partials partials;
  private final SharedBasis basis;

  CallCoordinates(
      Boundary boundary,
      ContributionLimits limits,
      RelNode below,
      Clamps clamps,
      Unclamped unclamped,
      CoordinateSet coords,
      QuantileCalls quantiles,
      Partials partials,
      SharedBasis basis) {
    this.boundary = boundary;
    this.limits = limits;
    this.below = below;
    this.rex = below.getCluster().getRexBuilder();
    this.clamps = clamps;
    this.unclamped = unclamped;
    this.coords = coords;
    this.quantiles = quantiles;
    this.partials = partials;
    this.basis = basis;
  }

  /** Registers the partials and coordinates of one call; returns its output expression. */
  OutputExpr call(BoundaryCall call, String d) throws SQLException {
    int filter = call.filterColumn() < 0 ? -1 : row(rex.makeInputRef(below, call.filterColumn()));
    String f = call.filterColumn() < 0 ? "" : " FILTER (WHERE " + column(call.filterColumn()) + ")";
    long c = limits.rowsPerUnit();
    switch (call.kind()) {
      case COUNT_ROWS, COUNT_VALUES -> {
        int n = countPartial(call, filter);
        int i = count(n, countDescription(call) + f);
        coords.weigh(i, 1);
        return new OutputExpr.CountOf(i);
      }
      case SUM -> {
        return sum(call, d, filter, f);
      }
      case AVG, VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP -> {
        return moments(call, d, filter, f);
      }
      case MIN, MAX, MEDIAN, PERCENTILE_CONT, PERCENTILE_DISC -> {
        return quantiles.add(call, d); // QuantileCalls: a histogram statement of its own
      }
      case COUNT_DISTINCT -> {
        return countDistinct(call, filter, f);
      }
      default ->
          throw new SQLException(
              d
                  + " over private data is not supported yet: use COUNT, SUM, AVG, VAR_POP,"
                  + " VAR_SAMP, STDDEV_POP or STDDEV_SAMP",
              AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
    }
  }

  private OutputExpr sum(BoundaryCall call, String d, int filter, String f) throws SQLException {
    Interval iv = bounded(call, d);
    double m = CoordinateSet.magnitude(iv.lower(), iv.upper());
    if (basis.of(family(call, iv, f)) == SharedBasis.Basis.CENTRED) {
      // SUM = Σ(x − mid) + mid·count: Var = σ_c² + mid²σ_n², so weights 1/M² and mid²/M²
      double mid = (iv.lower() + iv.upper()) / 2;
      int[] cn = firstMoments(call, iv, filter, f);
      coords.weigh(cn[0], 1 / (m * m));
      coords.weigh(cn[1], mid * mid / (m * m));
      return new OutputExpr.SumFromCentred(cn[0], cn[1], iv.lower(), iv.upper());
    }
    int i = plainSum(call, iv, filter, f);
    coords.weigh(i, 1 / (m * m));
    return new OutputExpr.SumOf(i, iv.lower(), iv.upper());
  }

  /** The coordinate SUM(clamp(x, L, U)), λ = C·max(|L|, |U|). */
  private int plainSum(BoundaryCall call, Interval iv, int filter, String f) {
    long c = limits.rowsPerUnit();
    int s = partial(new Partial(SqlKind.SUM, clamped(call.arguments().get(0), iv), filter));
    return coordinate(
        Coordinate.Kind.SUM,
        "SUM(" + column(call.arguments().get(0)) + ")" + f,
        c * Math.max(Math.abs(iv.lower()), Math.abs(iv.upper())),
        ps -> ps.get(s),
        Math.min(0, c * iv.lower()),
        Math.max(0, c * iv.upper()));
  }

  /** The family's count: COUNT(*) over a NOT NULL column, else COUNT(x) (λ = C). */
  private int familyCount(BoundaryCall call, Interval iv, int filter, String f) {
    int arg = call.arguments().get(0);
    int v = clamped(arg, iv);
    int n = partial(new Partial(SqlKind.COUNT, nullable(arg) ? v : -1, filter));
    return count(n, (nullable(arg) ? "COUNT(" + column(arg) + ")" : "COUNT(*)") + f);
  }

  /** Registers the family's centred sum Σ(x − mid) (λ = C·h) and count; returns both indexes. */
  private int[] firstMoments(BoundaryCall call, Interval iv, int filter, String f) {
    int arg = call.arguments().get(0);
    long c = limits.rowsPerUnit();
    double mid = (iv.lower() + iv.upper()) / 2;
    double h = (iv.upper() - iv.lower()) / 2;
    int v = clamped(arg, iv);
    int s = partial(new Partial(SqlKind.SUM, v, filter));
    int n = partial(new Partial(SqlKind.COUNT, nullable(arg) ? v : -1, filter));
    int count = familyCount(call, iv, filter, f);
    int centred =
        coordinate(
            Coordinate.Kind.SUM,
            "SUM(" + column(arg) + " - " + text(mid) + ")" + f,
            c * h,
            ps -> clamps.centred(ps.get(s), ps.get(n), mid),
            -c * h,
            c * h);
    return new int[] {centred, count};
  }

  private OutputExpr moments(BoundaryCall call, String d, int filter, String f)
      throws SQLException {
    int arg = call.arguments().get(0);
    Interval iv = bounded(call, d);
    long c = limits.rowsPerUnit();
    double lower = iv.lower();
    double upper = iv.upper();
    double mid = (lower + upper) / 2;
    double h = (upper - lower) / 2;
    double mag = CoordinateSet.magnitude(lower, upper);
    double dd = CoordinateSet.standIn(lower, upper);
    if (call.kind() == BoundaryCall.Kind.AVG
        && basis.of(family(call, iv, f)) == SharedBasis.Basis.PLAIN) {
      // AVG = Σclamp(x)/count: ∂/∂S = 1/n, ∂/∂n = −avg/n, avg² stood in for by mid² + d²
      int sum = plainSum(call, iv, filter, f);
      int count = familyCount(call, iv, filter, f);
      coords.weigh(sum, 1 / (mag * mag));
      coords.weigh(count, (mid * mid + dd * dd) / (mag * mag));
      return new OutputExpr.AvgFromSum(sum, count, lower, upper);
    }
    int[] cn = firstMoments(call, iv, filter, f);
    int centred = cn[0];
    int count = cn[1];
    int v = clamped(arg, iv);
    String x = column(arg);
    String m = text(mid);
    if (call.kind() == BoundaryCall.Kind.AVG) {
      coords.weigh(centred, 1 / (mag * mag));
      coords.weigh(count, dd * dd / (mag * mag));
      return new OutputExpr.AvgOf(centred, count, lower, upper);
    }
    RexNode value = partials.rowExpr(v);
    // pre-aggregated, the per-unit clamp [0, C·h²] is typed like the scaled sum (Calcite's
    // DECIMAL(19, 2)): exact squares only while that bound is exact and fits it (C·h² ≤ 2^53)
    boolean whole =
        Clamps.wholeSquares(value.getType(), lower, upper)
            && (!limits.preAggregate() || c * h * h <= 0x1p53);
    int sq =
        row(
            whole
                ? clamps.doubledSquare(value, lower, upper) // 4·(x − m)², exact in BIGINT
                : clamps.squaredDeviation(value, mid));
    int q = partial(new Partial(SqlKind.SUM, sq, filter));
    int squares =
        coordinate(
            Coordinate.Kind.SUM,
            "SUM((" + x + " - " + m + ")^2)" + f,
            c * h * h,
            ps -> whole ? clamps.quarter(ps.get(q)) : ps.get(q),
            0,
            c * h * h);
    double var = dd * dd;
    boolean stddev =
        call.kind() == BoundaryCall.Kind.STDDEV_POP || call.kind() == BoundaryCall.Kind.STDDEV_SAMP;
    double scale = stddev ? 0.25 : 1;
    coords.weigh(squares, scale / (var * var));
    coords.weigh(centred, scale * 4 * dd * dd / (var * var));
    coords.weigh(count, scale);
    boolean sample =
        call.kind() == BoundaryCall.Kind.VAR_SAMP || call.kind() == BoundaryCall.Kind.STDDEV_SAMP;
    return new OutputExpr.VarianceOf(centred, squares, count, lower, upper, sample, stddev);
  }

  /** COUNT(DISTINCT x): λ = 1 when x is the unit, else C ({@link DistinctCounts}). */
  private OutputExpr countDistinct(BoundaryCall call, int filter, String f) {
    int arg = call.arguments().get(0);
    String d = "COUNT(DISTINCT " + column(arg) + ")" + f;
    boolean units = DistinctCounts.countsUnits(boundary, call);
    long c = units ? 1 : limits.rowsPerUnit();
    int i;
    if (units && limits.preAggregate()) {
      int n = partial(new Partial(SqlKind.COUNT, nullable(arg) ? row(ref(arg)) : -1, filter));
      i = coordinate(Coordinate.Kind.COUNT, d, 1, ps -> ps.get(n), 0, 1);
    } else {
      RexNode x = ref(arg);
      if (filter >= 0) { // FILTER (WHERE f): CASE WHEN f THEN x END
        RelDataType t = rex.getTypeFactory().createTypeWithNullability(x.getType(), true);
        x =
            rex.makeCall(
                SqlStdOperatorTable.CASE, partials.rowExpr(filter), x, rex.makeNullLiteral(t));
      }
      int v = row(x);
      if (limits.preAggregate()) {
        i = coords.add(Coordinate.Kind.COUNT, d, c, true);
        if (i == partials.coordinateCount()) {
          partials.addCoordinate(new Coord(i, ps -> null, 0, c, v));
        }
      } else {
        int n = partial(new Partial(SqlKind.COUNT, v, -1, true));
        i = coordinate(Coordinate.Kind.COUNT, d, c, ps -> ps.get(n), 0, c);
      }
    }
    coords.weigh(i, 1);
    return new OutputExpr.CountOf(i);
  }

  /**
   * Each family's ({@link SharedBasis#family}) options, from the calls alone (nothing registered):
   * a SUM beside an AVG or VAR of the same column, FILTER and bounds may come from the centred
   * moments, and beside an AVG only also the AVG from the SUM; a SUM beside a COUNT that is the
   * family's own count may come from the centred sum and that count. A call the rewrite cannot
   * bound is skipped here (the build refuses it).
   */
  Map<String, List<SharedBasis.Basis>> options(List<BoundaryCall> calls) {
    Map<String, EnumSet<BoundaryCall.Kind>> kinds = new LinkedHashMap<>();
    Map<String, String> familyCounts = new LinkedHashMap<>();
    Set<String> counts = new HashSet<>();
    for (BoundaryCall call : calls) {
      String f =
          call.filterColumn() < 0 ? "" : " FILTER (WHERE " + column(call.filterColumn()) + ")";
      switch (call.kind()) {
        case COUNT_ROWS, COUNT_VALUES -> counts.add(countDescription(call) + f);
        case SUM, AVG, VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP -> {
          Interval iv;
          try {
            iv = bounded(call, CallText.describe(boundary, call));
          } catch (SQLException e) {
            continue;
          }
          String fam = family(call, iv, f);
          kinds.computeIfAbsent(fam, k -> EnumSet.noneOf(BoundaryCall.Kind.class)).add(call.kind());
          int arg = call.arguments().get(0);
          familyCounts.put(fam, (nullable(arg) ? "COUNT(" + column(arg) + ")" : "COUNT(*)") + f);
        }
        default -> {}
      }
    }
    Map<String, List<SharedBasis.Basis>> out = new LinkedHashMap<>();
    for (Map.Entry<String, EnumSet<BoundaryCall.Kind>> e : kinds.entrySet()) {
      EnumSet<BoundaryCall.Kind> k = e.getValue();
      if (!k.contains(BoundaryCall.Kind.SUM)) {
        continue;
      }
      boolean avg = k.contains(BoundaryCall.Kind.AVG);
      boolean variance = k.size() > (avg ? 2 : 1);
      if (avg && !variance) {
        out.put(
            e.getKey(),
            List.of(
                SharedBasis.Basis.SEPARATE, SharedBasis.Basis.CENTRED, SharedBasis.Basis.PLAIN));
      } else if (avg || variance || counts.contains(familyCounts.get(e.getKey()))) {
        out.put(e.getKey(), List.of(SharedBasis.Basis.SEPARATE, SharedBasis.Basis.CENTRED));
      }
    }
    return out;
  }

  private String family(BoundaryCall call, Interval iv, String f) {
    return SharedBasis.family(column(call.arguments().get(0)), f, iv);
  }

  private static String text(double v) {
    return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }

  private RexNode ref(int column) {
    return rex.makeInputRef(below, column);
  }

  private int countPartial(BoundaryCall call, int filter) {
    if (call.kind() == BoundaryCall.Kind.COUNT_ROWS || !nullable(call.arguments().get(0))) {
      return partial(new Partial(SqlKind.COUNT, -1, filter));
    }
    return partial(
        new Partial(SqlKind.COUNT, row(rex.makeInputRef(below, call.arguments().get(0))), filter));
  }

  private String countDescription(BoundaryCall call) {
    return call.kind() == BoundaryCall.Kind.COUNT_ROWS || !nullable(call.arguments().get(0))
        ? "COUNT(*)"
        : "COUNT(" + column(call.arguments().get(0)) + ")";
  }

  private int count(int partial, String description) {
    long c = limits.rowsPerUnit();
    return coordinate(Coordinate.Kind.COUNT, description, c, ps -> ps.get(partial), 0, c);
  }

  private int coordinate(
      Coordinate.Kind kind,
      String description,
      double sensitivity,
      Function<List<RexNode>, RexNode> value,
      double lo,
      double hi) {
    int before = coords.size();
    int i = coords.add(kind, description, sensitivity, kind == Coordinate.Kind.COUNT);
    if (i == before) {
      partials.addCoordinate(new Coord(i, value, lo, hi));
    }
    return i;
  }

  private Interval bounded(BoundaryCall call, String d) throws SQLException {
    return CallText.bounded(boundary, call, d, limits.rowsPerUnit());
  }

  /** The row-level field holding input column {@code arg} clamped to {@code iv}. */
  private int clamped(int arg, Interval iv) {
    RexNode x = rex.makeInputRef(below, arg);
    if (!unclamped.needed(arg, iv.lower(), iv.upper(), column(arg))) {
      return row(x); // the clamp would change no value (Unclamped)
    }
    return row(clamps.clamp(x, iv.lower(), iv.upper()));
  }

  private int row(RexNode e) {
    return partials.row(e);
  }

  private int partial(Partial p) {
    return partials.partial(p);
  }

  private boolean nullable(int column) {
    return below.getRowType().getFieldList().get(column).getType().isNullable();
  }

  private String column(int i) {
    return CallText.columnText(boundary, i);
  }
}
