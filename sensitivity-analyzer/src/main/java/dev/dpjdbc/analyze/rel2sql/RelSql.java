package dev.dpjdbc.analyze.rel2sql;

import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.rewrite.Backend;
import java.math.BigDecimal;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.rel2sql.RelToSqlConverter;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.sql.util.SqlString;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.Litmus;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;

/**
 * Emits a relational plan as SQL in the backend's dialect with Calcite's {@link RelToSqlConverter},
 * every literal turned into a bind parameter first: the SQL text then holds only keywords, dpjdbc's
 * own names and the catalog's identifiers, and each {@code ?} is described by a {@link
 * ParameterSource} in the order the SQL text shows them (Calcite's {@link
 * SqlString#getDynamicParameters()}), so no analyst literal is ever spliced into text.
 *
 * <p>Range searches ({@code SEARCH} with a Sarg, Calcite's form of IN lists and BETWEEN) are
 * expanded back to comparisons first. NULL and boolean literals stay keywords (they carry no
 * analyst text). A character literal becomes a bare {@code ?} bound so PostgreSQL infers its type
 * from the context as it would for an untyped literal; every other literal becomes {@code CAST(? AS
 * type)}, so the backend reads the same type as the literal had. The analyst's own parameters keep
 * their index.
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
                    RexUtil.searchShuttle(rex, null, -1), new Literals(rex, byIndex, backend)));
    RelToSqlConverter converter = new RelToSqlConverter(backend.dialect());
    SqlNode node = converter.visitRoot(parameterised).asStatement().accept(GROUP_BY_ALIASES);
    SqlString text =
        node.toSqlString(c -> c.withDialect(backend.dialect()).withQuoteAllIdentifiers(true));
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

  /** Literal → {@code ?} (cast to its type unless it is a string); analyst {@code ?} renumbered. */
  private static final class Literals extends RexShuttle {
    private final RexBuilder rex;
    private final List<ParameterSource> byIndex;

    private final Backend backend;

    Literals(RexBuilder rex, List<ParameterSource> byIndex, Backend backend) {
      this.rex = rex;
      this.byIndex = byIndex;
      this.backend = backend;
    }

    /**
     * H2's DATE_TRUNC takes its unit as a keyword ({@code DATE_TRUNC(MONTH, x)}), not a string: a
     * unit literal becomes that keyword (a name from a fixed list, never the analyst's text).
     */
    @Override
    public RexNode visitCall(org.apache.calcite.rex.RexCall call) {
      if (call.getKind() == SqlKind.CAST
          && SqlTypeName.INTERVAL_TYPES.contains(call.getType().getSqlTypeName())
          && SqlTypeFamily.CHARACTER.contains(call.getOperands().get(0).getType())) {
        // bound as a parameter, PostgreSQL reads the string as a plain interval ('17' is 17
        // seconds), which the cast then truncates: not what CAST('17' AS INTERVAL DAY) means
        throw new IllegalArgumentException(
            "a string cast to an interval cannot be sent to the database as a parameter; write"
                + " an interval literal (INTERVAL '17' DAY or INTERVAL '17 days')");
      }
      if (backend == Backend.H2
          && call.getOperator().getName().equalsIgnoreCase("DATE_TRUNC")
          && call.getOperands().size() == 2
          && call.getOperands().get(0) instanceof RexLiteral unit
          && SqlTypeFamily.CHARACTER.contains(unit.getType())) {
        String name =
            unit.getValueAs(NlsString.class).getValue().trim().toUpperCase(java.util.Locale.ROOT);
        for (org.apache.calcite.avatica.util.TimeUnitRange r :
            org.apache.calcite.avatica.util.TimeUnitRange.values()) {
          if (r.name().equals(name) && r.endUnit == null) {
            List<RexNode> operands =
                List.of(rex.makeFlag(r), call.getOperands().get(1).accept(this));
            return call.clone(call.getType(), operands);
          }
        }
      }
      return super.visitCall(call);
    }

    @Override
    public RexNode visitDynamicParam(RexDynamicParam p) {
      byIndex.add(new ParameterSource.Analyst(p.getIndex()));
      return new RexDynamicParam(p.getType(), byIndex.size() - 1);
    }

    @Override
    public RexNode visitLiteral(RexLiteral literal) {
      if (literal.isNull() || literal.getType().getSqlTypeName() == SqlTypeName.BOOLEAN) {
        return literal;
      }
      if (SqlTypeName.INTERVAL_TYPES.contains(literal.getType().getSqlTypeName())) {
        return interval(literal);
      }
      ParameterSource.Constant constant = constant(literal);
      if (constant == null) {
        if (literal.getTypeName() == SqlTypeName.SYMBOL) {
          return literal; // a flag of a function such as TRIM or EXTRACT, not a value
        }
        throw new IllegalArgumentException(
            "a literal of type "
                + literal.getType().getFullTypeString()
                + " cannot be sent to the database as a parameter; write it as a plain string,"
                + " number, DATE or TIMESTAMP literal");
      }
      byIndex.add(constant);
      RexDynamicParam param = new RexDynamicParam(literal.getType(), byIndex.size() - 1);
      if (SqlTypeFamily.CHARACTER.contains(literal.getType())) {
        return param;
      }
      return rex.makeAbstractCast(literal.getType(), param);
    }

    /**
     * A single-field interval literal as {@code CAST(? AS INTERVAL unit)} bound from its number
     * ({@code INTERVAL '3' YEAR} → {@code CAST(? AS INTERVAL YEAR)} with "3" on H2, "3 year" on
     * PostgreSQL), negative values as {@code -CAST(...)}. The cast target is spelled by the
     * backend's dialect ({@code Backend.intervalCastSpec}).
     */
    private RexNode interval(RexLiteral literal) {
      org.apache.calcite.sql.SqlIntervalQualifier q = literal.getType().getIntervalQualifier();
      BigDecimal v = literal.getValueAs(BigDecimal.class);
      if (q != null && !BACKEND_UNITS.contains(q.getStartUnit())) {
        throw new IllegalArgumentException(
            "an interval in "
                + q.getStartUnit().name()
                + "S cannot be sent to the database; write it in DAY or MONTH units (INTERVAL"
                + " '7' DAY, INTERVAL '3' MONTH)");
      }
      if (q == null || v == null || !q.isSingleDatetimeField()) {
        throw new IllegalArgumentException(
            "an interval of several fields cannot be sent as a parameter; write it as a sum of"
                + " single-unit intervals (INTERVAL '1' YEAR + INTERVAL '2' MONTH)");
      }
      BigDecimal unit = q.getStartUnit().multiplier; // months or milliseconds per unit
      BigDecimal amount =
          v.abs().divide(unit, java.math.MathContext.DECIMAL64).stripTrailingZeros();
      String text = amount.toPlainString();
      if (backend == Backend.POSTGRESQL) {
        // PostgreSQL types the parameter as plain INTERVAL (a parameter carries no field
        // qualifier), which would read a bare "5" as 5 seconds before the cast to INTERVAL YEAR
        // truncates it to 0: the value names its unit ("5 year")
        text += " " + q.getStartUnit().name().toLowerCase(java.util.Locale.ROOT);
      }
      byIndex.add(new ParameterSource.Constant(text, java.sql.Types.OTHER));
      RexNode param =
          new RexDynamicParam(
              rex.getTypeFactory().createSqlType(SqlTypeName.VARCHAR), byIndex.size() - 1);
      RexNode cast = rex.makeAbstractCast(literal.getType(), param);
      return v.signum() < 0
          ? rex.makeCall(org.apache.calcite.sql.fun.SqlStdOperatorTable.UNARY_MINUS, cast)
          : cast;
    }
  }

  /** The interval units both backends can cast a parameter to ({@code CAST(? AS INTERVAL DAY)}). */
  private static final java.util.Set<org.apache.calcite.avatica.util.TimeUnit> BACKEND_UNITS =
      java.util.EnumSet.of(
          org.apache.calcite.avatica.util.TimeUnit.YEAR,
          org.apache.calcite.avatica.util.TimeUnit.MONTH,
          org.apache.calcite.avatica.util.TimeUnit.DAY,
          org.apache.calcite.avatica.util.TimeUnit.HOUR,
          org.apache.calcite.avatica.util.TimeUnit.MINUTE,
          org.apache.calcite.avatica.util.TimeUnit.SECOND);

  /** The literal's value as a bindable Java value with its JDBC type; null for a symbol. */
  static ParameterSource.Constant constant(RexLiteral literal) {
    SqlTypeName type = literal.getType().getSqlTypeName();
    switch (type) {
      case CHAR, VARCHAR -> {
        NlsString s = literal.getValueAs(NlsString.class);
        return new ParameterSource.Constant(s == null ? "" : s.getValue(), Types.OTHER);
      }
      case TINYINT, SMALLINT, INTEGER -> {
        return new ParameterSource.Constant(
            literal.getValueAs(BigDecimal.class).intValueExact(), Types.INTEGER);
      }
      case BIGINT -> {
        return new ParameterSource.Constant(
            literal.getValueAs(BigDecimal.class).longValueExact(), Types.BIGINT);
      }
      case DECIMAL -> {
        return new ParameterSource.Constant(literal.getValueAs(BigDecimal.class), Types.NUMERIC);
      }
      case REAL, FLOAT, DOUBLE -> {
        return new ParameterSource.Constant(
            literal.getValueAs(BigDecimal.class).doubleValue(), Types.DOUBLE);
      }
      case DATE -> {
        return new ParameterSource.Constant(
            LocalDate.parse(literal.getValueAs(DateString.class).toString()), Types.DATE);
      }
      case TIME -> {
        return new ParameterSource.Constant(
            LocalTime.parse(literal.getValueAs(TimeString.class).toString()), Types.TIME);
      }
      case TIMESTAMP -> {
        return new ParameterSource.Constant(
            LocalDateTime.parse(
                literal.getValueAs(TimestampString.class).toString().replace(' ', 'T')),
            Types.TIMESTAMP);
      }
      default -> {
        return null; // symbols, intervals and other literal kinds stay as Calcite prints them
      }
    }
  }
}
