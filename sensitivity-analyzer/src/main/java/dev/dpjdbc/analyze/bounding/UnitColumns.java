package dev.dpjdbc.analyze.bounding;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.privacy.PrivacyAnalysis;
import dev.dpjdbc.analyze.privacy.PrivacyUnit;
import dev.dpjdbc.analyze.privacy.RelPrivacy;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rex.RexNode;

/**
 * Makes the privacy unit a column of the boundary's input when the front end projected it away (the
 * aggregate did not need it, but per-unit bounding does): each Project on the way down to a
 * relation that still has the unit gets the unit's columns appended, so every existing column keeps
 * its index. The result is checked by the privacy analysis itself: the appended columns must be the
 * unit of the new relation, or the rewrite is refused.
 */
final class UnitColumns {
  /** A relation and the indexes of its unit columns. */
  record Exposed(RelNode rel, List<Integer> columns) {}

  private UnitColumns() {}

  static Exposed expose(RelNode rel, PrivacyAnalysis analysis) throws SQLException {
    Exposed e = exposeOrNull(rel, analysis);
    if (e == null) {
      throw refused(rel);
    }
    RelPrivacy facts = analysis.privacy(e.rel());
    PrivacyUnit unit = facts.isPrivate() ? facts.unit() : null;
    if (unit == null || !unit.alternatives().contains(e.columns())) {
      throw refused(rel);
    }
    return e;
  }

  private static Exposed exposeOrNull(RelNode rel, PrivacyAnalysis analysis) {
    RelPrivacy facts = analysis.privacy(rel);
    if (!facts.isPrivate()) {
      return null;
    }
    if (facts.unit().visible()) {
      return new Exposed(rel, facts.unit().columns());
    }
    if (rel instanceof Filter f) {
      Exposed in = exposeOrNull(f.getInput(), analysis);
      return in == null
          ? null
          : new Exposed(f.copy(f.getTraitSet(), in.rel(), f.getCondition()), in.columns());
    }
    if (rel instanceof Project p) {
      Exposed in = exposeOrNull(p.getInput(), analysis);
      if (in == null) {
        return null;
      }
      List<RexNode> projects = new ArrayList<>(p.getProjects());
      List<String> names = new ArrayList<>(p.getRowType().getFieldNames());
      List<Integer> unit = new ArrayList<>();
      for (int c : in.columns()) {
        unit.add(projects.size());
        projects.add(p.getCluster().getRexBuilder().makeInputRef(in.rel(), c));
        names.add("dp_unit" + unit.size());
      }
      RelNode copy =
          org.apache.calcite.rel.logical.LogicalProject.create(
              in.rel(), p.getHints(), projects, names, p.getVariablesSet());
      return new Exposed(copy, unit);
    }
    return null;
  }

  private static SQLException refused(RelNode rel) {
    return new SQLException(
        "dpjdbc cannot bound each person's contribution here: the privacy unit is not a column of"
            + " the rows the aggregate reads ("
            + rel.getRelTypeName().replace("Logical", "")
            + "). Select the unit column in the subquery, or aggregate the table directly.",
        AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
  }
}
