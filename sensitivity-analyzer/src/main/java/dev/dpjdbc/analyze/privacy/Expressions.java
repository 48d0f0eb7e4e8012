package dev.dpjdbc.analyze.privacy;

import java.util.List;
import java.util.Optional;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;

/**
 * Row expressions that read more than their own row: window functions and subquery expressions.
 * Over private rows they would mix units, so a projection holding one is AMBIGUOUS — except a
 * window partitioned by the unit, which reads only its own unit's rows (the per-unit ROW_NUMBER()
 * of contribution bounding is one).
 */
final class Expressions {
  static final String SUBQUERY =
      "a subquery expression was not turned into a join (the front end must run the subquery"
          + " removal rules): its rows cannot be analysed";

  private Expressions() {}

  /** Why {@code exprs} over {@code in} would read other units' rows, or empty. */
  static Optional<String> crossUnit(List<RexNode> exprs, RelPrivacy in) {
    for (RexNode e : exprs) {
      if (RexUtil.SubQueryFinder.find(e) != null) {
        return Optional.of(SUBQUERY);
      }
    }
    if (!in.isPrivate() || !RexOver.containsOver(exprs, null)) {
      return Optional.empty();
    }
    boolean[] perUnit = {true};
    RexShuttle check =
        new RexShuttle() {
          @Override
          public RexNode visitOver(RexOver over) {
            perUnit[0] &= partitionedByUnit(over.getWindow().partitionKeys, in.unit());
            return super.visitOver(over);
          }
        };
    exprs.forEach(e -> e.accept(check));
    if (perUnit[0]) {
      return Optional.empty();
    }
    return Optional.of(
        "a window function over private rows reads other units' rows; only a window"
            + " partitioned by the unit ("
            + in.unit().path()
            + ") is allowed below the aggregate");
  }

  private static boolean partitionedByUnit(List<RexNode> keys, PrivacyUnit unit) {
    for (List<Integer> alt : unit.alternatives()) {
      boolean all = true;
      for (int c : alt) {
        all &= keys.stream().anyMatch(k -> k instanceof RexInputRef r && r.getIndex() == c);
      }
      if (all) {
        return true;
      }
    }
    return false;
  }
}
