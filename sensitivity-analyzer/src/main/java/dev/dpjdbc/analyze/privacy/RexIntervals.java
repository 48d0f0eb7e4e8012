package dev.dpjdbc.analyze.privacy;

import dev.dpjdbc.analyze.bounds.Interval;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexVisitorImpl;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Interval arithmetic over row expressions: the interval a value of {@code e} lies in whenever it
 * is not NULL, given the intervals of the input columns. Every rule is sound (the true value is
 * always inside) and data-independent (it reads only the input intervals and the literals):
 *
 * <ul>
 *   <li>literals are points; + and − add the ends; × takes the min/max of the four products; / only
 *       when the divisor's interval excludes 0 (integer division truncating toward zero); MOD is
 *       bounded by the dividend and the divisor; unary minus flips;
 *   <li>CASE takes the hull of its branch values (NULL adds nothing), each computed where its own
 *       condition is TRUE and the earlier ones are not ({@link Guards}): {@code CASE WHEN x < 0
 *       THEN 0 WHEN x > 50 THEN 50 ELSE x END} is [0, 50] for an unbounded x, and so are the CASEs
 *       Calcite makes of {@code LEAST(GREATEST(x, 0), 50)} and {@code GREATEST(0, LEAST(x, 50))};
 *       COALESCE takes the hull of its operands; NULLIF keeps its first operand's;
 *   <li>width_bucket(x, lo, hi, n) with a literal n is [0, n + 1];
 *   <li>ABS, FLOOR, CEIL, ROUND and TRUNCATE are applied to the ends (they are monotone; ROUND's
 *       ends are taken under both tie rules, PostgreSQL's numeric and double differ); LEAST and
 *       GREATEST as in PostgreSQL, which ignores NULL arguments, so only non-nullable arguments may
 *       lower LEAST's upper end (and raise GREATEST's lower end);
 *   <li>CAST keeps the interval, rounding outward to an integer or a smaller scale; a cast to a
 *       narrower type keeps it too and says so (the backend raises an error for a value outside);
 *       BOOLEAN to a number gives [0, 1]; dates, timestamps, EXTRACT and date truncation are in
 *       {@link DatetimeRanges};
 *   <li>anything else (comparisons, text, unknown functions, bind parameters) is unbounded.
 * </ul>
 *
 * <p>NaN and infinities: in PostgreSQL (real, double precision, numeric) and H2 (real, double) NaN
 * equals itself and sorts above every number, +Infinity included, in comparisons, LEAST/GREATEST
 * and CHECKs. An interval is read in that order: a finite upper end excludes NaN and ±Infinity, an
 * infinite one admits them. Arithmetic over an operand of such a type with an infinite end may give
 * NaN (NaN in, ∞ × 0, ∞ − ∞), so its result keeps no upper end.
 *
 * <p>Public for {@code analyze.safety}, which asks it for the interval of one operator at a time
 * over operand intervals it narrowed itself (CASE guards).
 *
 * <p>The ends of + − × are computed exactly in decimal and rounded to the nearest double; those of
 * / outward. The rewrite clamps in SQL to the bounds it uses, so a rounding can cost utility but
 * not privacy.
 */
public final class RexIntervals {
  private static final String GUARDED = "bounded by the conditions of its CASE";
  private final List<ColumnFacts> in;
  private final List<String> names;
  private final List<String> notes = new ArrayList<>();
  private Guards guards = Guards.NONE;

  /** Intervals of expressions over input columns with the facts {@code in}. */
  public RexIntervals(List<ColumnFacts> in) {
    this.in = in;
    this.names = in.stream().map(ColumnFacts::name).toList();
  }

  /** The interval of {@code e}, with a source naming the expression and its inputs' sources. */
  public Interval interval(RexNode e) {
    if (e instanceof RexInputRef ref) {
      return in.get(ref.getIndex()).interval();
    }
    notes.clear();
    Range r = range(e);
    if (r.isEmpty() || r.isAll()) {
      return Interval.UNBOUNDED;
    }
    return Interval.of(r.lo(), r.hi(), source(e));
  }

  private String source(RexNode e) {
    Set<String> leaves = new LinkedHashSet<>();
    e.accept(
        new RexVisitorImpl<Void>(true) {
          @Override
          public Void visitInputRef(RexInputRef ref) {
            Interval iv = in.get(ref.getIndex()).interval();
            if (iv.lower() > Double.NEGATIVE_INFINITY || iv.upper() < Double.POSITIVE_INFINITY) {
              leaves.add(names.get(ref.getIndex()) + ": " + iv.source());
            }
            return null;
          }
        });
    String text = RexText.render(e, names);
    // no bounded column inside: the interval comes from the expression's own form (a CASE of
    // literals, an analyst's LEAST/GREATEST clamp, a boolean cast, a calendar field)
    String from =
        leaves.isEmpty()
            ? " from its constants and operators alone"
            : " from " + String.join("; ", leaves);
    String note = notes.isEmpty() ? "" : " (" + String.join("; ", notes) + ")";
    return text + from + note;
  }

  Range range(RexNode e) {
    Range r = shape(e);
    Range g = guards.of(e);
    if (g == null || r.isEmpty()) {
      return r;
    }
    Range n = r.intersect(g);
    if (!n.equals(r) && !notes.contains(GUARDED)) {
      notes.add(GUARDED);
    }
    return n.isEmpty() ? Range.EMPTY : n;
  }

  /** The range of {@code e} from its operands, before the guards of enclosing CASEs. */
  private Range shape(RexNode e) {
    if (e instanceof RexInputRef ref) {
      Interval iv = in.get(ref.getIndex()).interval();
      return new Range(iv.lower(), iv.upper());
    }
    if (e instanceof RexLiteral lit) {
      return DatetimeRanges.literal(lit);
    }
    if (!(e instanceof RexCall call)) {
      return Range.ALL; // bind parameters, correlation variables, ...
    }
    List<RexNode> ops = call.getOperands();
    return switch (call.getKind()) {
      case PLUS, MINUS, TIMES, DIVIDE, MOD -> arithmetic(call);
      case MINUS_PREFIX -> arithmetic(call);
      case PLUS_PREFIX, NULLIF -> range(ops.get(0));
      case CASE -> caseRange(ops);
      case COALESCE -> ops.stream().map(this::range).reduce(Range.EMPTY, Range::hull);
      case CAST, SAFE_CAST -> cast(ops.get(0), call.getType());
      case GREATEST, GREATEST_PG -> extremum(ops, false);
      case LEAST, LEAST_PG -> extremum(ops, true);
      case FLOOR, CEIL -> {
        boolean ceil = call.getKind() == SqlKind.CEIL;
        if (ops.size() == 1) {
          yield range(ops.get(0)).monotone(ceil ? Math::ceil : Math::floor);
        }
        yield DatetimeRanges.trunc(
            DatetimeRanges.unit(ops.get(1)),
            ceil,
            ops.get(0).getType(),
            call.getType(),
            range(ops.get(0)));
      }
      case EXTRACT -> DatetimeRanges.extract(call, this);
      case DATE_TRUNC -> DatetimeRanges.dateTrunc(call, this);
      default -> byName(call);
    };
  }

  private Range byName(RexCall call) {
    List<RexNode> ops = call.getOperands();
    String name = call.getOperator().getName().toUpperCase(Locale.ROOT);
    return switch (name) {
      case "ABS" -> Range.abs(range(ops.get(0)));
      case "ROUND" -> round(call, false);
      case "TRUNCATE", "TRUNC" -> round(call, true);
      case "DATE_PART" -> DatetimeRanges.extract(call, this);
      case "DATE_TRUNC", "TIMESTAMP_TRUNC" -> DatetimeRanges.dateTrunc(call, this);
      case "WIDTH_BUCKET" -> widthBucket(ops);
      default -> Range.ALL; // unknown function: nothing is known
    };
  }

  /** width_bucket(x, lo, hi, n) is 0..n+1 for a literal n >= 1 (an error otherwise). */
  private static Range widthBucket(List<RexNode> ops) {
    if (ops.size() == 4 && ops.get(3) instanceof RexLiteral n && !n.isNull()) {
      BigDecimal v = n.getValueAs(BigDecimal.class);
      if (v != null && v.signum() > 0) {
        return new Range(0, v.doubleValue() + 1);
      }
    }
    return Range.ALL;
  }

  private static boolean numeric(RexCall call) {
    if (!SqlTypeUtil.isNumeric(call.getType())) {
      return false;
    }
    return call.getOperands().stream().allMatch(o -> SqlTypeUtil.isNumeric(o.getType()));
  }

  /**
   * Each branch value under its own condition and the earlier conditions not being TRUE ({@link
   * Guards}); the hull of the branches.
   */
  private Range caseRange(List<RexNode> ops) {
    Guards outer = guards;
    try {
      Guards rest = outer;
      Range h = Range.EMPTY;
      for (int i = 0; i + 1 < ops.size(); i += 2) {
        guards = rest.assumeTrue(ops.get(i));
        h = h.hull(range(ops.get(i + 1)));
        rest = rest.assumeNotTrue(ops.get(i));
      }
      guards = rest;
      return h.hull(range(ops.get(ops.size() - 1)));
    } finally {
      guards = outer;
    }
  }

  /** + − × / MOD and unary minus over numbers; datetime ± interval in {@link DatetimeRanges}. */
  private Range arithmetic(RexCall call) {
    SqlKind kind = call.getKind();
    if (!numeric(call)) {
      if (kind == SqlKind.MINUS_PREFIX) {
        return Range.negate(range(call.getOperands().get(0))); // an interval
      }
      boolean dt =
          (kind == SqlKind.PLUS || kind == SqlKind.MINUS) && SqlTypeUtil.isDatetime(call.getType());
      return dt ? DatetimeRanges.shift(call, this, kind == SqlKind.MINUS) : Range.ALL;
    }
    List<RexNode> ops = call.getOperands();
    List<Range> r = ops.stream().map(this::range).toList();
    Range out =
        switch (kind) {
          case PLUS -> Range.add(r.get(0), r.get(1));
          case MINUS -> Range.add(r.get(0), Range.negate(r.get(1)));
          case TIMES -> Range.times(r.get(0), r.get(1));
          case DIVIDE -> divide(call, r.get(0), r.get(1));
          case MOD -> Range.mod(r.get(0), r.get(1));
          default -> Range.negate(r.get(0));
        };
    for (int i = 0; i < ops.size(); i++) {
      if (mayBeNonFinite(ops.get(i), r.get(i)) && !out.isEmpty()) {
        return new Range(out.lo(), Double.POSITIVE_INFINITY); // NaN sorts above every number
      }
    }
    return out;
  }

  /**
   * A value of {@code e} may be NaN or infinite: its type can hold them (real and double precision;
   * numeric in PostgreSQL) and its range has an infinite end. Arithmetic can then give NaN (NaN in,
   * ∞ × 0, ∞ − ∞), which PostgreSQL and H2 order above +∞: the result has no upper end.
   */
  private static boolean mayBeNonFinite(RexNode e, Range r) {
    RelDataType t = e.getType();
    boolean holds = SqlTypeUtil.isApproximateNumeric(t) || SqlTypeUtil.isDecimal(t);
    return holds && !r.isEmpty() && (Double.isInfinite(r.lo()) || Double.isInfinite(r.hi()));
  }

  private Range divide(RexCall call, Range x, Range y) {
    if (x.isEmpty() || y.isEmpty()) {
      return Range.EMPTY;
    }
    if (y.contains(0)) {
      notes.add("the divisor's interval includes 0");
      return Range.ALL;
    }
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (double a : new double[] {x.lo(), x.hi()}) {
      for (double b : new double[] {y.lo(), y.hi()}) {
        double q = quotient(a, b, RoundingMode.FLOOR);
        double q2 = quotient(a, b, RoundingMode.CEILING);
        if (Double.isNaN(q) || Double.isNaN(q2)) {
          return Range.ALL;
        }
        lo = Math.min(lo, q);
        hi = Math.max(hi, q2);
      }
    }
    Range r = new Range(lo, hi);
    // integer division truncates toward zero, a non-decreasing function of the real quotient
    return SqlTypeUtil.isIntType(call.getType())
        ? r.monotone(v -> v < 0 ? Math.ceil(v) : Math.floor(v))
        : r;
  }

  private static double quotient(double a, double b, RoundingMode mode) {
    if (Double.isInfinite(a) || Double.isInfinite(b)) {
      return a / b; // ∞/∞ is NaN: unbounded
    }
    return BigDecimal.valueOf(a)
        .divide(BigDecimal.valueOf(b), new MathContext(34, mode))
        .doubleValue();
  }

  private Range extremum(List<RexNode> ops, boolean least) {
    double all = least ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY; // LEAST: min lo
    double nonNull = least ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
    double any = least ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    boolean someNonNull = false;
    for (RexNode o : ops) {
      Range r = range(o);
      if (r.isEmpty()) {
        continue;
      }
      double near = least ? r.lo() : r.hi(); // the end the extremum can reach
      double far = least ? r.hi() : r.lo(); // the end that caps it, if the argument is present
      all = least ? Math.min(all, near) : Math.max(all, near);
      any = least ? Math.max(any, far) : Math.min(any, far);
      if (!o.getType().isNullable()) {
        someNonNull = true;
        nonNull = least ? Math.min(nonNull, far) : Math.max(nonNull, far);
      }
    }
    double cap = someNonNull ? nonNull : any;
    return least ? new Range(all, cap) : new Range(cap, all);
  }

  private Range round(RexCall call, boolean truncate) {
    List<RexNode> ops = call.getOperands();
    int digits = 0;
    if (ops.size() > 1) {
      if (!(ops.get(1) instanceof RexLiteral lit) || lit.isNull()) {
        return Range.ALL;
      }
      BigDecimal d = lit.getValueAs(BigDecimal.class);
      if (d == null) {
        return Range.ALL;
      }
      digits = d.intValue();
    }
    int s = digits;
    Range x = range(ops.get(0));
    if (truncate) {
      return x.monotone(v -> BigDecimal.valueOf(v).setScale(s, RoundingMode.DOWN).doubleValue());
    }
    return new Range(
        x.monotone(v -> roundTie(v, s, true)).lo(), x.monotone(v -> roundTie(v, s, false)).hi());
  }

  private static double roundTie(double v, int scale, boolean low) {
    BigDecimal b = BigDecimal.valueOf(v);
    double up = b.setScale(scale, RoundingMode.HALF_UP).doubleValue();
    double down = b.setScale(scale, RoundingMode.HALF_DOWN).doubleValue();
    return low ? Math.min(up, down) : Math.max(up, down);
  }

  private Range cast(RexNode operand, RelDataType to) {
    RelDataType from = operand.getType();
    Range x = range(operand);
    if (SqlTypeUtil.isBoolean(from) && SqlTypeUtil.isNumeric(to)) {
      return new Range(0, 1);
    }
    if (SqlTypeUtil.isDatetime(from) && SqlTypeUtil.isDatetime(to)) {
      return DatetimeRanges.convert(x, from, to);
    }
    if (!SqlTypeUtil.isNumeric(from) || !SqlTypeUtil.isNumeric(to)) {
      return Range.ALL;
    }
    if (Casts.narrower(from, to)) {
      notes.add(
          "CAST to the narrower "
              + to.getFullTypeString()
              + " keeps the interval: a value outside it raises an error in the backend");
    }
    if (SqlTypeUtil.isIntType(to) && !SqlTypeUtil.isIntType(from)) {
      return x.monotone(Math::floor).hull(x.monotone(Math::ceil)); // rounds outward
    }
    if (SqlTypeUtil.isDecimal(to) && to.getScale() < Casts.scale(from)) {
      int s = to.getScale();
      return new Range(
          x.monotone(v -> BigDecimal.valueOf(v).setScale(s, RoundingMode.FLOOR).doubleValue()).lo(),
          x.monotone(v -> BigDecimal.valueOf(v).setScale(s, RoundingMode.CEILING).doubleValue())
              .hi());
    }
    return x;
  }
}
