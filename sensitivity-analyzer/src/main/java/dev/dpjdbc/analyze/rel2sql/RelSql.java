package dev.dpjdbc.analyze.rel2sql;

import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.rewrite.Backend;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.rel2sql.RelToSqlConverter;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDialect;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.sql.util.SqlString;
import org.apache.calcite.util.Litmus;

/**
 * Emits a relational plan as SQL in the backend's dialect with Calcite's {@link RelToSqlConverter},
 * every literal turned into a bind parameter first: the SQL text then holds only keywords, dpjdbc's
 * own names and the catalog's identifiers, and each {@code ?} is described by a {@link
 * ParameterSource} in the order the SQL text shows them (Calcite's {@link
 * SqlString#getDynamicParameters()}), so no analyst literal is ever spliced into text.
 *
 * <p>Range searches ({@code SEARCH} with a Sarg, Calcite's form of IN lists and BETWEEN) are
 * expanded back to comparisons first. {@link LiteralParameters} turns the literals into parameters
 * (what stays text, and the spellings of intervals and of functions H2 lacks, are listed there);
 * {@link EmitDialect} keeps every CAST the plan has and spells the types Calcite's dialects cannot.
 * The analyst's own parameters keep their index.
 */
public final class RelSql {
  private RelSql() {}

  /** {@code rel} as SQL for {@code backend}, with its parameters. */
  public static BoundSql emit(RelNode rel, Backend backend) {
    List<ParameterSource> byIndex = new ArrayList<>();
    RexBuilder rex = rel.getCluster().getRexBuilder();
    RelNode parameterised =
        rel.accept(new BackendNames())
            .accept(
                new ParamShuttle(
                    RexUtil.searchShuttle(rex, null, -1),
                    new LiteralParameters(rex, byIndex, backend)));
    SqlDialect dialect = EmitDialect.of(backend);
    RelToSqlConverter converter = new RelToSqlConverter(dialect);
    SqlNode node = converter.visitRoot(parameterised).asStatement().accept(GROUP_BY_ALIASES);
    SqlString text = node.toSqlString(c -> c.withDialect(dialect).withQuoteAllIdentifiers(true));
    List<ParameterSource> ordered = new ArrayList<>();
    if (text.getDynamicParameters() != null) {
      for (int index : text.getDynamicParameters()) {
        ordered.add(byIndex.get(index));
      }
    }
    return new BoundSql(text.getSql(), ordered);
  }

  /**
   * Groups by a select item's alias instead of repeating its expression: with every literal a
   * separate parameter, {@code GROUP BY CASE WHEN age < ? ...} would not match the select list's
   * {@code CASE WHEN age < ? ...} (PostgreSQL compares the texts, and the parameters differ).
   * PostgreSQL and H2 both resolve a GROUP BY name to an output column when no input column has it;
   * the aliases are dpjdbc's own ({@code dp_k0}, ...).
   */
  private static final SqlShuttle GROUP_BY_ALIASES =
      new SqlShuttle() {
        @Override
        public SqlNode visit(SqlCall call) {
          if (call instanceof SqlSelect select && select.getGroup() != null) {
            List<SqlNode> group = new ArrayList<>();
            for (SqlNode g : select.getGroup()) {
              group.add(g instanceof SqlIdentifier ? g : aliasOf(select, g));
            }
            select.setGroupBy(new SqlNodeList(group, select.getGroup().getParserPosition()));
          }
          return super.visit(call);
        }
      };

  private static SqlNode aliasOf(SqlSelect select, SqlNode expr) {
    for (SqlNode item : select.getSelectList()) {
      if (item instanceof SqlCall as
          && as.getKind() == SqlKind.AS
          && as.operand(0).equalsDeep(expr, Litmus.IGNORE)
          && as.operand(1) instanceof SqlIdentifier alias
          && alias.getSimple().startsWith("dp_")) {
        return alias;
      }
    }
    return expr;
  }

  /**
   * Scans of catalog tables under the backend's own spelling of schema, table and columns (H2
   * stores unquoted names in upper case; the front end shows them in lower case), so the quoted
   * names of the generated SQL are the ones the backend has.
   */
  private static final class BackendNames extends org.apache.calcite.rel.RelShuttleImpl {
    @Override
    public RelNode visit(org.apache.calcite.rel.core.TableScan scan) {
      dev.dpjdbc.analyze.sql2rel.CatalogTable t =
          scan.getTable().unwrap(dev.dpjdbc.analyze.sql2rel.CatalogTable.class);
      if (t == null) {
        return scan;
      }
      org.apache.calcite.rel.type.RelDataTypeFactory.Builder type =
          scan.getCluster().getTypeFactory().builder();
      List<org.apache.calcite.rel.type.RelDataTypeField> fields = scan.getRowType().getFieldList();
      for (int i = 0; i < fields.size(); i++) {
        type.add(t.column(i).name(), fields.get(i).getType());
      }
      List<String> names = new ArrayList<>();
      if (t.meta().schema() != null) {
        names.add(t.meta().schema());
      }
      names.add(t.meta().name());
      org.apache.calcite.plan.RelOptTable table =
          org.apache.calcite.prepare.RelOptTableImpl.create(
              scan.getTable().getRelOptSchema(),
              type.build(),
              com.google.common.collect.ImmutableList.copyOf(names),
              null);
      return org.apache.calcite.rel.logical.LogicalTableScan.create(
          scan.getCluster(), table, scan.getHints());
    }
  }

  /** Applies {@link Literals} to every expression of every relation. */
  private static final class ParamShuttle extends RelHomogeneousShuttle {
    private final RexShuttle searches;
    private final RexShuttle literals;

    ParamShuttle(RexShuttle searches, RexShuttle literals) {
      this.searches = searches;
      this.literals = literals;
    }

    @Override
    public RelNode visit(RelNode other) {
      RelNode visited = super.visit(other);
      // SEARCH(x, Sarg[...]) back to comparisons, so each of its values becomes a parameter
      return visited.accept(searches).accept(literals);
    }
  }
}
