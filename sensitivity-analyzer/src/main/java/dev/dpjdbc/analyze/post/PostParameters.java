package dev.dpjdbc.analyze.post;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.TimestampString;

/**
 * The analyst's parameters above the DP boundary ({@code LIMIT ?}, {@code OFFSET ?}, {@code HAVING
 * COUNT(*) > ?}, {@code SUM(x) / ?}): Calcite's interpreter reads a LIMIT or OFFSET only as a
 * literal, so the values are bound into the post-processing plan as literals of the types the
 * validator inferred, once per execution, before the analyst is charged.
 *
 * <p>Conversion follows what PostgreSQL accepts for a typed parameter: a number of any Java class
 * for a numeric type (an exact type takes only whole numbers within its range), a string that reads
 * as the type, {@code Boolean}, {@code LocalDate}/{@code java.sql.Date}, {@code
 * LocalDateTime}/{@code java.sql.Timestamp}; NULL for any type. A value that does not convert is
 * refused with 22023 naming the parameter. LIMIT and OFFSET follow PostgreSQL: NULL means no limit
 * (no offset); a negative LIMIT is 2201W, a negative OFFSET 2201X.
 */
final class PostParameters {
  private PostParameters() {}

  /** PostgreSQL's {@code invalid_row_count_in_limit_clause}. */
  static final String NEGATIVE_LIMIT = "2201W";

  /** PostgreSQL's {@code invalid_row_count_in_result_offset_clause}. */
  static final String NEGATIVE_OFFSET = "2201X";

  /** The parameters {@code plan} reads, by analyst index, with their types. */
  static Map<Integer, RelDataType> of(RelNode plan) {
    Map<Integer, RelDataType> out = new TreeMap<>();
    RexShuttle collect =
        new RexShuttle() {
          @Override
          public RexNode visitDynamicParam(RexDynamicParam p) {
            out.put(p.getIndex(), p.getType());
            return p;
          }
        };
    for (RelNode r = plan; ; r = r.getInput(0)) {
      r.accept(collect); // visits every expression of r, a Sort's OFFSET and FETCH included
      if (r.getInputs().isEmpty()) {
        return out;
      }
    }
  }

  /** Refuses (0A000) a parameter of a type {@link #bind} cannot make a literal of. */
  static void checkBindable(Map<Integer, RelDataType> parameters) throws SQLException {
    for (Map.Entry<Integer, RelDataType> p : parameters.entrySet()) {
      if (!BINDABLE.contains(p.getValue().getSqlTypeName())) {
        throw new SQLException(
            "parameter $"
                + (p.getKey() + 1)
                + " has type "
                + p.getValue().getFullTypeString()
                + ", which dpjdbc cannot bind above the aggregates; cast it to a number, text,"
                + " boolean, date or timestamp",
            AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
      }
    }
  }

  private static final java.util.Set<SqlTypeName> BINDABLE =
      java.util.EnumSet.of(
          SqlTypeName.TINYINT,
          SqlTypeName.SMALLINT,
          SqlTypeName.INTEGER,
          SqlTypeName.BIGINT,
          SqlTypeName.DECIMAL,
          SqlTypeName.REAL,
          SqlTypeName.FLOAT,
          SqlTypeName.DOUBLE,
          SqlTypeName.CHAR,
          SqlTypeName.VARCHAR,
          SqlTypeName.BOOLEAN,
          SqlTypeName.DATE,
          SqlTypeName.TIMESTAMP);

  /**
   * {@code plan} with parameter {@code i} replaced by a literal of {@code values.get(i)}.
   *
   * @throws SQLException 22023 when a value does not convert to its parameter's type or is missing;
   *     2201W/2201X for a negative LIMIT/OFFSET
   */
  static RelNode bind(RelNode plan, List<Object> values) throws SQLException {
    RexBuilder rex = plan.getCluster().getRexBuilder();
    Map<Integer, RexNode> literals = new TreeMap<>();
    for (Map.Entry<Integer, RelDataType> p : of(plan).entrySet()) {
      int i = p.getKey();
      if (i >= values.size()) {
        throw new SQLException(
            "parameter $" + (i + 1) + " is not bound; bind every parameter before executing",
            AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
      }
      literals.put(i, literal(rex, values.get(i), p.getValue(), i));
    }
    return literals.isEmpty() ? plan : substitute(plan, literals);
  }

  private static RelNode substitute(RelNode rel, Map<Integer, RexNode> literals)
      throws SQLException {
    List<RelNode> inputs = new ArrayList<>();
    for (RelNode in : rel.getInputs()) {
      inputs.add(substitute(in, literals));
    }
    RexShuttle replace =
        new RexShuttle() {
          @Override
          public RexNode visitDynamicParam(RexDynamicParam p) {
            return literals.get(p.getIndex());
          }
        };
    if (rel instanceof Sort s) {
      RexBuilder rex = s.getCluster().getRexBuilder();
      RexNode offset = rowCount(rex, s.offset, literals, "OFFSET", NEGATIVE_OFFSET);
      RexNode fetch = rowCount(rex, s.fetch, literals, "LIMIT", NEGATIVE_LIMIT);
      if (offset == null && fetch == null && s.getCollation().getFieldCollations().isEmpty()) {
        return inputs.get(0); // LIMIT NULL and no ORDER BY: nothing left to do
      }
      return s.copy(s.getTraitSet(), inputs.get(0), s.getCollation(), offset, fetch);
    }
    return rel.copy(rel.getTraitSet(), inputs).accept(replace);
  }

  /**
   * A LIMIT/OFFSET as a literal the interpreter reads (an int, so capped at 2^31 − 1, far above any
   * number of released rows); NULL means none; negative is refused as PostgreSQL does.
   */
  private static RexNode rowCount(
      RexBuilder rex, RexNode e, Map<Integer, RexNode> literals, String clause, String state)
      throws SQLException {
    RexNode v = e instanceof RexDynamicParam p ? literals.get(p.getIndex()) : e;
    while (v instanceof org.apache.calcite.rex.RexCall c && c.getKind() == SqlKind.CAST) {
      v = c.getOperands().get(0);
    }
    if (!(v instanceof RexLiteral l) || l.isNull()) {
      return null;
    }
    BigDecimal n = l.getValueAs(BigDecimal.class);
    if (n.signum() < 0) {
      throw new SQLException(clause + " must not be negative (got " + n + ")", state);
    }
    return rex.makeExactLiteral(n.min(BigDecimal.valueOf(Integer.MAX_VALUE)));
  }

  /**
   * The value as a literal of {@code type} (cast to it where the literal's own type differs in more
   * than nullability; text to unbounded VARCHAR, as PostgreSQL types a text parameter, never
   * truncated to the length Calcite inferred from a column); 22023 when it does not convert.
   */
  static RexNode literal(RexBuilder rex, Object v, RelDataType type, int index)
      throws SQLException {
    if (v == null) {
      return rex.makeNullLiteral(type);
    }
    RexNode l = value(rex, v, type, index);
    if (SqlTypeUtil.equalSansNullability(rex.getTypeFactory(), l.getType(), type)) {
      return l;
    }
    RelDataType target =
        SqlTypeUtil.isCharacter(type)
            ? rex.getTypeFactory().createSqlType(SqlTypeName.VARCHAR)
            : type;
    return rex.makeAbstractCast(
        rex.getTypeFactory().createTypeWithNullability(target, type.isNullable()), l);
  }

  private static RexNode value(RexBuilder rex, Object v, RelDataType type, int index)
      throws SQLException {
    SqlTypeName t = type.getSqlTypeName();
    try {
      switch (t) {
        case TINYINT, SMALLINT, INTEGER, BIGINT -> {
          BigDecimal d = number(v).stripTrailingZeros();
          BigInteger whole = d.toBigIntegerExact(); // ArithmeticException: a fraction
          BigInteger max = BigInteger.valueOf(TYPE_MAX.get(t));
          if (whole.abs().compareTo(max) > 0) {
            throw new ArithmeticException("out of range");
          }
          return rex.makeExactLiteral(new BigDecimal(whole), type);
        }
        case DECIMAL -> {
          return rex.makeExactLiteral(number(v), type);
        }
        case REAL, FLOAT, DOUBLE -> {
          return rex.makeApproxLiteral(number(v), type);
        }
        case CHAR, VARCHAR -> {
          return rex.makeCharLiteral(new NlsString(String.valueOf(v), null, null));
        }
        case BOOLEAN -> {
          return rex.makeLiteral(bool(v));
        }
        case DATE -> {
          LocalDate d =
              v instanceof java.sql.Date sd
                  ? sd.toLocalDate()
                  : v instanceof LocalDate ld ? ld : LocalDate.parse(v.toString().trim());
          return rex.makeDateLiteral(DateString.fromDaysSinceEpoch((int) d.toEpochDay()));
        }
        case TIMESTAMP -> {
          LocalDateTime d =
              v instanceof java.sql.Timestamp ts
                  ? ts.toLocalDateTime()
                  : v instanceof LocalDateTime l
                      ? l
                      : LocalDateTime.parse(v.toString().trim().replace(' ', 'T'));
          return rex.makeTimestampLiteral(
              TimestampString.fromMillisSinceEpoch(
                      d.toInstant(java.time.ZoneOffset.UTC).toEpochMilli())
                  .withNanos(d.getNano()),
              type.getPrecision());
        }
        default -> {
          throw new SQLException(
              "parameter $"
                  + (index + 1)
                  + " has type "
                  + type.getFullTypeString()
                  + ", which dpjdbc cannot bind above the aggregates; cast it to a number, text,"
                  + " boolean, date or timestamp",
              AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
        }
      }
    } catch (RuntimeException e) {
      throw new SQLException(
          "parameter $"
              + (index + 1)
              + " must be "
              + type.getSqlTypeName().getName().toLowerCase(java.util.Locale.ROOT)
              + ", got "
              + v.getClass().getSimpleName()
              + " "
              + v,
          AnalyzerSqlState.INVALID_PARAMETER_VALUE.code(),
          e);
    }
  }

  private static final Map<SqlTypeName, Long> TYPE_MAX =
      Map.of(
          SqlTypeName.TINYINT, (long) Byte.MAX_VALUE,
          SqlTypeName.SMALLINT, (long) Short.MAX_VALUE,
          SqlTypeName.INTEGER, (long) Integer.MAX_VALUE,
          SqlTypeName.BIGINT, Long.MAX_VALUE);

  private static BigDecimal number(Object v) {
    if (v instanceof BigDecimal d) {
      return d;
    }
    if (v instanceof BigInteger i) {
      return new BigDecimal(i);
    }
    if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        throw new NumberFormatException("not a finite number");
      }
      return BigDecimal.valueOf(d);
    }
    if (v instanceof Number n) {
      return BigDecimal.valueOf(n.longValue());
    }
    if (v instanceof String s) {
      return new BigDecimal(s.trim());
    }
    throw new IllegalArgumentException("not a number");
  }

  private static boolean bool(Object v) {
    if (v instanceof Boolean b) {
      return b;
    }
    String s = v.toString().trim().toLowerCase(java.util.Locale.ROOT);
    return switch (s) {
      case "t", "true", "yes", "y", "on", "1" -> true;
      case "f", "false", "no", "n", "off", "0" -> false;
      default -> throw new IllegalArgumentException("not a boolean");
    };
  }
}
