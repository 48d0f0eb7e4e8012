package dev.dpjdbc.driver.jdbc;

/**
 * A confidence interval of one released value: the true value of the (clamped) query the analyzer
 * ran lies in [low, high] with probability at least {@code confidence} for COUNT and SUM (exact,
 * from the noise the driver drew), approximately for AVG, VAR and STDDEV (the delta method).
 * Computed from the noisy values and public noise scales only: it costs no privacy.
 *
 * @param low the lower end
 * @param high the upper end, {@code >= low}
 * @param confidence the confidence, in (0, 1) ({@code dp.confidence} when the query ran)
 */
public record ConfidenceInterval(double low, double high, double confidence) {}
