package dev.dpjdbc.analyze.privacy;

import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.bounds.TableBounds.Domain;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Calc;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.metadata.MetadataDef;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.ReflectiveRelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.rex.RexUtil;

/**
 * The handler of {@link PrivacyMetadata}: one method per kind of relational expression, each asking
 * for its inputs' facts through the {@link PrivacyMetadataQuery} (which memoises them) and applying
 * its rule. Stateless; the per-query context (the table facts) travels in the query. Relational
 * expressions without a rule are public over public inputs and AMBIGUOUS over private ones (window
 * functions, correlates that were not decorrelated, table functions, ...).
 */
public class RelMdPrivacy implements MetadataHandler<PrivacyMetadata> {
  /** The provider to chain before Calcite's default metadata. */
  public static final RelMetadataProvider SOURCE =
      ReflectiveRelMetadataProvider.reflectiveSource(
          new RelMdPrivacy(), PrivacyMetadata.Handler.class);

  protected RelMdPrivacy() {}

  @Override
  public MetadataDef<PrivacyMetadata> getDef() {
    return PrivacyMetadata.DEF;
  }

  private static RelPrivacy of(RelNode input, RelMetadataQuery mq) {
    return PrivacyMetadataQuery.of(mq).privacy(input);
  }

  public RelPrivacy privacy(TableScan scan, RelMetadataQuery mq) {
    return ScanPrivacy.of(scan, PrivacyMetadataQuery.of(mq).tables());
  }

  public RelPrivacy privacy(Filter filter, RelMetadataQuery mq) {
    RelPrivacy in = of(filter.getInput(), mq);
    List<String> names = filter.getRowType().getFieldNames();
    Optional<RelPrivacy> beyond = RelPrivacy.beyondRule(List.of(in), names, "the filter");
    if (beyond.isPresent()) {
      return beyond.get();
    }
    if (RexUtil.SubQueryFinder.find(filter.getCondition()) != null) {
      return RelPrivacy.ambiguous(Expressions.SUBQUERY, in.columns());
    }
    return in.withColumns(
        FilterNarrowing.narrow(
            in.columns(), filter.getCondition(), filter.getInput().getRowType()));
  }

  public RelPrivacy privacy(Project project, RelMetadataQuery mq) {
    return project(
        project.getProjects(),
        project.getRowType().getFieldNames(),
        of(project.getInput(), mq),
        PrivacyMetadataQuery.of(mq).tables().maxDomainValues());
  }

  public RelPrivacy privacy(Calc calc, RelMetadataQuery mq) {
    RelPrivacy in = of(calc.getInput(), mq);
    RexProgram program = calc.getProgram();
    List<String> names = calc.getRowType().getFieldNames();
    Optional<RelPrivacy> beyond = RelPrivacy.beyondRule(List.of(in), names, "the calc");
    if (beyond.isPresent()) {
      return beyond.get();
    }
    if (program.getCondition() != null) {
      RexNode cond = program.expandLocalRef(program.getCondition());
      if (RexUtil.SubQueryFinder.find(cond) != null) {
        return RelPrivacy.ambiguous(Expressions.SUBQUERY, in.columns());
      }
      in = in.withColumns(FilterNarrowing.narrow(in.columns(), cond, program.getInputRowType()));
    }
    List<RexNode> exprs = program.getProjectList().stream().map(program::expandLocalRef).toList();
    return project(exprs, names, in, PrivacyMetadataQuery.of(mq).tables().maxDomainValues());
  }

  static RelPrivacy project(
      List<RexNode> exprs, List<String> names, RelPrivacy in, int maxDomainValues) {
    Optional<RelPrivacy> beyond = RelPrivacy.beyondRule(List.of(in), names, "the projection");
    if (beyond.isPresent()) {
      return beyond.get();
    }
    Optional<String> refused = Expressions.crossUnit(exprs, in);
    if (refused.isPresent()) {
      return RelPrivacy.ambiguous(refused.get(), names.stream().map(ColumnFacts::unknown).toList());
    }
    ExprFacts facts = new ExprFacts(in.columns(), maxDomainValues);
    List<ColumnFacts> cols = new ArrayList<>();
    for (int i = 0; i < exprs.size(); i++) {
      cols.add(facts.column(names.get(i), exprs.get(i)));
    }
    if (in.isPublic()) {
      return RelPrivacy.publicRel(cols);
    }
    PrivacyUnit u =
        in.unit()
            .remap(
                c -> {
                  for (int j = 0; j < exprs.size(); j++) {
                    if (exprs.get(j) instanceof RexInputRef r && r.getIndex() == c) {
                      return j;
                    }
                  }
                  return -1;
                },
                "projected away: not among the output columns");
    return RelPrivacy.privateRel(u, in.rowsPerUnit(), cols);
  }

  public RelPrivacy privacy(Join join, RelMetadataQuery mq) {
    if (RexUtil.SubQueryFinder.find(join.getCondition()) != null) {
      return RelPrivacy.ambiguous(
          Expressions.SUBQUERY,
          join.getRowType().getFieldNames().stream().map(ColumnFacts::unknown).toList());
    }
    return JoinPrivacy.of(join, of(join.getLeft(), mq), of(join.getRight(), mq), mq);
  }

  public RelPrivacy privacy(Aggregate aggregate, RelMetadataQuery mq) {
    return AggregatePrivacy.of(aggregate, of(aggregate.getInput(), mq));
  }

  public RelPrivacy privacy(SetOp setOp, RelMetadataQuery mq) {
    return SetOpPrivacy.of(setOp, setOp.getInputs().stream().map(i -> of(i, mq)).toList());
  }

  public RelPrivacy privacy(Values values, RelMetadataQuery mq) {
    List<String> names = values.getRowType().getFieldNames();
    List<ColumnFacts> cols = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      Range r = Range.EMPTY;
      List<Domain> ds = new ArrayList<>();
      for (List<RexLiteral> row : values.getTuples()) {
        RexLiteral lit = row.get(i);
        r = r.hull(DatetimeRanges.literal(lit));
        Comparable<?> raw = Domains.raw(lit);
        Object v =
            raw == null
                ? null
                : Domains.value(raw, values.getRowType().getFieldList().get(i).getType());
        ds.add(new Domain(v == null ? List.of() : List.of(v), "VALUES"));
      }
      Interval iv =
          r.isEmpty() || r.isAll() ? Interval.UNBOUNDED : Interval.of(r.lo(), r.hi(), "VALUES");
      cols.add(new ColumnFacts(names.get(i), iv, Domains.union(ds, "VALUES"), null));
    }
    return RelPrivacy.publicRel(cols);
  }

  public RelPrivacy privacy(Sort sort, RelMetadataQuery mq) {
    RelPrivacy in = of(sort.getInput(), mq);
    if (in.isPrivate() && (sort.fetch != null || sort.offset != null)) {
      return RelPrivacy.ambiguous(
          "LIMIT/OFFSET over private rows: which rows are kept depends on other units' rows;"
              + " put the LIMIT above the aggregate",
          in.columns());
    }
    Optional<RelPrivacy> beyond =
        RelPrivacy.beyondRule(List.of(in), sort.getRowType().getFieldNames(), "the sort");
    return beyond.orElse(in);
  }

  /** Any other relational expression. */
  public RelPrivacy privacy(RelNode rel, RelMetadataQuery mq) {
    List<RelPrivacy> ins = rel.getInputs().stream().map(i -> of(i, mq)).toList();
    List<String> names = rel.getRowType().getFieldNames();
    Optional<RelPrivacy> beyond = RelPrivacy.beyondRule(ins, names, rel.getRelTypeName());
    if (beyond.isPresent()) {
      return beyond.get();
    }
    List<ColumnFacts> cols = names.stream().map(ColumnFacts::unknown).toList();
    if (ins.stream().allMatch(RelPrivacy::isPublic)) {
      return RelPrivacy.publicRel(cols);
    }
    return RelPrivacy.ambiguous(
        rel.getRelTypeName()
            + " over private rows is not supported by the privacy analysis (window functions,"
            + " correlated subqueries that could not be decorrelated, table functions)",
        cols);
  }
}
