package dev.dpjdbc.benchmarks.peers;

import dev.dpjdbc.mechanisms.calibrate.AnalyticGaussian;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The allocations other systems use for a multi-aggregate query, as analytic per-column variances
 * from the same bounds, the same (ε, δ) and the same L0 (groups one privacy unit may touch; one row
 * per unit and group). Each peer's mechanism and composition, as its documentation and code state
 * them:
 *
 * <ul>
 *   <li>{@link #ZETASQL}: ZetaSQL / BigQuery differential privacy. ε and δ are split equally over
 *       the K aggregates of the query; each aggregate is one of Google's DP library algorithms with
 *       Laplace noise (the default): COUNT b = L0/ε_K; SUM b = L0·max(|L|,|U|)/ε_K; AVG is
 *       BoundedMean — half of ε_K to a count, half to a sum centred at the midpoint (sensitivity
 *       (U−L)/2), mean = ratio + midpoint; VAR_POP is BoundedVariance — a quarter of ε_K each to
 *       two counts, a centred sum and a sum of squares centred at the midpoint of the squares'
 *       range (sensitivity half that range); STDDEV_POP is the square root of a BoundedVariance at
 *       ε_K.
 *   <li>{@link #GOOGLE_GAUSSIAN}: the same algorithms and splits (the BoundedMean split) with the
 *       library's Gaussian noise, calibrated analytically (Balle–Wang) on the ℓ2 sensitivity
 *       √L0·L∞, δ split like ε.
 *   <li>{@link #QRLEW}: every aggregate is rewritten into noisy sums (COUNT: a sum of ones; SUM: a
 *       sum; AVG: a sum of x over a sum of ones, uncentred; VAR/STDDEV unsupported), and (ε, δ) is
 *       split equally over those M sums; Gaussian noise with the classic calibration σ = Δ₂·√(2
 *       ln(1.25 M/δ))·M/ε, Δ₂ = √L0·max(|L|,|U|).
 *   <li>{@link #SMARTNOISE}: SmartNoise SQL noises the distinct base aggregates (a count, Σx, Σx²)
 *       and derives AVG = Σx/n and VAR = Σx²/n − (Σx/n)²; each base aggregate is charged the full ε
 *       (Laplace, b = L0·sensitivity/ε with the uncentred sensitivities max|x| and max x²), so the
 *       query really costs K′·ε for K′ base aggregates. {@link #SMARTNOISE_SAME_TOTAL} rescales it
 *       to the same total: ε/K′ each.
 * </ul>
 *
 * AVG and VAR variances are first order ({@link DeltaMethod}), the approximation dpjdbc's own
 * intervals use; a peer that does not support an aggregate gives NaN.
 */
enum Peer {
  ZETASQL("ZetaSQL/BigQuery (equal split, Laplace)"),
  GOOGLE_GAUSSIAN("Google DP library (equal split, Gaussian)"),
  QRLEW("Qrlew (equal split over sums, Gaussian)"),
  SMARTNOISE("SmartNoise SQL (full ε per column)"),
  SMARTNOISE_SAME_TOTAL("SmartNoise SQL rescaled to the same total");

  final String label;

  Peer(String label) {
    this.label = label;
  }

  /** The ε the peer really spends on the query when given {@code epsilon}. */
  double costEpsilon(List<Agg> aggs, double epsilon) {
    return this == SMARTNOISE ? baseAggregates(aggs).size() * epsilon : epsilon;
  }

  /**
   * The variance of each released column (NaN where the peer cannot release it).
   *
   * @param stats per aggregate, the exact moments of its column in the group (for COUNT: n in
   *     {@link Moments#n()})
   */
  double[] variances(List<Agg> aggs, Moments[] stats, double epsilon, double delta, int l0) {
    double[] v = new double[aggs.size()];
    int k = aggs.size();
    for (int i = 0; i < k; i++) {
      Agg a = aggs.get(i);
      Moments m = stats[i];
      v[i] =
          switch (this) {
            case ZETASQL, GOOGLE_GAUSSIAN -> google(a, m, epsilon / k, delta / k, l0);
            case QRLEW -> qrlew(a, m, epsilon, delta, l0, qrlewSums(aggs));
            case SMARTNOISE -> smartnoise(a, m, epsilon, l0);
            case SMARTNOISE_SAME_TOTAL ->
                smartnoise(a, m, epsilon / baseAggregates(aggs).size(), l0);
          };
    }
    return v;
  }

  /** One of Google's algorithms at (e, d) for aggregate a. */
  private double google(Agg a, Moments m, double e, double d, int l0) {
    double n = m.n();
    return switch (a.kind()) {
      case COUNT -> noise(1, l0, e, d);
      case SUM -> noise(a.maxAbs(), l0, e, d);
      case AVG ->
          DeltaMethod.ratio(
              n,
              m.centredSum(a.mid()),
              noise(a.half(), l0, e / 2, d / 2),
              noise(1, l0, e / 2, d / 2));
      case VAR_POP -> googleVariance(a, m, e, d, l0);
      case STDDEV_POP -> DeltaMethod.sqrt(googleVariance(a, m, e, d, l0), m.variance());
    };
  }

  /**
   * BoundedVariance: V = (q/n₂ + m₂) − (s/n₁ + m)², s = Σ(x − m), q = Σx² − n·m₂, four parts at e/4
   * each; the two counts are independent draws.
   */
  private double googleVariance(Agg a, Moments m, double e, double d, int l0) {
    double n = m.n();
    double varN = noise(1, l0, e / 4, d / 4);
    double varS = noise(a.half(), l0, e / 4, d / 4);
    double varQ = noise(a.rangeOfSquares() / 2, l0, e / 4, d / 4);
    double mu = m.mean();
    double q = m.sumSq() - n * a.midOfSquares();
    double s = m.centredSum(a.mid());
    // ∂V/∂q = 1/n, ∂V/∂n₂ = −q/n², ∂V/∂s = −2μ/n, ∂V/∂n₁ = 2μ·s/n²
    return varQ / (n * n)
        + sq(q / (n * n)) * varN
        + sq(2 * mu / n) * varS
        + sq(2 * mu * s / (n * n)) * varN;
  }

  private double noise(double linf, int l0, double e, double d) {
    if (this == ZETASQL) {
      return laplaceVariance(l0 * linf, e);
    }
    double sigma = AnalyticGaussian.sigma(Math.sqrt(l0) * linf, e, d);
    return sigma * sigma;
  }

  /** Qrlew's noisy sums: a count per COUNT, a sum per SUM, a count and a sum per AVG. */
  static int qrlewSums(List<Agg> aggs) {
    int m = 0;
    for (Agg a : aggs) {
      m +=
          switch (a.kind()) {
            case COUNT, SUM -> 1;
            case AVG -> 2;
            case VAR_POP, STDDEV_POP -> 0;
          };
    }
    return m;
  }

  private static double qrlew(Agg a, Moments m, double eps, double delta, int l0, int sums) {
    double e = eps / sums;
    double d = delta / sums;
    return switch (a.kind()) {
      case COUNT -> classicVariance(Math.sqrt(l0), e, d);
      case SUM -> classicVariance(Math.sqrt(l0) * a.maxAbs(), e, d);
      case AVG ->
          DeltaMethod.ratio(
              m.n(),
              m.sum(),
              classicVariance(Math.sqrt(l0) * a.maxAbs(), e, d),
              classicVariance(Math.sqrt(l0), e, d));
      case VAR_POP, STDDEV_POP -> Double.NaN;
    };
  }

  /** SmartNoise's distinct base aggregates: "count", "sum:x", "sumsq:x". */
  static Set<String> baseAggregates(List<Agg> aggs) {
    Set<String> base = new LinkedHashSet<>();
    for (Agg a : aggs) {
      switch (a.kind()) {
        case COUNT -> base.add("count");
        case SUM -> base.add("sum:" + a.column());
        case AVG -> {
          base.add("sum:" + a.column());
          base.add("count");
        }
        case VAR_POP, STDDEV_POP -> {
          base.add("sumsq:" + a.column());
          base.add("sum:" + a.column());
          base.add("count");
        }
      }
    }
    return base;
  }

  private static double smartnoise(Agg a, Moments m, double e, int l0) {
    double n = m.n();
    double varN = laplaceVariance(l0, e);
    return switch (a.kind()) {
      case COUNT -> varN;
      case SUM -> laplaceVariance(l0 * a.maxAbs(), e);
      case AVG -> DeltaMethod.ratio(n, m.sum(), laplaceVariance(l0 * a.maxAbs(), e), varN);
      case VAR_POP, STDDEV_POP -> {
        double v =
            DeltaMethod.variance(
                n,
                m.sum(),
                m.sumSq(),
                0,
                laplaceVariance(l0 * a.maxAbs(), e),
                laplaceVariance(l0 * a.maxSquare(), e),
                varN);
        yield a.kind() == Agg.Kind.VAR_POP ? v : DeltaMethod.sqrt(v, m.variance());
      }
    };
  }

  /** Laplace noise of scale l1/ε has variance 2(l1/ε)². */
  static double laplaceVariance(double l1, double epsilon) {
    double b = l1 / epsilon;
    return 2 * b * b;
  }

  /** The classic Gaussian mechanism (Dwork–Roth Thm A.1): σ = Δ₂·√(2 ln(1.25/δ))/ε. */
  static double classicVariance(double l2, double epsilon, double delta) {
    double sigma = l2 * Math.sqrt(2 * Math.log(1.25 / delta)) / epsilon;
    return sigma * sigma;
  }

  private static double sq(double x) {
    return x * x;
  }
}
