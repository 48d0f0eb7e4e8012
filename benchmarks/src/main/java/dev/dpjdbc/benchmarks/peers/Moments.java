package dev.dpjdbc.benchmarks.peers;

/** The exact statistics of one column in one group: n rows, Σx and Σx². */
record Moments(double n, double sum, double sumSq) {
  /** Σ(x − c) = Σx − n·c. */
  double centredSum(double c) {
    return sum - n * c;
  }

  /** Σ(x − c)² = Σx² − 2cΣx + n·c². */
  double centredSquares(double c) {
    return sumSq - 2 * c * sum + n * c * c;
  }

  double mean() {
    return sum / n;
  }

  /** The population variance Σx²/n − (Σx/n)². */
  double variance() {
    return sumSq / n - mean() * mean();
  }
}
