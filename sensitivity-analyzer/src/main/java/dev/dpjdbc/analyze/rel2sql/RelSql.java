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
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlString;
import org.apache.calcite.util.DateString;
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
 * <p>NULL and boolean literals stay keywords (they carry no analyst text). A character literal
 * becomes a bare {@code ?} bound so PostgreSQL infers its type from the context as it would for an
 * untyped literal; every other literal becomes {@code CAST(? AS type)}, so the backend reads the
 * same type as the literal had. The analyst's own parameters keep their index.
 */
public final class RelSql {
  private RelSql() {}

  /** {@code rel} as SQL for {@code backend}, with its parameters. */
  public static BoundSql emit(RelNode rel, Backend backend) {
    List<ParameterSource> byIndex = new ArrayList<>();
    RexBuilder rex = rel.getCluster().getRexBuilder();
    RelNode parameterised = rel.accept(new ParamShuttle(new Literals(rex, byIndex)));
    RelToSqlConverter converter = new RelToSqlConverter(backend.dialect());
    SqlNode node = converter.visitRoot(parameterised).asStatement();
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

  /** Applies {@link Literals} to every expression of every relation. */
  private static final class ParamShuttle extends RelHomogeneousShuttle {
    private final RexShuttle literals;

    ParamShuttle(RexShuttle literals) {
      this.literals = literals;
    }

    @Override
    public RelNode visit(RelNode other) {
      RelNode visited = super.visit(other);
      return visited.accept(literals);
    }
  }

  /** Literal → {@code ?} (cast to its type unless it is a string); analyst {@code ?} renumbered. */
  private static final class Literals extends RexShuttle {
    private final RexBuilder rex;
    private final List<ParameterSource> byIndex;

    Literals(RexBuilder rex, List<ParameterSource> byIndex) {
      this.rex = rex;
      this.byIndex = byIndex;
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
      ParameterSource.Constant constant = constant(literal);
      if (constant == null) {
        return literal; // a symbol (a flag of a function such as TRIM or EXTRACT), not a value
      }
      byIndex.add(constant);
      RexDynamicParam param = new RexDynamicParam(literal.getType(), byIndex.size() - 1);
      if (SqlTypeFamily.CHARACTER.contains(literal.getType())) {
        return param;
      }
      return rex.makeAbstractCast(literal.getType(), param);
    }
  }

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
