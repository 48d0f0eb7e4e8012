package dev.dpjdbc.analyze.rel2sql;

import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.rewrite.Backend;
import java.math.BigDecimal;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;

/**
 * Turns every literal of an expression into a bind parameter ({@code ?}), recording what to bind in
 * {@code byIndex}, and renumbers the analyst's own parameters in the same list. After it, the only
 * text left for {@code RelToSqlConverter} to print is keywords, names, NULL/TRUE/FALSE, symbols
 * (EXTRACT's field): no quoted text at all.
 *
 * <ul>
 *   <li>A character literal becomes a bare {@code ?} (PostgreSQL then types it from its context, as
 *       an untyped literal); every other literal {@code CAST(? AS type)}.
 *   <li>An interval literal becomes {@code CAST(? AS INTERVAL)} bound to its length in the largest
 *       unit that states it exactly ({@code INTERVAL '5 years'} → 5 years, {@code '36 hours'} → 36
 *       hours): as an ISO 8601 duration on PostgreSQL ({@code P5Y}, {@code PT36H}; a bare number
 *       would be read as seconds there, as the cast's fields do not reach a parameter's input), as
 *       the number on H2 with the unit in the cast ({@code CAST(? AS INTERVAL YEAR(18))}).
 *   <li>A parameter that is the direct operand of {@code IS [NOT] NULL} (Calcite's expansion of
 *       {@code x IS DISTINCT FROM 'N'} tests the constant for NULL) is cast to its type (character
 *       types to {@code VARCHAR}): nothing else there tells PostgreSQL its type.
 *   <li>A string cast to an interval ({@code CAST('1' AS INTERVAL DAY)}) is refused: PostgreSQL
 *       reads the literal with the cast's unit, but a bound parameter without it (one second).
 *   <li>H2 only: {@code date_trunc('month', x)} takes its unit as a keyword ({@code
 *       DATE_TRUNC(MONTH, x)}), from a fixed list ('week' as {@code ISO_WEEK}: H2's {@code WEEK}
 *       starts on Sunday, PostgreSQL's on Monday); H2 has no {@code to_timestamp(seconds)}, which
 *       becomes {@code CAST(? AS TIMESTAMP WITH TIME ZONE) + CAST(? AS INTERVAL SECOND(18)) *
 *       seconds} with the epoch and one second bound; {@code to_timestamp(text, format)} has no H2
 *       equivalent and is refused.
 * </ul>
 */
final class LiteralParameters extends RexShuttle {
  /** H2 date-time fields Calcite has no flag for, written as keywords. */
  enum H2Field {
    ISO_WEEK
  }

  private final RexBuilder rex;
  private final List<ParameterSource> byIndex;
  private final Backend backend;

  LiteralParameters(RexBuilder rex, List<ParameterSource> byIndex, Backend backend) {
    this.rex = rex;
    this.byIndex = byIndex;
    this.backend = backend;
  }

  @Override
  public RexNode visitCall(RexCall call) {
    String name = call.getOperator().getName().toUpperCase(Locale.ROOT);
    if (name.equals("DATE_TRUNC")) {
      call = truncatedAsTimestamp(call);
    }
    if (backend == Backend.H2 && name.equals("WIDTH_BUCKET")) {
      throw new IllegalArgumentException(
          "width_bucket has no equivalent on H2; write the buckets as a CASE expression or as"
              + " FLOOR((x - lo) * n / (hi - lo))");
    }
    if (backend == Backend.H2 && name.equals("DATE_TRUNC")) {
      RexNode keyword = h2DateTrunc(call);
      if (keyword != null) {
        return keyword;
      }
    }
    if (backend == Backend.H2 && name.equals("TO_TIMESTAMP")) {
      return h2ToTimestamp(call);
    }
    if (call.getKind() == SqlKind.CAST
        && SqlTypeName.INTERVAL_TYPES.contains(call.getType().getSqlTypeName())
        && SqlTypeUtil.isCharacter(call.getOperands().get(0).getType())) {
      // PostgreSQL reads CAST('1' AS INTERVAL DAY) as one day, but CAST($1 AS INTERVAL DAY) with
      // '1' bound as one second, truncated to 0 days: a parameter cannot carry its meaning
      throw new IllegalArgumentException(
          "a string cast to an interval cannot be sent to the database as a parameter; write an"
              + " interval literal (INTERVAL '1' DAY, INTERVAL '5 years')");
    }
    RexCall visited = (RexCall) super.visitCall(call);
    if ((visited.getKind() == SqlKind.IS_NULL || visited.getKind() == SqlKind.IS_NOT_NULL)
        && visited.getOperands().get(0) instanceof RexDynamicParam p) {
      RelDataType t =
          SqlTypeUtil.isCharacter(p.getType())
              ? rex.getTypeFactory().createSqlType(SqlTypeName.VARCHAR)
              : p.getType();
      return visited.clone(visited.getType(), List.of(rex.makeAbstractCast(t, p)));
    }
    return visited;
  }

  /**
   * {@code date_trunc(unit, CAST(d AS TIMESTAMP))} for a DATE {@code d}: the analyzer types the
   * truncation of a date as TIMESTAMP, which is what both backends then return (PostgreSQL would
   * otherwise convert the date to a timestamp WITH time zone, whose text depends on the session's
   * TimeZone; H2 would return a DATE). The wall-clock value is the same.
   */
  private RexCall truncatedAsTimestamp(RexCall call) {
    List<RexNode> ops = new java.util.ArrayList<>(call.getOperands());
    boolean changed = false;
    for (int i = 0; i < ops.size(); i++) {
      if (ops.get(i).getType().getSqlTypeName() == SqlTypeName.DATE) {
        RelDataType ts =
            rex.getTypeFactory()
                .createTypeWithNullability(
                    rex.getTypeFactory().createSqlType(SqlTypeName.TIMESTAMP, 0),
                    ops.get(i).getType().isNullable());
        ops.set(i, rex.makeAbstractCast(ts, ops.get(i)));
        changed = true;
      }
    }
    return changed ? call.clone(call.getType(), ops) : call;
  }

  /** {@code DATE_TRUNC(MONTH, x)} for a unit literal H2 knows as a keyword; else null. */
  private RexNode h2DateTrunc(RexCall call) {
    if (call.getOperands().size() != 2
        || !(call.getOperands().get(0) instanceof RexLiteral unit)
        || !SqlTypeFamily.CHARACTER.contains(unit.getType())) {
      return null;
    }
    String unitName = unit.getValueAs(NlsString.class).getValue().trim().toUpperCase(Locale.ROOT);
    if (unitName.equals("WEEK")) {
      // H2's WEEK starts on its locale's first day (Sunday); PostgreSQL's week is ISO (Monday)
      List<RexNode> operands =
          List.of(rex.makeFlag(H2Field.ISO_WEEK), call.getOperands().get(1).accept(this));
      return call.clone(call.getType(), operands);
    }
    for (TimeUnitRange r : TimeUnitRange.values()) {
      if (r.name().equals(unitName) && r.endUnit == null) {
        List<RexNode> operands = List.of(rex.makeFlag(r), call.getOperands().get(1).accept(this));
        return call.clone(call.getType(), operands);
      }
    }
    return null;
  }

  /** H2: the epoch plus that many seconds, as a timestamp with time zone. */
  private RexNode h2ToTimestamp(RexCall call) {
    if (call.getOperands().size() != 1) {
      throw new IllegalArgumentException(
          "to_timestamp(text, format) has no equivalent on H2; compare with a TIMESTAMP literal"
              + " or use to_timestamp(epoch seconds)");
    }
    RexNode seconds = call.getOperands().get(0).accept(this);
    byIndex.add(
        new ParameterSource.Constant(
            OffsetDateTime.of(1970, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC),
            Types.TIMESTAMP_WITH_TIMEZONE));
    RelDataType type = call.getType();
    RexNode epoch = rex.makeAbstractCast(type, new RexDynamicParam(type, byIndex.size() - 1));
    RexNode oneSecond = boundInterval(TimeUnit.SECOND, BigDecimal.ONE, null);
    RexNode span =
        rex.makeCall(
            oneSecond.getType(), SqlStdOperatorTable.MULTIPLY, List.of(oneSecond, seconds));
    return rex.makeCall(type, SqlStdOperatorTable.PLUS, List.of(epoch, span));
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

  /** Year-month units, largest first, with their length in months. */
  private static final TimeUnit[] MONTH_UNITS = {TimeUnit.YEAR, TimeUnit.MONTH};

  /** Day-time units, largest first (Calcite counts them in milliseconds). */
  private static final TimeUnit[] TIME_UNITS = {
    TimeUnit.DAY, TimeUnit.HOUR, TimeUnit.MINUTE, TimeUnit.SECOND
  };

  /**
   * The interval literal as a bound parameter cast to an interval type, its length stated in the
   * largest unit that states it exactly (see the class Javadoc); the cast keeps the literal's type
   * for the expressions above it.
   */
  private RexNode interval(RexLiteral literal) {
    BigDecimal v = literal.getValueAs(BigDecimal.class); // months, or milliseconds
    boolean months = SqlTypeFamily.INTERVAL_YEAR_MONTH.contains(literal.getType());
    TimeUnit unit = TimeUnit.SECOND;
    for (TimeUnit u : months ? MONTH_UNITS : TIME_UNITS) {
      if (v.remainder(u.multiplier).signum() == 0) {
        unit = u;
        break;
      }
    }
    BigDecimal amount = v.divide(unit.multiplier, java.math.MathContext.DECIMAL128);
    return boundInterval(unit, amount, literal.getType());
  }

  /**
   * {@code CAST(? AS INTERVAL)} bound to {@code amount} units: on PostgreSQL an ISO 8601 duration
   * ({@code P5Y}, {@code P-30D}, {@code PT26H}, {@code PT0.5S}), whose designators state the unit
   * whatever the cast's fields; on H2 the number, read as that many units of the cast's field
   * ({@code CAST(? AS INTERVAL DAY(18))}). Typed {@code type} (null: the unit's own interval type).
   */
  private RexNode boundInterval(TimeUnit unit, BigDecimal amount, RelDataType type) {
    String n = amount.stripTrailingZeros().toPlainString();
    if (backend == Backend.H2) {
      byIndex.add(new ParameterSource.Constant(n, Types.VARCHAR));
    } else {
      String iso =
          switch (unit) {
            case YEAR -> "P" + n + "Y";
            case MONTH -> "P" + n + "M";
            case DAY -> "P" + n + "D";
            case HOUR -> "PT" + n + "H";
            case MINUTE -> "PT" + n + "M";
            default -> "PT" + n + "S";
          };
      byIndex.add(new ParameterSource.Constant(iso, Types.OTHER));
    }
    RelDataType own =
        rex.getTypeFactory()
            .createSqlIntervalType(new SqlIntervalQualifier(unit, null, SqlParserPos.ZERO));
    RexNode param =
        new RexDynamicParam(
            rex.getTypeFactory().createSqlType(SqlTypeName.VARCHAR), byIndex.size() - 1);
    return rex.makeAbstractCast(type == null ? own : type, param);
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
