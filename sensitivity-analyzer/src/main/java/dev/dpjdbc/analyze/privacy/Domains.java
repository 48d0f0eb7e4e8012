package dev.dpjdbc.analyze.privacy;

import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.bounds.TableBounds.Domain;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.Sarg;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;

/**
 * Public domains: values in the representation {@code TableBounds.convert} uses, compared by value
 * (2, 2.0 and 2L are one value), built from literals and integer intervals.
 */
final class Domains {
  private Domains() {}

  /** A literal's value as Calcite holds it: BigDecimal, NlsString, Boolean, DateString, ... */
  static Comparable<?> raw(RexLiteral lit) {
    if (lit.isNull()) {
      return null;
    }
    SqlTypeName t = lit.getTypeName();
    return switch (t) {
      case DATE -> lit.getValueAs(DateString.class);
      case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> lit.getValueAs(TimestampString.class);
      case TIME -> lit.getValueAs(TimeString.class);
      case CHAR, VARCHAR -> lit.getValueAs(NlsString.class);
      case BOOLEAN -> lit.getValueAs(Boolean.class);
      case SARG -> lit.getValueAs(Sarg.class);
      default ->
          SqlTypeName.NUMERIC_TYPES.contains(t) || SqlTypeName.INTERVAL_TYPES.contains(t)
              ? lit.getValueAs(BigDecimal.class)
              : (Comparable<?>) lit.getValue();
    };
  }

  /**
   * A Calcite value (literal or Sarg point) in the domain representation of {@code type}: Integer,
   * Long, BigDecimal, Double, Boolean, else (text, dates) String.
   */
  static Object value(Object raw, RelDataType type) {
    if (raw instanceof NlsString s) {
      return s.getValue();
    }
    if (raw instanceof BigDecimal d) {
      return switch (type.getSqlTypeName()) {
        case TINYINT, SMALLINT, INTEGER -> d.intValue();
        case BIGINT -> d.longValue();
        case REAL, FLOAT, DOUBLE -> d.doubleValue();
        default -> d;
      };
    }
    if (raw instanceof Boolean || raw instanceof Number) {
      return raw;
    }
    return String.valueOf(raw);
  }

  /** Equal for values equal as SQL values of one type: numbers by value, others by text. */
  static String key(Object v) {
    if (v instanceof Number n) {
      return "n:" + new BigDecimal(n.toString()).stripTrailingZeros().toPlainString();
    }
    if (v instanceof NlsString s) {
      return "s:" + s.getValue();
    }
    if (v instanceof Boolean b) {
      return "b:" + b;
    }
    return "s:" + v;
  }

  /** The values of {@code d} whose keys are in {@code keys}. */
  static Domain retain(Domain d, Set<String> keys, String source) {
    return filter(d, v -> keys.contains(key(v)), source);
  }

  static Domain filter(Domain d, Predicate<Object> keep, String source) {
    List<Object> out = new ArrayList<>();
    for (Object v : d.values()) {
      if (keep.test(v)) {
        out.add(v);
      }
    }
    return new Domain(out, d.source() + "; " + source);
  }

  /** The distinct values of several domains, in first-seen order; null when one is null. */
  static Domain union(Collection<Domain> parts, String source) {
    Map<String, Object> all = new LinkedHashMap<>();
    for (Domain d : parts) {
      if (d == null) {
        return null;
      }
      d.values().forEach(v -> all.putIfAbsent(key(v), v));
    }
    return new Domain(new ArrayList<>(all.values()), source);
  }

  /** Values common to both. */
  static Domain intersect(Domain a, Domain b) {
    if (a == null || b == null) {
      return a == null ? b : a;
    }
    Set<String> keys = new java.util.HashSet<>();
    b.values().forEach(v -> keys.add(key(v)));
    return retain(a, keys, b.source());
  }

  /** The integers of a bounded interval of an integer type with at most {@code max}, or null. */
  static Domain integerRange(Interval iv, RelDataType type, int max) {
    if (!SqlTypeUtil.isIntType(type) || !iv.bounded()) {
      return null;
    }
    double lo = Math.ceil(iv.lower());
    double hi = Math.floor(iv.upper());
    if (hi - lo >= max || hi < lo) {
      return null;
    }
    List<Object> out = new ArrayList<>();
    for (long v = (long) lo; v <= (long) hi; v++) {
      out.add(value(BigDecimal.valueOf(v), type));
    }
    return new Domain(out, "integer range of " + iv.source());
  }

  /** The number a domain value stands for, or NaN for text and booleans. */
  static double number(Object v) {
    return v instanceof Number n ? n.doubleValue() : Double.NaN;
  }

  /** Numeric domain values inside {@code iv} (non-numeric domains are kept whole). */
  static Domain within(Domain d, Interval iv, String source) {
    if (d == null) {
      return null;
    }
    return filter(
        d,
        v -> {
          double x = number(v);
          return Double.isNaN(x) || (x >= iv.lower() && x <= iv.upper());
        },
        source);
  }
}
