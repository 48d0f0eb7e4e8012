package dev.dpjdbc.analyze.safety;

import dev.dpjdbc.analyze.privacy.RexText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexFieldCollation;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.NlsString;

/**
 * The allow-list over one row expression: every sub-expression that reads a row must be an operator
 * named here, applied to operands whose facts rule out every error it could raise. Constant
 * sub-expressions are not checked here: {@link Preflight} evaluates those that could fail before
 * any row is read. Evaluates bottom-up, returning each sub-expression's {@link Fact}; CASE branches
 * are evaluated under their guards ({@link Scope}).
 *
 * <p>Named here: column references; AND, OR, NOT; IS [NOT] NULL/TRUE/FALSE/UNKNOWN and IS [NOT]
 * DISTINCT FROM; comparisons, BETWEEN and IN lists between values of one type family (numbers of
 * different kinds when the conversion cannot fail); LIKE/ILIKE with a literal pattern that does not
 * end in its escape character; CASE, COALESCE, NULLIF, LEAST, GREATEST; arithmetic ({@link
 * Arithmetic}); CAST ({@link CastRule}); the functions of {@link Functions}; and the window
 * functions ROW_NUMBER, RANK, DENSE_RANK, COUNT, MIN and MAX. Everything else is refused.
 */
final class RexCheck {
  private final List<Fact> inputs;
  private final List<String> names;
  private final boolean rewrite;

  /** The name of the catalog re-check's function ({@code bounding.CatalogGuard}). */
  private static final String CATALOG_GUARD = "DPJDBC_CATALOG_UNCHANGED";

  /** Checks expressions over input columns with the facts {@code inputs}, named {@code names}. */
  RexCheck(List<Fact> inputs, List<String> names) {
    this(inputs, names, false);
  }

  /**
   * As {@link #RexCheck(List, List)}; with {@code rewrite}, the expressions are dpjdbc's bounded
   * rewrite, whose extra operators are the random number that picks a unit's groups ({@code
   * RANDOM()}, which cannot fail; the analyst's own {@code random()} was refused before) and the
   * catalog re-check ({@code bounding.CatalogGuard}, which fails only when the catalog changed,
   * whatever the rows hold).
   */
  RexCheck(List<Fact> inputs, List<String> names, boolean rewrite) {
    this.inputs = inputs;
    this.names = names;
    this.rewrite = rewrite;
  }

  /** The fact of {@code e} after checking every sub-expression; a {@link Refusal} otherwise. */
  Fact check(RexNode e) {
    return eval(e, Scope.NONE);
  }

  /** {@code e} as the analyst can recognise it. */
  String text(RexNode e) {
    return RexText.render(e, names);
  }

  Fact eval(RexNode e, Scope s) {
    return s.narrow(e, evalHere(e, s));
  }

  private Fact evalHere(RexNode e, Scope s) {
    if (e instanceof RexInputRef ref) {
      return inputs.get(ref.getIndex());
    }
    if (Constants.isConstant(e)) {
      return Constants.fact(e);
    }
    if (e instanceof RexOver over) {
      return window(over, s);
    }
    if (e instanceof RexSubQuery) {
      throw new Refusal(
          "a subquery expression",
          "it was not turned into a join, so the rows it reads cannot be checked",
          "Write the subquery as a join in FROM.");
    }
    if (e instanceof RexFieldAccess || e instanceof RexCorrelVariable) {
      throw new Refusal(
          "a correlated reference (" + e + ")",
          "a correlated subquery could not be turned into a join",
          "Write the subquery as a join in FROM.");
    }
    if (!(e instanceof RexCall call)) {
      throw new Refusal(
          "the expression " + e, "dpjdbc cannot tell that it raises no error", allowedList());
    }
    return call(call, s);
  }

  private Fact call(RexCall call, Scope s) {
    SqlKind kind = call.getKind();
    switch (kind) {
      case CASE -> {
        return caseFact(call, s);
      }
      case AND,
          OR,
          NOT,
          IS_NULL,
          IS_NOT_NULL,
          IS_TRUE,
          IS_FALSE,
          IS_NOT_TRUE,
          IS_NOT_FALSE,
          IS_UNKNOWN -> {
        evalAll(call, s);
        return Fact.ALL;
      }
      case EQUALS,
          NOT_EQUALS,
          LESS_THAN,
          LESS_THAN_OR_EQUAL,
          GREATER_THAN,
          GREATER_THAN_OR_EQUAL,
          IS_DISTINCT_FROM,
          IS_NOT_DISTINCT_FROM,
          SEARCH -> {
        List<Fact> ops = evalAll(call, s);
        comparable(call, ops);
        return Fact.ALL;
      }
      case LIKE -> {
        return like(call, s);
      }
      case SIMILAR, POSIX_REGEX_CASE_SENSITIVE, POSIX_REGEX_CASE_INSENSITIVE, RLIKE ->
          throw new Refusal(
              "the regular expression match " + text(call),
              "the pattern is compiled only when a row reaches it, so an invalid pattern raises"
                  + " an error only when some row exists",
              "Use LIKE with a literal pattern (code LIKE 'a%').");
      case PLUS, MINUS, TIMES, DIVIDE, MOD, MINUS_PREFIX, PLUS_PREFIX -> {
        Fact f = Arithmetic.apply(call, evalAll(call, s), this);
        return shiftedAway(call, s) ? f.withNonzero() : f;
      }
      case CAST -> {
        return CastRule.apply(call, eval(call.getOperands().get(0), s), this);
      }
      case COALESCE, GREATEST, LEAST, GREATEST_PG, LEAST_PG -> {
        List<Fact> ops = evalAll(call, s);
        comparable(call, ops);
        Fact hull = Fact.NULL;
        for (Fact f : ops) {
          hull = hull.hull(f);
        }
        return kind == SqlKind.COALESCE
            ? hull
            : Arithmetic.synth(call, ops)
                .withIntegral(false)
                .withSpecial(
                    extremes(call, ops, kind == SqlKind.LEAST || kind == SqlKind.LEAST_PG));
      }
      case NULLIF -> {
        List<Fact> ops = evalAll(call, s);
        comparable(call, ops);
        return ops.get(0);
      }
      default -> {
        if (rewrite
            && call.getOperands().isEmpty()
            && call.getOperator().getName().equalsIgnoreCase("RANDOM")) {
          return Fact.range(0, 1, false, Fact.ANY_SCALE);
        }
        if (rewrite && call.getOperator().getName().equalsIgnoreCase(CATALOG_GUARD)) {
          return Fact.ALL; // raises only when the catalog changed, whatever the rows hold
        }
        return Functions.apply(call, evalAll(call, s), this);
      }
    }
  }

  /**
   * The non-finite values of LEAST ({@code least}) or GREATEST, which skip NULLs: LEAST is NaN or
   * +Infinity only if no operand that is never NULL rules them out (LEAST(x, 100) is at most 100),
   * and −Infinity if any operand may be; GREATEST the other way round.
   */
  private static int extremes(RexCall call, List<Fact> ops, boolean least) {
    int top = Fact.NAN | Fact.POS_INF;
    int any = 0;
    boolean topBounded = false;
    boolean bottomBounded = false;
    for (int i = 0; i < ops.size(); i++) {
      Fact f = ops.get(i);
      any |= f.alwaysNull() ? 0 : f.special();
      if (!call.getOperands().get(i).getType().isNullable() && !f.alwaysNull()) {
        topBounded |= (f.special() & top) == 0;
        bottomBounded |= (f.special() & Fact.NEG_INF) == 0;
      }
    }
    int s = any;
    if (least && topBounded) {
      s &= ~top;
    }
    if (!least && bottomBounded) {
      s &= ~Fact.NEG_INF;
    }
    return s;
  }

  /** {@code x - c}, {@code c - x} or {@code x + c} where a guard rules out the x that gives 0. */
  private static boolean shiftedAway(RexCall call, Scope s) {
    if (call.getOperands().size() != 2
        || (call.getKind() != SqlKind.MINUS && call.getKind() != SqlKind.PLUS)) {
      return false;
    }
    RexNode a = call.getOperands().get(0);
    RexNode b = call.getOperands().get(1);
    Double c = Scope.value(b);
    if (c != null) {
      return s.excludes(a, call.getKind() == SqlKind.MINUS ? c : -c);
    }
    c = Scope.value(a);
    return c != null && s.excludes(b, call.getKind() == SqlKind.MINUS ? c : -c);
  }

  List<Fact> evalAll(RexCall call, Scope s) {
    List<Fact> out = new ArrayList<>();
    for (RexNode o : call.getOperands()) {
      out.add(eval(o, s));
    }
    return out;
  }

  /** Branch values under their guards; each condition under the previous ones being false. */
  private Fact caseFact(RexCall call, Scope s) {
    List<RexNode> ops = call.getOperands();
    Scope rest = s;
    Fact hull = Fact.NULL;
    for (int i = 0; i + 1 < ops.size(); i += 2) {
      RexNode condition = ops.get(i);
      eval(condition, rest);
      hull = hull.hull(eval(ops.get(i + 1), rest.assumeTrue(condition)));
      rest = rest.assumeNotTrue(condition);
    }
    return hull.hull(eval(ops.get(ops.size() - 1), rest));
  }

  /**
   * Operands compared (or merged by COALESCE/LEAST/GREATEST) must not make the backend convert a
   * row value to another type family; between numbers, numeric meets double precision only when the
   * numeric side converts without overflow or underflow.
   */
  private void comparable(RexCall call, List<Fact> facts) {
    List<RexNode> ops = call.getOperands();
    for (int i = 0; i < ops.size(); i++) {
      RexNode a = ops.get(i);
      if (Constants.isConstant(a) || facts.get(i).alwaysNull()) {
        continue;
      }
      for (int j = 0; j < ops.size(); j++) {
        RelDataType ta = a.getType();
        RelDataType tb = ops.get(j).getType();
        if (j == i || ops.get(j) instanceof RexLiteral l && l.isNull()) {
          continue;
        }
        if (!convertible(ta, facts.get(i), tb, call.getKind())) {
          throw new Refusal(
              "comparing "
                  + TypeLimits.name(ta)
                  + " with "
                  + TypeLimits.name(tb)
                  + " ("
                  + text(call)
                  + ")",
              "the backend would convert "
                  + text(a)
                  + " for every row, which can fail for some"
                  + " values",
              "Compare values of the same type; cast the constant, not the column.");
        }
      }
    }
  }

  private static boolean convertible(RelDataType a, Fact fa, RelDataType b, SqlKind kind) {
    boolean merges =
        switch (kind) {
          case COALESCE, GREATEST, LEAST, GREATEST_PG, LEAST_PG -> true;
          default -> false;
        };
    if (merges && SqlTypeUtil.isDate(a) && SqlTypeUtil.isTimestamp(b)) {
      return TypeLimits.fits(fa, a); // merged into a timestamp: the date is converted
    }
    if (TypeLimits.isNumeric(a) && TypeLimits.isNumeric(b)) {
      if (TypeLimits.isDecimal(a) && TypeLimits.isFloat(b)) {
        return fa.bounded() && fa.magnitude() <= TypeLimits.floatMax(b) && fa.scale() <= 300;
      }
      return true;
    }
    SqlTypeFamily fa2 = family(a);
    return fa2 != null && fa2 == family(b);
  }

  private static SqlTypeFamily family(RelDataType t) {
    if (SqlTypeUtil.isCharacter(t)) {
      return SqlTypeFamily.CHARACTER;
    }
    if (SqlTypeUtil.isDatetime(t)) {
      return SqlTypeFamily.DATETIME;
    }
    if (SqlTypeUtil.isBoolean(t)) {
      return SqlTypeFamily.BOOLEAN;
    }
    if (SqlTypeUtil.isInterval(t)) {
      return t.getSqlTypeName().getFamily();
    }
    return null; // symbols (Sarg) and other kinds compare only with their own
  }

  /** LIKE/ILIKE/NOT LIKE: a literal pattern (and escape) that the matcher cannot reject. */
  private Fact like(RexCall call, Scope s) {
    List<RexNode> ops = call.getOperands();
    eval(ops.get(0), s);
    if (!(ops.get(1) instanceof RexLiteral p) || !SqlTypeUtil.isCharacter(p.getType())) {
      throw new Refusal(
          "LIKE with a pattern that is not a string literal (" + text(call) + ")",
          "PostgreSQL rejects a pattern ending in its escape character only when a row reaches"
              + " it",
          "Write the pattern as a literal.");
    }
    String escape = "\\";
    if (ops.size() > 2) {
      if (!(ops.get(2) instanceof RexLiteral e)
          || e.isNull()
          || e.getValueAs(NlsString.class).getValue().length() > 1) {
        throw new Refusal(
            "LIKE with an ESCAPE that is not a one-character literal (" + text(call) + ")",
            "the backend checks the escape only when a row reaches it",
            "Write the escape as a one-character literal.");
      }
      escape = e.getValueAs(NlsString.class).getValue();
    }
    if (p.isNull() || escape.isEmpty()) {
      return Fact.ALL;
    }
    String pattern = p.getValueAs(NlsString.class).getValue();
    for (int i = 0; i < pattern.length(); i++) {
      if (pattern.charAt(i) == escape.charAt(0) && ++i >= pattern.length()) {
        throw new Refusal(
            "a LIKE pattern ending in its escape character (" + text(call) + ")",
            "PostgreSQL raises that error only when a row reaches the pattern's end",
            "Remove the trailing escape character.");
      }
    }
    return Fact.ALL;
  }

  private Fact window(RexOver over, Scope s) {
    String fn = over.getAggOperator().getName().toUpperCase(Locale.ROOT);
    List<Fact> ops = evalAll(over, s);
    over.getWindow().partitionKeys.forEach(k -> eval(k, s));
    for (RexFieldCollation c : over.getWindow().orderKeys) {
      eval(c.left, s);
    }
    if (rewrite && (over.getKind() == SqlKind.SUM || over.getKind() == SqlKind.SUM0)) {
      // the per-(group, unit) totals of the bounded rewrite's DistinctCounts
      return NestedAggregate.windowSum(
          fn, ops.get(0), TypeLimits.isFloat(over.getOperands().get(0).getType()));
    }
    return switch (over.getKind()) {
      case ROW_NUMBER, RANK, DENSE_RANK, COUNT ->
          Fact.range(0, TypeLimits.max(over.getType()), true, 0);
      case MIN, MAX -> ops.get(0);
      default ->
          throw new Refusal(
              "the window function " + fn + " (" + text(over) + ")",
              "dpjdbc cannot tell that it raises no error for any row value",
              "Only ROW_NUMBER, RANK, DENSE_RANK, COUNT, MIN and MAX may be used as window"
                  + " functions below the aggregate.");
    };
  }

  static String allowedList() {
    return "Below the aggregate, expressions may use comparisons, AND/OR/NOT, IS [NOT] NULL, IN"
        + " lists, BETWEEN, LIKE with a literal pattern, CASE, COALESCE, NULLIF, LEAST/GREATEST,"
        + " arithmetic that cannot overflow or divide by zero, widening casts, lower/upper/trim/"
        + "char_length, EXTRACT, date_trunc and CURRENT_DATE.";
  }
}
