package dev.dpjdbc.analyze;

import dev.dpjdbc.analyze.bounds.ColumnMeta;
import dev.dpjdbc.analyze.bounds.TableBounds;
import dev.dpjdbc.analyze.parse.QueryShape;
import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.plan.BoundUse;
import dev.dpjdbc.analyze.plan.GroupKey;
import dev.dpjdbc.analyze.plan.KeyEquality;
import dev.dpjdbc.analyze.plan.OutputColumn;
import dev.dpjdbc.analyze.plan.OutputExpr;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.plan.SortKey;
import dev.dpjdbc.analyze.rewrite.Backend;
import dev.dpjdbc.analyze.rewrite.RewriteBuilder;
import dev.dpjdbc.analyze.rewrite.WhereRewrite;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlSelectKeyword;
import org.apache.calcite.util.Litmus;

/**
 * From a parsed, validated one-table query to a {@link PrivacyPlan}: group keys with public
 * domains, one noisy coordinate per distinct quantity ({@link Coordinates}), outputs as
 * post-processing of coordinates, ORDER BY/LIMIT/OFFSET for after the noise, and the rewritten SQL
 * ({@link RewriteBuilder}, the WHERE by {@link WhereRewrite}: literals become bind parameters).
 * Works on the parsed (not validated) tree: there is exactly one table, so every identifier is
 * resolved by its last name against the catalog.
 */
final class PlanBuilder {
  private final Backend backend;
  private final TableBounds bounds;
  private final QueryShape shape;
  private final String originalSql;
  private final String tableName;
  private final RewriteBuilder sql;
  private final Coordinates coords;
  private final List<BoundUse> uses = new ArrayList<>();
  private final List<GroupKey> keys = new ArrayList<>();
  private final List<String> keyColumns = new ArrayList<>();
  private final Map<String, String> valueColumns = new LinkedHashMap<>();

  PlanBuilder(Backend backend, TableBounds bounds, QueryShape shape, String originalSql) {
    this.backend = backend;
    this.bounds = bounds;
    this.shape = shape;
    this.originalSql = originalSql;
    this.tableName = shape.table();
    this.sql = new RewriteBuilder(backend, bounds.meta().schema(), bounds.meta().name());
    this.coords = new Coordinates(bounds.rowsPerUnit());
  }

  PrivacyPlan build() throws SQLException {
    List<SqlNode> items = shape.select().getSelectList().getList();
    if (shape.select().getGroup() == null && items.stream().noneMatch(PlanBuilder::hasAggregate)) {
      throw new SQLException(
          "dpjdbc answers only aggregate queries; a row-level SELECT would release individual rows."
              + " Ask for aggregates instead, e.g. SELECT COUNT(*), AVG(salary) FROM "
              + tableName,
          AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
    }
    unit();
    groupKeys();
    BoundSql preflight = null;
    if (shape.select().getWhere() != null) {
      WhereRewrite.Result where =
          WhereRewrite.rewrite(shape.select().getWhere(), bounds.meta(), backend);
      sql.where(where.where());
      preflight = where.preflight();
    }
    List<OutputColumn> outputs = new ArrayList<>();
    List<String> labels = new ArrayList<>();
    for (SqlNode item : items) {
      String alias = null;
      SqlNode expr = item;
      if (item.getKind() == SqlKind.AS) {
        expr = ((SqlBasicCall) item).operand(0);
        alias = ((SqlIdentifier) ((SqlBasicCall) item).operand(1)).getSimple();
      }
      OutputColumn out = output(expr, alias);
      outputs.add(out);
      labels.add(out.label());
    }
    if (coords.size() == 0) {
      throw new SQLException(
          "dpjdbc answers only aggregate queries; add an aggregate such as COUNT(*)",
          AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
    }
    coords.aggregates().forEach(sql::aggregate);
    List<SortKey> order = OrderBy.resolve(shape.orderList(), items, labels);
    BoundSql rewritten = sql.build();
    return new PrivacyPlan(
        originalSql,
        rewritten.sql(),
        shape.parameterCount(),
        keys,
        coords.coordinates(),
        keys.isEmpty() ? 1 : bounds.groupsPerUnit(), // without GROUP BY there is one group
        outputs,
        order,
        OrderBy.count(shape.offset(), "OFFSET"),
        OrderBy.count(shape.fetch(), "LIMIT"),
        uses,
        rewritten.parameters(),
        preflight,
        backend.typing(),
        null);
  }

  private void unit() throws SQLException {
    List<String> unit = UnitColumns.of(bounds, tableName);
    int c = bounds.rowsPerUnit();
    int l0 = bounds.groupsPerUnit();
    sql.unit(unit, bounds.unitIsKey(), c, l0);
    String u = String.join(", ", unit).toLowerCase(Locale.ROOT);
    uses.add(new BoundUse(tableName, u, "privacy unit", bounds.unitSource()));
    uses.add(
        new BoundUse(
            tableName, u, "at most " + c + " row(s) per unit per group", bounds.limitSource(true)));
  }

  private void groupKeys() throws SQLException {
    if (shape.select().getGroup() == null) {
      return;
    }
    long combinations = 1;
    List<SqlNode> items = shape.select().getSelectList().getList();
    for (SqlNode g0 : shape.select().getGroup()) {
      SqlNode g = GroupByNames.target(g0, items, bounds.meta()); // position, column, then alias
      if (!(g instanceof SqlIdentifier id) || id.isStar()) {
        throw unsupported("GROUP BY on expressions (group by plain columns)");
      }
      ColumnMeta col = column(id);
      TableBounds.Domain domain =
          bounds
              .domain(col)
              .orElseThrow(
                  () ->
                      new SQLException(
                          "GROUP BY "
                              + tableName
                              + "."
                              + display(col)
                              + " needs a public domain (its values are"
                              + " released even for empty groups): declare it with a CHECK ("
                              + display(col)
                              + " IN (...)) constraint, an enum type, or in the policy as tables."
                              + tableName
                              + ".columns."
                              + display(col)
                              + ": {values: [...]}",
                          AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code()));
      combinations *= domain.values().size();
      if (combinations > 100_000) {
        throw unsupported("more than 100000 group combinations");
      }
      // enums and blank-padded CHAR(n) are returned as VARCHAR so keys compare as plain strings
      boolean asText =
          col.isEnum() || col.jdbcType() == Types.CHAR || col.jdbcType() == Types.NCHAR;
      String expr =
          asText
              ? "CAST(" + backend.quote(col.name()) + " AS VARCHAR(1000))"
              : backend.quote(col.name());
      sql.key(
          new RewriteBuilder.Key(
              expr, domain.values().stream().map(backend::domainValue).toList()));
      int type = asText ? Types.VARCHAR : col.jdbcType();
      GroupKey key =
          new GroupKey(
              id.names.get(id.names.size() - 1),
              type,
              col.typeName(),
              domain.values(),
              domain.source());
      KeyEquality.requireDistinct(key);
      keys.add(key);
      keyColumns.add(col.name());
      uses.add(new BoundUse(tableName, display(col), "values " + domain.values(), domain.source()));
    }
    String u = String.join(", ", bounds.unitColumns()).toLowerCase(Locale.ROOT);
    uses.add(
        new BoundUse(
            tableName,
            u,
            "at most " + bounds.groupsPerUnit() + " group(s) per unit",
            bounds.limitSource(false)));
  }

  private OutputColumn output(SqlNode expr, String alias) throws SQLException {
    if (expr instanceof SqlIdentifier id && !id.isStar()) {
      int k = keyColumns.indexOf(column(id).name());
      if (k < 0) {
        throw new SQLException(
            "column "
                + id
                + " must appear in GROUP BY (with a public domain) or inside an"
                + " aggregate: dpjdbc answers only aggregate queries",
            AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
      }
      GroupKey key = keys.get(k);
      return new OutputColumn(
          alias != null ? alias : key.column(),
          key.jdbcType(),
          key.typeName(),
          null,
          new OutputExpr.KeyRef(k));
    }
    if (!isAggregate(expr)) {
      throw unsupported(
          "expressions in the SELECT list other than aggregates and group keys (" + expr + ")");
    }
    SqlCall call = (SqlCall) expr;
    String fn = call.getOperator().getName().toLowerCase(Locale.ROOT);
    if (call.getFunctionQuantifier() != null
        && call.getFunctionQuantifier().getValue() == SqlSelectKeyword.DISTINCT) {
      throw unsupported("DISTINCT aggregates");
    }
    String label = alias != null ? alias : fn;
    SqlNode arg = call.operandCount() == 1 ? call.operand(0) : null;
    if (fn.equals("count") && arg instanceof SqlNumericLiteral) {
      arg = SqlIdentifier.star(arg.getParserPosition()); // COUNT(1) is COUNT(*)
    }
    if (arg == null || !(arg instanceof SqlIdentifier id)) {
      throw unsupported("aggregates over expressions (aggregate a plain column)");
    }
    if (fn.equals("count")) {
      int c = coords.countOutput(id.isStar() ? coords.countStar() : countOf(column(id)));
      return new OutputColumn(
          label,
          Types.BIGINT,
          "int8",
          "COUNT(" + (id.isStar() ? "*" : display(column(id))) + ")",
          new OutputExpr.CountOf(c));
    }
    if (id.isStar()) {
      throw new SQLException("invalid query: " + fn + "(*)", AnalyzerSqlState.SYNTAX_ERROR.code());
    }
    ColumnMeta col = column(id);
    TableBounds.Bound b = bound(col);
    String v = value(col, b);
    String agg = fn.toUpperCase(Locale.ROOT) + "(" + display(col) + ")";
    OutputExpr out =
        switch (fn) {
          case "sum" -> new OutputExpr.SumOf(coords.sum(display(col), v, b), b.lower(), b.upper());
          case "avg" -> coords.avg(display(col), v, b, countOf(col));
          default -> coords.variance(display(col), v, b, countOf(col), fn);
        };
    return new OutputColumn(label, Types.DOUBLE, "float8", agg, out);
  }

  private int countOf(ColumnMeta col) {
    if (!col.nullable()) {
      return coords.countStar();
    }
    String v =
        valueColumns.computeIfAbsent(
            col.name() + "#raw", k -> sql.value(backend.quote(col.name())));
    return coords.count(display(col), v);
  }

  private String value(ColumnMeta col, TableBounds.Bound b) {
    return valueColumns.computeIfAbsent(
        col.name(), k -> sql.value(sql.clamp(col.name(), b.lower(), b.upper())));
  }

  private TableBounds.Bound bound(ColumnMeta col) throws SQLException {
    if (!col.isNumeric()) {
      throw unsupported("aggregating non-numeric column " + tableName + "." + display(col));
    }
    TableBounds.Bound b =
        bounds
            .bound(col.name())
            .orElseThrow(
                () ->
                    new SQLException(
                        "column "
                            + tableName
                            + "."
                            + display(col)
                            + " has no bound, so one person's influence on"
                            + " this aggregate is unlimited. Bound it with an enforced CHECK constraint (e.g."
                            + " ALTER TABLE "
                            + tableName
                            + " ADD CHECK ("
                            + display(col)
                            + " BETWEEN 0 AND"
                            + " 100000); NOT VALID constraints don't count) or in the policy: tables."
                            + tableName
                            + ".columns."
                            + display(col)
                            + ": {min: ..., max: ...}",
                        AnalyzerSqlState.MISSING_BOUND.code()));
    String what = "[" + Backend.number(b.lower()) + ", " + Backend.number(b.upper()) + "]";
    BoundUse use = new BoundUse(tableName, display(col), what, b.source());
    if (!uses.contains(use)) {
      uses.add(use);
    }
    return b;
  }

  private ColumnMeta column(SqlIdentifier id) throws SQLException {
    String name = id.names.get(id.names.size() - 1);
    return bounds
        .meta()
        .column(name)
        .orElseThrow(
            () ->
                new SQLException(
                    "column " + name + " does not exist in " + tableName,
                    AnalyzerSqlState.UNDEFINED_COLUMN.code()));
  }

  static boolean hasAggregate(SqlNode node) {
    boolean[] found = {false};
    node.accept(
        new org.apache.calcite.sql.util.SqlBasicVisitor<Void>() {
          @Override
          public Void visit(SqlCall call) {
            found[0] |= isAggregate(call);
            return super.visit(call);
          }
        });
    return found[0];
  }

  /** The name users know a column by: PostgreSQL's folded (lower-case) spelling. */
  static String display(ColumnMeta col) {
    return col.name().equals(col.name().toUpperCase(Locale.ROOT))
        ? col.name().toLowerCase(Locale.ROOT)
        : col.name();
  }

  static boolean isAggregate(SqlNode node) {
    if (node.getKind() == SqlKind.AS) {
      node = ((SqlBasicCall) node).operand(0);
    }
    if (!(node instanceof SqlCall call) || node.getKind() == SqlKind.OVER) {
      return false;
    }
    return Coordinates.AGGREGATES.contains(call.getOperator().getName().toLowerCase(Locale.ROOT));
  }

  static SQLException unsupported(String what) {
    return new SQLException(
        "dpjdbc does not support " + what + " yet", AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
  }

  static boolean sameExpr(SqlNode a, SqlNode b) {
    return a.equalsDeep(b, Litmus.IGNORE);
  }

  static Long literalCount(SqlNode n) {
    return n instanceof SqlNumericLiteral lit ? lit.getValueAs(Long.class) : null;
  }
}
