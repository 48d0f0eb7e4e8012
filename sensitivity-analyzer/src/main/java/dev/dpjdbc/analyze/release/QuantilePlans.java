package dev.dpjdbc.analyze.release;

import dev.dpjdbc.analyze.boundary.Boundary;
import dev.dpjdbc.analyze.boundary.BoundaryCall;
import dev.dpjdbc.analyze.bounding.QuantileRewrite;
import dev.dpjdbc.analyze.plan.QuantileRelease;
import dev.dpjdbc.analyze.rel2sql.RelSql;
import dev.dpjdbc.analyze.rewrite.Backend;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The quantiles' part of a plan: each histogram plan of the rewrite emitted as backend SQL with its
 * literals bound ({@link RelSql}), and MEDIAN refused where the backend has no such function.
 */
final class QuantilePlans {
  private QuantilePlans() {}

  static QuantileRelease emit(Boundary boundary, QuantileRewrite q, Backend backend)
      throws SQLException {
    if (backend == Backend.POSTGRESQL) {
      for (BoundaryCall c : boundary.calls()) {
        if (c.kind() == BoundaryCall.Kind.MEDIAN) {
          throw new SQLException(
              "function median() does not exist in PostgreSQL; write PERCENTILE_CONT(0.5) WITHIN"
                  + " GROUP (ORDER BY x)",
              "42883");
        }
      }
    }
    if (q.quantiles().isEmpty()) {
      return QuantileRelease.NONE;
    }
    List<QuantileRelease.Histogram> hs = new ArrayList<>();
    for (QuantileRewrite.HistogramRel h : q.histograms()) {
      hs.add(
          new QuantileRelease.Histogram(
              h.column(),
              RelSql.emit(h.rel(), backend),
              h.lower(),
              h.upper(),
              h.origin(),
              h.fineWidth(),
              h.fineBuckets(),
              h.integral(),
              h.rowsPerUnit(),
              h.groupsPerUnit()));
    }
    return new QuantileRelease(hs, q.quantiles());
  }
}
