package dev.dpjdbc.analyze.rewrite;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.plan.ParameterSource;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.rel.type.RelDataTypeSystem;
import org.apache.calcite.sql.SqlBinaryStringLiteral;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDateLiteral;
import org.apache.calcite.sql.SqlIntervalLiteral;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlTimeLiteral;
import org.apache.calcite.sql.SqlTimestampLiteral;
import org.apache.calcite.sql.SqlUnknownLiteral;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.BitString;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;

/**
 * Turns one literal of the analyst's WHERE into a bind parameter whose value is what the parser
 * decoded (quotes, escapes and the literal's spelling are gone), typed so the backend gives it the
 * type it would give the literal:
 *
 * <ul>
 *   <li>a string: a bare {@code ?} ({@link Backend#string}: untyped on PostgreSQL);
 *   <li>an integer: {@code CAST(? AS INTEGER)} (BIGINT beyond 32 bits, NUMERIC beyond 64), a number
 *       with a point or an exponent: {@code CAST(? AS NUMERIC)} — PostgreSQL's rules for numeric
 *       literals;
 *   <li>{@code DATE/TIME/TIMESTAMP '...'}: {@code CAST(? AS DATE)} etc., the value in its canonical
 *       form (PostgreSQL reads it with its own input function; H2 gets a java.time value);
 *   <li>{@code INTERVAL '...' unit}: {@code CAST(? AS INTERVAL unit)} with an unambiguous value
 *       (ISO 8601 on PostgreSQL, whose reading of {@code '1'} as an interval depends on the unit);
 *   <li>{@code X'..'}: {@code CAST(? AS BYTEA)} (VARBINARY on H2);
 *   <li>TRUE, FALSE, UNKNOWN, NULL and symbols (TRIM's BOTH) stay keywords: they carry no text.
 * </ul>
 *
 * Every {@code CAST} made here converts a value that is already valid for its type, so it cannot
 * fail; they are recorded in {@link #safe} and need no preflight.
 */
final class LiteralBinder {
  private final Backend backend;
  private final Slots slots;
  private final Set<SqlNode> safe;

  LiteralBinder(Backend backend, Slots slots, Set<SqlNode> safe) {
    this.backend = backend;
    this.slots = slots;
    this.safe = safe;
  }

  /** The replacement for {@code literal}; a value Java cannot hold is refused (22007/22003). */
  SqlNode bind(SqlLiteral literal) throws SQLException {
    try {
      return bindChecked(literal);
    } catch (java.time.DateTimeException e) {
      throw new SQLException("invalid date/time literal " + literal + ": " + firstLine(e), "22007");
    } catch (ArithmeticException | NumberFormatException e) {
      throw new SQLException("invalid numeric literal " + literal + ": " + firstLine(e), "22003");
    }
  }

  private SqlNode bindChecked(SqlLiteral literal) throws SQLException {
    SqlLiteral lit = literal instanceof SqlUnknownLiteral u ? resolve(u) : literal;
    SqlParserPos pos = lit.getParserPosition();
    SqlTypeName type = lit.getTypeName();
    if (type == SqlTypeName.NULL || type == SqlTypeName.BOOLEAN || type == SqlTypeName.SYMBOL) {
      return lit;
    }
    if (lit instanceof SqlCharStringLiteral s) {
      return string(s.getValueAs(String.class), pos);
    }
    if (lit instanceof SqlNumericLiteral n) {
      return number(n, pos);
    }
    if (lit instanceof SqlDateLiteral d) {
      String v = d.getValueAs(DateString.class).toString();
      return backend == Backend.POSTGRESQL
          ? typed(backend.string(v), SqlTypeName.DATE, -1, pos)
          : typed(constant(LocalDate.parse(v), Types.DATE), SqlTypeName.DATE, -1, pos);
    }
    if (lit instanceof SqlTimeLiteral t) {
      String v = t.getValueAs(TimeString.class).toString();
      return backend == Backend.POSTGRESQL
          ? typed(backend.string(v), SqlTypeName.TIME, -1, pos)
          : typed(constant(LocalTime.parse(v), Types.TIME), SqlTypeName.TIME, fraction(v), pos);
    }
    if (lit instanceof SqlTimestampLiteral ts) {
      String v = ts.getValueAs(TimestampString.class).toString();
      return backend == Backend.POSTGRESQL
          ? typed(backend.string(v), SqlTypeName.TIMESTAMP, -1, pos)
          : typed(
              constant(LocalDateTime.parse(v.replace(' ', 'T')), Types.TIMESTAMP),
              SqlTypeName.TIMESTAMP,
              fraction(v),
              pos);
    }
    if (lit instanceof SqlIntervalLiteral iv) {
      return interval((SqlIntervalLiteral.IntervalValue) iv.getValue(), pos);
    }
    if (lit instanceof SqlBinaryStringLiteral b) {
      byte[] bytes = b.getValueAs(BitString.class).getAsByteArray();
      return typed(constant(bytes, Types.VARBINARY), SqlTypeName.VARBINARY, -1, pos);
    }
    throw CastTypes.unsupported(type.getName() + " literals");
  }

  /** A string constant: a bare {@code ?}, typed by the backend from its context. */
  SqlNode string(String value, SqlParserPos pos) {
    return slots.add(backend.string(value), pos);
  }

  private static SqlLiteral resolve(SqlUnknownLiteral u) throws SQLException {
    SqlTypeName type =
        switch (u.tag.toUpperCase(Locale.ROOT)) {
          case "DATE" -> SqlTypeName.DATE;
          case "TIME" -> SqlTypeName.TIME;
          case "TIMESTAMP" -> SqlTypeName.TIMESTAMP;
          default -> throw CastTypes.unsupported(u.tag + " literals");
        };
    try {
      return u.resolve(type);
    } catch (RuntimeException e) {
      throw new SQLException(
          "invalid " + u.tag + " literal: " + firstLine(e), AnalyzerSqlState.SYNTAX_ERROR.code());
    }
  }

  private SqlNode number(SqlNumericLiteral n, SqlParserPos pos) throws SQLException {
    BigDecimal v = n.getValueAs(BigDecimal.class);
    if (n.isExact() && v.scale() <= 0) {
      BigInteger i = v.toBigIntegerExact();
      if (i.bitLength() < 32) {
        return typed(constant(i.intValue(), Types.INTEGER), SqlTypeName.INTEGER, -1, pos);
      }
      if (i.bitLength() < 64) {
        return typed(constant(i.longValue(), Types.BIGINT), SqlTypeName.BIGINT, -1, pos);
      }
    }
    if (v.scale() < 0) {
      v = v.setScale(0);
    }
    int precision = Math.max(v.precision(), v.scale());
    if (precision > 1000) {
      throw CastTypes.unsupported("numeric literals of more than 1000 digits");
    }
    ParameterSource.Constant c = constant(v, Types.NUMERIC);
    return backend == Backend.POSTGRESQL
        ? typed(c, SqlTypeName.DECIMAL, -1, pos)
        : typed(c, SqlTypeName.DECIMAL, precision, v.scale(), pos);
  }

  private SqlNode interval(SqlIntervalLiteral.IntervalValue iv, SqlParserPos pos)
      throws SQLException {
    SqlIntervalQualifier q = iv.getIntervalQualifier();
    String text = iv.getIntervalLiteral();
    int[] f;
    try {
      f = q.evaluateIntervalLiteral(text, pos, RelDataTypeSystem.DEFAULT);
    } catch (RuntimeException e) {
      throw new SQLException(
          "invalid interval literal: " + firstLine(e), AnalyzerSqlState.SYNTAX_ERROR.code());
    }
    boolean negative = f[0] * iv.getSign() < 0;
    TimeUnit start = q.getStartUnit();
    TimeUnit end = q.getEndUnit() == null ? start : q.getEndUnit();
    String frac = end == TimeUnit.SECOND && text.contains(".") ? fractionDigits(text) : "";
    String value;
    if (backend == Backend.POSTGRESQL) {
      if (negative && start == TimeUnit.DAY && end != TimeUnit.DAY) {
        // PostgreSQL applies a leading minus to the days only, or to every field, depending on
        // IntervalStyle: refuse rather than pick one
        throw CastTypes.unsupported(
            "negative INTERVAL literals spanning days and hours (write a sum of two intervals)");
      }
      value = Intervals.iso8601(q.isYearMonth(), f, negative, frac);
    } else {
      value = Intervals.h2(start, end, f, negative, frac);
    }
    SqlIntervalQualifier target = CastTypes.respell(q, backend, true);
    SqlNode cast =
        SqlStdOperatorTable.CAST.createCall(pos, slots.add(backend.string(value), pos), target);
    safe.add(cast);
    return cast;
  }

  private static ParameterSource.Constant constant(Object value, int jdbcType) {
    return new ParameterSource.Constant(value, jdbcType);
  }

  private SqlNode typed(
      ParameterSource.Constant c, SqlTypeName type, int precision, SqlParserPos pos)
      throws SQLException {
    return typed(c, type, precision, -1, pos);
  }

  private SqlNode typed(
      ParameterSource.Constant c, SqlTypeName type, int precision, int scale, SqlParserPos pos)
      throws SQLException {
    SqlDataTypeSpec spec = CastTypes.of(backend, type, precision, scale, pos);
    SqlNode cast = SqlStdOperatorTable.CAST.createCall(pos, slots.add(c, pos), spec);
    safe.add(cast);
    return cast;
  }

  /** Digits after the point of a time or timestamp's canonical form (0 when none). */
  private static int fraction(String v) {
    int dot = v.lastIndexOf('.');
    return dot < 0 ? 0 : Math.min(9, v.length() - dot - 1);
  }

  private static String fractionDigits(String text) {
    String digits = text.substring(text.lastIndexOf('.') + 1).strip();
    return digits.chars().allMatch(Character::isDigit) ? digits : "";
  }

  private static String firstLine(Throwable e) {
    String m = String.valueOf(e.getMessage());
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }
}
