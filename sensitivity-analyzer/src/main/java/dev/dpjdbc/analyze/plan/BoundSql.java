package dev.dpjdbc.analyze.plan;

import java.util.List;
import java.util.Objects;

/**
 * A statement dpjdbc generated and where each of its {@code ?} parameters comes from, in the order
 * they appear in {@code sql}. {@code sql} holds no text the analyst wrote except through these
 * parameters: identifiers are the catalog's, quoted by dpjdbc; numbers dpjdbc derives itself (clamp
 * bounds, row limits) are written in plain decimal.
 */
public record BoundSql(String sql, List<ParameterSource> parameters) {
  public BoundSql {
    Objects.requireNonNull(sql, "sql");
    parameters = List.copyOf(parameters);
  }

  /** The highest analyst parameter index referenced plus one (0 when none is). */
  public int analystParametersReferenced() {
    return parameters.stream()
        .filter(ParameterSource.Analyst.class::isInstance)
        .mapToInt(p -> ((ParameterSource.Analyst) p).index() + 1)
        .max()
        .orElse(0);
  }
}
