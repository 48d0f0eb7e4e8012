package dev.dpjdbc.analyze.safety;

import dev.dpjdbc.analyze.bounds.ColumnMeta;
import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.rewrite.Backend;
import java.util.Locale;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Which non-finite values ({@link Fact#special}) a stored column can hold, by backend and type, and
 * which of them its enforced constraints rule out. Checked on PostgreSQL 14 and H2 2.3:
 *
 * <ul>
 *   <li>real and double precision: 'NaN', 'Infinity' and '-Infinity' on both backends;
 *   <li>PostgreSQL numeric: 'NaN' at every precision; '±Infinity' only when declared without
 *       precision (since PostgreSQL 14; {@code NUMERIC(p,s)} rejects them with "numeric field
 *       overflow"). H2's NUMERIC/DECIMAL hold neither; its DECFLOAT holds all three;
 *   <li>PostgreSQL date, timestamp and timestamptz: 'infinity' and '-infinity'; H2's none.
 * </ul>
 *
 * <p>A CHECK holds in the order −Infinity &lt; numbers &lt; +Infinity &lt; NaN on both backends
 * ('NaN' passes {@code CHECK (x >= 0)} and fails {@code CHECK (x <= 10)}, {@code BETWEEN} and
 * {@code IN}): an enforced upper bound rules out NaN and +Infinity, a lower bound −Infinity. The
 * range a {@code NUMERIC(p,s)} precision implies is not such a bound ('NaN' fits every precision).
 */
final class Specials {
  private Specials() {}

  /**
   * The non-finite values column {@code meta} (null when unknown) of Calcite type {@code t} may
   * hold on {@code backend}, given its enforced interval {@code iv}.
   */
  static int ofColumn(RelDataType t, ColumnMeta meta, Interval iv, Backend backend) {
    int s = stored(t, meta, backend);
    if (iv.upper() < Double.POSITIVE_INFINITY && !typeImplied(iv.upperSource())) {
      s &= ~(Fact.NAN | Fact.POS_INF);
    }
    if (iv.lower() > Double.NEGATIVE_INFINITY) {
      s &= ~Fact.NEG_INF; // only floats, unconstrained numerics and datetimes hold −Infinity
    }
    return s;
  }

  /** What the type can hold, before constraints. */
  static int stored(RelDataType t, ColumnMeta meta, Backend backend) {
    boolean postgres = backend != Backend.H2;
    String typeName = meta == null ? "" : meta.typeName().toLowerCase(Locale.ROOT);
    if (TypeLimits.isFloat(t) || typeName.equals("decfloat")) {
      return Fact.ANY_SPECIAL;
    }
    if (TypeLimits.isDecimal(t)) {
      if (!postgres) {
        return 0;
      }
      boolean constrained = meta != null && meta.precision() > 0;
      return constrained ? Fact.NAN : Fact.ANY_SPECIAL;
    }
    SqlTypeName n = t.getSqlTypeName();
    boolean datetime =
        n == SqlTypeName.DATE
            || n == SqlTypeName.TIMESTAMP
            || n == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE;
    return datetime && postgres ? Fact.POS_INF | Fact.NEG_INF : 0;
  }

  /** The value may take non-finite values of its type: real, double precision, numeric. */
  static int ofType(RelDataType t) {
    return TypeLimits.isFloat(t) || TypeLimits.isDecimal(t) ? Fact.ANY_SPECIAL : 0;
  }

  /**
   * An interval end that the column's type implies (NUMERIC(p,s), SMALLINT; see {@code
   * ConstraintCatalog}) rather than a constraint comparing the value: no bound on NaN.
   */
  private static boolean typeImplied(String source) {
    return source == null
        || source.startsWith("NUMERIC(")
        || source.equals("SMALLINT")
        || source.equals("TINYINT");
  }
}
