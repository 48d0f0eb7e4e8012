package dev.dpjdbc.analyze.post;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/** Shape checks and rewrites of the post-processing expression (leaf, operators, ORDER BY). */
final class PostShapes {
  private PostShapes() {}

  /**
   * Refuses operators other than Project, Filter, Sort, Aggregate; checks the single leaf against
   * the released type; makes every unspecified null direction PostgreSQL's.
   */
  static RelNode normalise(RelNode rel, RelDataType released) throws SQLException {
    if (rel.getInputs().isEmpty()) {
      checkLeaf(rel, released);
      return rel;
    }
    if (!(rel instanceof Project
        || rel instanceof Filter
        || rel instanceof Sort
        || rel instanceof Aggregate)) {
      throw unsupported(
          rel.getRelTypeName()
              + " is not evaluated over released rows (only projections, filters, ORDER BY,"
              + " LIMIT/OFFSET and aggregates are)");
    }
    List<RelNode> inputs = new ArrayList<>();
    for (RelNode input : rel.getInputs()) {
      inputs.add(normalise(input, released));
    }
    RelNode copy =
        rel instanceof Sort sort
            ? sort.copy(
                sort.getTraitSet(),
                inputs.get(0),
                postgresNulls(sort.getCollation()),
                sort.offset,
                sort.fetch)
            : rel.copy(rel.getTraitSet(), inputs);
    return copy.accept(new PostRex(rel.getCluster().getRexBuilder()));
  }

  /** The single input-less rel under {@code rel}. */
  static RelNode leaf(RelNode rel) {
    RelNode r = rel;
    while (!r.getInputs().isEmpty()) {
      r = r.getInput(0);
    }
    return r;
  }

  /** {@code rel} with its leaf replaced by {@code leaf} (same row type). */
  static RelNode replaceLeaf(RelNode rel, RelNode leaf) {
    if (rel.getInputs().isEmpty()) {
      return leaf;
    }
    return rel.copy(rel.getTraitSet(), List.of(replaceLeaf(rel.getInput(0), leaf)));
  }

  /** {@code rel} with the node {@code target} (by identity) under it replaced. */
  static RelNode replaceAt(RelNode rel, RelNode target, RelNode replacement) {
    if (rel == target) {
      return replacement;
    }
    return rel.copy(rel.getTraitSet(), List.of(replaceAt(rel.getInput(0), target, replacement)));
  }

  /** What a global aggregate yields over no rows: COUNT and SUM0 zero, every other call NULL. */
  static Object[] emptyInputRow(Aggregate aggregate) {
    List<AggregateCall> calls = aggregate.getAggCallList();
    Object[] row = new Object[calls.size()];
    for (int i = 0; i < row.length; i++) {
      AggregateCall call = calls.get(i);
      if (call.getAggregation().getKind() == SqlKind.COUNT
          || call.getAggregation().getKind() == SqlKind.SUM0) {
        row[i] = zero(call.getType().getSqlTypeName());
      }
    }
    return row;
  }

  private static Object zero(SqlTypeName t) {
    return switch (t) {
      case TINYINT -> (byte) 0;
      case SMALLINT -> (short) 0;
      case INTEGER -> 0;
      case REAL -> 0f;
      case FLOAT, DOUBLE -> 0d;
      case DECIMAL -> BigDecimal.ZERO;
      default -> 0L;
    };
  }

  private static RelCollation postgresNulls(RelCollation collation) {
    List<RelFieldCollation> fields = new ArrayList<>();
    for (RelFieldCollation fc : collation.getFieldCollations()) {
      fields.add(
          fc.nullDirection == RelFieldCollation.NullDirection.UNSPECIFIED
              ? fc.withNullDirection(fc.direction.defaultNullDirection())
              : fc);
    }
    return RelCollations.of(fields);
  }

  private static void checkLeaf(RelNode leaf, RelDataType released) throws SQLException {
    List<RelDataTypeField> got = leaf.getRowType().getFieldList();
    List<RelDataTypeField> want = released.getFieldList();
    boolean ok = got.size() == want.size();
    for (int i = 0; ok && i < got.size(); i++) {
      ok =
          SqlTypeUtil.equalSansNullability(got.get(i).getType(), want.get(i).getType())
              || got.get(i).getType().getSqlTypeName() == want.get(i).getType().getSqlTypeName();
    }
    if (!ok) {
      throw unsupported(
          "the input of the post-processing ("
              + leaf.getRowType().getFullTypeString()
              + ") does not match the released row type ("
              + released.getFullTypeString()
              + "); build it over PostProcessor.placeholder(cluster, releasedRowType)");
    }
  }

  private static SQLException unsupported(String message) {
    return new SQLException(message, AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
  }
}
