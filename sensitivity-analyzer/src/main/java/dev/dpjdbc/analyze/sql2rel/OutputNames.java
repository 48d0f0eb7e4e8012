package dev.dpjdbc.analyze.sql2rel;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.fun.SqlTrimFunction;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Names the unnamed output columns of every SELECT in a query as PostgreSQL names them ({@code
 * FigureColname} in PostgreSQL's {@code parse_target.c}), so that outer queries and ORDER BY can
 * use those names as they can on PostgreSQL: Metabase wraps a question as {@code SELECT
 * "source"."count" FROM (SELECT COUNT(*) ...) "source"}, where Calcite alone would call the column
 * {@code EXPR$0}.
 *
 * <p>Rules: a function call is named after the function ({@code count}, {@code date_trunc}, {@code
 * extract}; {@code TRIM} as {@code btrim}/{@code ltrim}/{@code rtrim}); {@code FILTER}, {@code
 * WITHIN GROUP} and {@code OVER} after their aggregate; a cast after its operand when that has a
 * name, else after the type ({@code 1::int} → {@code int4}); CASE → {@code case}; a scalar subquery
 * after its own column; EXISTS → {@code exists}; anything else (operators, literals, parameters) →
 * {@code ?column?}. Columns named by the query ({@code AS x}) and plain column references (Calcite
 * names them as PostgreSQL does) are left alone. A derived name already used in the same SELECT is
 * not given (Calcite's {@code EXPR$n} stays): Calcite, unlike PostgreSQL, refuses {@code SELECT *
 * FROM (SELECT COUNT(*), COUNT(x) ...) t} when two columns share a name. {@link #labels} gives the
 * outermost SELECT's column labels with PostgreSQL's duplicates, for the result.
 */
final class OutputNames {
  private OutputNames() {}

  private static final String UNNAMED = "?column?";

  /** Adds PostgreSQL's name as an alias to every unnamed, non-column SELECT item, in place. */
  static void apply(SqlNode query) {
    query.accept(
        new SqlBasicVisitor<Void>() {
          @Override
          public Void visit(SqlCall call) {
            if (call instanceof SqlSelect select) {
              name(select.getSelectList());
            }
            return super.visit(call);
          }
        });
  }

  private static void name(SqlNodeList items) {
    if (items == null) {
      return;
    }
    Set<String> used = new HashSet<>();
    for (SqlNode item : items) {
      if (item instanceof SqlIdentifier || item.getKind() == SqlKind.AS) {
        used.add(nameOf(item));
      }
    }
    for (int i = 0; i < items.size(); i++) {
      SqlNode item = items.get(i);
      if (item instanceof SqlIdentifier || item.getKind() == SqlKind.AS) {
        continue;
      }
      Named n = figure(item);
      if (!used.add(n.name())) {
        continue;
      }
      items.set(
          i,
          SqlStdOperatorTable.AS.createCall(
              item.getParserPosition(),
              item,
              new SqlIdentifier(n.name(), item.getParserPosition())));
    }
  }

  /** A name and how strongly it was derived (PostgreSQL: 0 none, 1 weak, 2 strong). */
  private record Named(String name, int strength) {}

  private static Named figure(SqlNode node) {
    if (node instanceof SqlIdentifier id) {
      return id.isStar() ? new Named(UNNAMED, 0) : new Named(last(id), 2);
    }
    if (node instanceof SqlSelect select && select.getSelectList().size() == 1) {
      SqlNode item = select.getSelectList().get(0);
      return item.getKind() == SqlKind.AS
          ? new Named(((SqlCall) item).operand(1).toString(), 2)
          : figure(item);
    }
    if (!(node instanceof SqlCall call)) {
      return new Named(UNNAMED, 0);
    }
    switch (call.getKind()) {
      case CAST:
        Named inner = figure(call.operand(0));
        if (inner.strength() <= 1 && call.operand(1) instanceof SqlDataTypeSpec type) {
          return new Named(ColumnTypes.postgresLabel(last(type.getTypeName())), 1);
        }
        return inner;
      case FILTER:
      case WITHIN_GROUP:
      case WITHIN_DISTINCT:
      case OVER:
      case AS:
        return figure(call.operand(0));
      case CASE:
        return new Named("case", 1);
      case EXISTS:
        return new Named("exists", 2);
      case SCALAR_QUERY:
        return figure(call.operand(0));
      case ROW:
        return new Named("row", 2);
      case ARRAY_VALUE_CONSTRUCTOR:
        return new Named("array", 2);
      case TRIM:
        return new Named(trimName(call), 2);
      default:
        if (call.getOperator() instanceof SqlFunction || isFunctionSyntax(call)) {
          return new Named(call.getOperator().getName().toLowerCase(Locale.ROOT), 2);
        }
        return new Named(UNNAMED, 0);
    }
  }

  private static boolean isFunctionSyntax(SqlCall call) {
    return switch (call.getOperator().getSyntax()) {
      case FUNCTION, FUNCTION_ID, FUNCTION_STAR, ORDERED_FUNCTION -> true;
      default -> false;
    };
  }

  private static String trimName(SqlCall call) {
    if (call.operand(0) instanceof SqlLiteral flag
        && flag.getValue() instanceof SqlTrimFunction.Flag f) {
      return switch (f) {
        case LEADING -> "ltrim";
        case TRAILING -> "rtrim";
        default -> "btrim";
      };
    }
    return "btrim";
  }

  private static String last(SqlIdentifier id) {
    return id.names.get(id.names.size() - 1);
  }

  /**
   * The labels PostgreSQL gives the columns of {@code query}'s outermost SELECT (duplicates kept),
   * or null when they come from elsewhere ({@code *}, a set operation, VALUES).
   */
  static List<String> labels(SqlNode query) {
    SqlNode q = query instanceof SqlOrderBy ob ? ob.query : query;
    if (!(q instanceof SqlSelect select)) {
      return null;
    }
    List<String> out = new ArrayList<>();
    for (SqlNode item : select.getSelectList()) {
      if (item instanceof SqlIdentifier id && id.isStar()) {
        return null;
      }
      out.add(nameOf(item));
    }
    return out;
  }

  /** The name PostgreSQL gives {@code node} as a SELECT item. */
  static String nameOf(SqlNode node) {
    if (node instanceof SqlBasicCall call && call.getKind() == SqlKind.AS) {
      return call.operand(1).toString();
    }
    return figure(node).name();
  }
}
