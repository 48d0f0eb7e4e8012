package dev.dpjdbc.benchmarks.peers;

/**
 * First-order (delta-method) variances of the ratios a released AVG or VAR is computed from, with
 * independent noise on each noisy coordinate: Var f(c + e) ≈ Σ (∂f/∂c_i)² Var e_i at the true c.
 * The same approximation dpjdbc's confidence intervals use; accurate when the count is large next
 * to its noise (the relative error of the approximation is of order (sd_n / n)²).
 */
final class DeltaMethod {
  private DeltaMethod() {}

  /**
   * AVG = s/n + c from a sum s = Σ(x − c) and a count n: (Var s + (s/n)² Var n) / n² (∂/∂s = 1/n,
   * ∂/∂n = −s/n²).
   */
  static double ratio(double n, double s, double varS, double varN) {
    double r = s / n;
    return (varS + r * r * varN) / (n * n);
  }

  /**
   * VAR_POP = q/n − d² with q = Σ(x − c_q)², d = s/n + c_s − c_q, s = Σ(x − c_s), one count n: ∂/∂q
   * = 1/n, ∂/∂s = −2d/n, ∂/∂n = −q/n² + 2d·s/n².
   */
  static double variance(
      double n, double s, double q, double shift, double varS, double varQ, double varN) {
    double d = s / n + shift;
    double dq = 1 / n;
    double ds = -2 * d / n;
    double dn = -q / (n * n) + 2 * d * s / (n * n);
    return dq * dq * varQ + ds * ds * varS + dn * dn * varN;
  }

  /** STDDEV = √V: Var(V) / (4V). */
  static double sqrt(double varOfV, double v) {
    return varOfV / (4 * v);
  }
}
