package dev.dpjdbc.analyze.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.sql.validate.SelectScope;
import org.apache.calcite.sql.validate.SqlMoniker;
import org.apache.calcite.sql.validate.SqlValidatorCatalogReader;
import org.apache.calcite.sql.validate.SqlValidatorImpl;
import org.apache.calcite.util.Litmus;

/**
 * Calcite's validator with PostgreSQL's name resolution in GROUP BY and HAVING.
 *
 * <p>BABEL conformance lets GROUP BY name an output column ({@code GROUP BY gender} for {@code sex
 * AS gender}) or give its position ({@code GROUP BY 1}), as PostgreSQL does; but where a name is
 * both an output alias and an input column, Calcite takes the alias and PostgreSQL the input column
 * (PostgreSQL 14 manual, SELECT: "In case of ambiguity, a GROUP BY name will be interpreted as an
 * input-column name rather than an output column name"). So in {@code SELECT sex AS gender, educ AS
 * sex ... GROUP BY sex, educ} Calcite would group by educ twice. Before Calcite expands aliases,
 * this validator qualifies every simple name in GROUP BY that names exactly one column of the
 * SELECT's own FROM items ({@code sex} → {@code employees.sex}); Calcite only replaces unqualified
 * names by aliases, so the input column wins. HAVING gets the same treatment (PostgreSQL does not
 * look at output aliases in HAVING at all; Calcite's BABEL conformance does, after input columns
 * here), and so do names inside ORDER BY expressions; a bare ORDER BY name prefers the output
 * column in both.
 *
 * <p>Used by both analyzers: the relational front end ({@code sql2rel.RelFrontEnd}) and the old
 * one's {@link QueryValidator}.
 */
public final class PostgresValidator extends SqlValidatorImpl {
  /** A validator over {@code catalogReader}; see {@link SqlValidatorImpl}'s constructor. */
  public PostgresValidator(
      SqlOperatorTable operators,
      SqlValidatorCatalogReader catalogReader,
      RelDataTypeFactory typeFactory,
      Config config) {
    super(operators, catalogReader, typeFactory, config);
  }

  @Override
  protected void validateGroupClause(SqlSelect select) {
    SqlNodeList group = select.getGroup();
    if (group != null) {
      select.setGroupBy((SqlNodeList) group.accept(new InputColumnsFirst(select)));
    }
    super.validateGroupClause(select);
  }

  @Override
  protected void validateHavingClause(SqlSelect select) {
    SqlNode having = select.getHaving();
    if (having != null) {
      select.setHaving(having.accept(new InputColumnsFirst(select)));
    }
    super.validateHavingClause(select);
  }

  /**
   * ORDER BY a name that several output columns have, all with the same expression ({@code SELECT a
   * AS x, a AS x ... ORDER BY x}): PostgreSQL orders by it, Calcite calls it ambiguous; the name
   * becomes the position of the first.
   */
  @Override
  protected void validateOrderList(SqlSelect select) {
    SqlNodeList order = select.getOrderList();
    if (order != null) {
      List<SqlNode> items = new ArrayList<>();
      for (SqlNode item : order) {
        SqlNode core = item;
        while (core instanceof SqlCall call
            && (core.getKind() == SqlKind.DESCENDING
                || core.getKind() == SqlKind.NULLS_FIRST
                || core.getKind() == SqlKind.NULLS_LAST)) {
          core = call.operand(0);
        }
        Integer position =
            core instanceof SqlIdentifier id && id.isSimple()
                ? samePosition(select, id.getSimple())
                : null;
        items.add(
            position == null
                ? item
                : item.accept(
                    new Replace(
                        core,
                        SqlLiteral.createExactNumeric(
                            position.toString(), core.getParserPosition()))));
      }
      select.setOrderBy(new SqlNodeList(items, order.getParserPosition()));
    }
    super.validateOrderList(select);
  }

  /**
   * ORDER BY: a bare name prefers the output column (as in Calcite), but a name inside an
   * expression ({@code ORDER BY educ + 0}) is an input column in PostgreSQL, while Calcite would
   * still take the output alias.
   */
  @Override
  public SqlNode expandOrderExpr(SqlSelect select, SqlNode orderExpr) {
    SqlNode core = orderExpr;
    while (core instanceof SqlCall call
        && (core.getKind() == SqlKind.DESCENDING
            || core.getKind() == SqlKind.NULLS_FIRST
            || core.getKind() == SqlKind.NULLS_LAST)) {
      core = call.operand(0);
    }
    if (core instanceof SqlIdentifier || core instanceof SqlLiteral) {
      return super.expandOrderExpr(select, orderExpr);
    }
    return super.expandOrderExpr(select, orderExpr.accept(new InputColumnsFirst(select)));
  }

  /**
   * The 1-based position of the first output column named {@code name} when several are, all with
   * the same expression: PostgreSQL orders by it ({@code SELECT a AS x, a AS x ... ORDER BY x}),
   * where Calcite would call the name ambiguous. Null otherwise.
   */
  private Integer samePosition(SqlSelect select, String name) {
    SqlNode first = null;
    Integer position = null;
    int count = 0;
    List<SqlNode> items = select.getSelectList().getList();
    for (int i = 0; i < items.size(); i++) {
      SqlNode item = items.get(i);
      if (item.getKind() != SqlKind.AS
          || !getCatalogReader()
              .nameMatcher()
              .matches(((SqlCall) item).operand(1).toString(), name)) {
        continue;
      }
      SqlNode expr = ((SqlCall) item).operand(0);
      if (first == null) {
        first = expr;
        position = i + 1;
      } else if (!first.equalsDeep(expr, Litmus.IGNORE)) {
        return null; // different expressions: ambiguous, as Calcite and PostgreSQL say
      }
      count++;
    }
    return count >= 2 ? position : null;
  }

  /** Replaces one node (by identity). */
  private static final class Replace extends SqlShuttle {
    private final SqlNode from;
    private final SqlNode to;

    Replace(SqlNode from, SqlNode to) {
      this.from = from;
      this.to = to;
    }

    @Override
    public SqlNode visit(SqlIdentifier id) {
      return id == from ? to : id;
    }
  }

  /** Qualifies simple names that resolve to one column of the SELECT's own FROM items. */
  private final class InputColumnsFirst extends SqlShuttle {
    private final SqlSelect select;

    InputColumnsFirst(SqlSelect select) {
      this.select = select;
    }

    @Override
    public SqlNode visit(SqlCall call) {
      if (call instanceof SqlSelect) {
        return call; // a subquery resolves its own names
      }
      return super.visit(call);
    }

    @Override
    public SqlNode visit(SqlIdentifier id) {
      SelectScope scope = getRawSelectScope(select);
      if (!id.isSimple() || id.isStar() || scope == null) {
        return id;
      }
      Map<String, ?> owners =
          scope.findQualifyingTableNames(id.getSimple(), id, getCatalogReader().nameMatcher());
      if (owners.size() != 1) {
        return id;
      }
      String alias = owners.keySet().iterator().next();
      List<SqlMoniker> locals = new ArrayList<>();
      scope.findAliases(locals);
      if (locals.stream().noneMatch(m -> m.getFullyQualifiedNames().equals(List.of(alias)))) {
        return id; // a column of an enclosing query: PostgreSQL tries output names first
      }
      return new SqlIdentifier(List.of(alias, id.getSimple()), id.getParserPosition());
    }
  }
}
