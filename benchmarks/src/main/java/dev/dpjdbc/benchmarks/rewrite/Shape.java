package dev.dpjdbc.benchmarks.rewrite;

import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.plan.ParameterSource;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Objects;

/**
 * One candidate statement for the backend: a short name (the column of the ratio table), the SQL
 * and its bind parameters, in order. Any generator can produce one: the old analyzer's plan ({@link
 * #of(String, BoundSql)} on {@code plan.rewritten()}), the new analyzer's {@code RelSql.emit}
 * output (also a {@link BoundSql}), or a hand-written candidate with no parameters.
 *
 * <p>Only {@link ParameterSource.Constant} parameters can be bound: a benchmark has no analyst
 * {@code ?} values.
 */
public record Shape(String name, String sql, List<ParameterSource> params) {
  public Shape {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(sql, "sql");
    params = List.copyOf(params);
    for (ParameterSource p : params) {
      if (!(p instanceof ParameterSource.Constant)) {
        throw new IllegalArgumentException(
            "shape " + name + ": only constant parameters can be bound in a benchmark, not " + p);
      }
    }
  }

  /** A statement without parameters. */
  public static Shape of(String name, String sql) {
    return new Shape(name, sql, List.of());
  }

  /** A generated statement with its parameters. */
  public static Shape of(String name, BoundSql bound) {
    return new Shape(name, bound.sql(), bound.parameters());
  }

  /** Binds {@link #params} to {@code ps}, 1-based, each with its JDBC type. */
  void bind(PreparedStatement ps) throws SQLException {
    for (int i = 0; i < params.size(); i++) {
      ParameterSource.Constant c = (ParameterSource.Constant) params.get(i);
      ps.setObject(i + 1, c.value(), c.jdbcType());
    }
  }
}
