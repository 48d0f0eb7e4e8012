package dev.dpjdbc.analyze.sql2rel;

import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlValidator;

/**
 * One analyst query through the front end: the validated SQL tree (for checks that belong on the
 * tree, such as the WHERE rule against data-dependent errors) and the relational plan.
 *
 * @param validated the validated tree; Calcite's validator rewrote it in place (identifiers fully
 *     qualified, {@code *} expanded, output columns named as PostgreSQL names them, {@code
 *     CURRENT_DATE - 30} as {@code CURRENT_DATE - 30 * INTERVAL '1' DAY})
 * @param validator the validator that produced it; its scopes answer type and name questions about
 *     {@code validated} ({@code validator.getWhereScope(select)}, {@code getValidatedNodeType})
 * @param root the plan after subquery removal, decorrelation and the normalising Hep pass; {@code
 *     root.fields} name the output columns, {@code root.collation} is the outer ORDER BY
 * @param parameterTypes the type of parameter {@code i} ({@code ?} number {@code i + 1} or {@code
 *     $(i+1)}) as the validator inferred it; a {@code $n} the query skips has a NULL type
 * @param userCasts positions of the CASTs and {@code ::} the analyst wrote (before validation added
 *     its own), as {@code WhereAllowList} needs them
 * @param correlatedSubqueries the inner side of each correlated subquery, as it was before
 *     decorrelation turned it into a join (empty when the query has none)
 */
public record Translation(
    SqlNode validated,
    SqlValidator validator,
    RelRoot root,
    List<RelDataType> parameterTypes,
    Set<SqlParserPos> userCasts,
    List<org.apache.calcite.rel.RelNode> correlatedSubqueries) {
  public Translation {
    correlatedSubqueries = List.copyOf(correlatedSubqueries);
    parameterTypes = List.copyOf(parameterTypes);
    userCasts = Set.copyOf(userCasts);
  }

  /** The number of parameters the query takes. */
  public int parameterCount() {
    return parameterTypes.size();
  }
}
