package dev.dpjdbc.analyze.bounds;

import dev.dpjdbc.analyze.parse.SqlLexer;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Rewrites the typed constants PostgreSQL prints in a CHECK ({@code pg_get_constraintdef}) into
 * forms Calcite's parser reads with their type, before {@link CheckParser} drops the remaining
 * {@code ::type} casts. PostgreSQL prints every negative number and every date as a quoted string
 * with a cast: {@code CHECK (c BETWEEN -2 AND 3)} comes back as {@code c >= '-2'::integer AND c <=
 * 3}, {@code BETWEEN '2015-01-01' AND ...} on a DATE column as {@code hired >= '2015-01-01'::date}.
 * Dropping the cast alone would leave the string {@code '-2'}, which is no bound at all.
 *
 * <ul>
 *   <li>{@code 'n'::t1::t2...} where every {@code t} is a numeric type (integer, bigint, smallint,
 *       numeric, decimal, real, double precision, int2/4/8, float4/8, with or without precision)
 *       and {@code n} is a number as PostgreSQL writes one ({@code -2}, {@code -2.5}, {@code -1e3})
 *       → {@code (n)};
 *   <li>{@code 'd'::date} with an ISO date {@code d} → {@code DATE 'd'};
 *   <li>{@code 't'::timestamp without time zone} (or {@code timestamp(p)}) → {@code TIMESTAMP 't'};
 *   <li>{@code 't'::timestamp with time zone} (or {@code timestamptz}) → {@code TIMESTAMP WITH
 *       LOCAL TIME ZONE 't'}, the text (with its UTC offset, as PostgreSQL prints it in the
 *       session's time zone) kept as written; H2's {@code TIMESTAMP WITH TIME ZONE 't'} literal
 *       becomes the same.
 * </ul>
 *
 * Anything else — a cast to text, several casts of which one is not numeric, {@code 'infinity'}, BC
 * dates, five-digit years — is left alone, so the cast is dropped later and the string gives no
 * bound: an unreadable constant only weakens the guarantee, never makes it wrong. The input is
 * tokenised with PostgreSQL's lexical rules ({@link SqlLexer}), so a {@code ::} inside a string
 * constant is never mistaken for a cast.
 */
final class TypedLiterals {
  private TypedLiterals() {}

  private static final Pattern NUMBER =
      Pattern.compile("[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?");
  private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
  private static final Pattern TIMESTAMP =
      Pattern.compile("\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?");
  private static final Pattern TIMESTAMPTZ =
      Pattern.compile(TIMESTAMP.pattern() + "(?:Z|[+-]\\d{2}(?::?\\d{2}(?::?\\d{2})?)?)");
  private static final Set<String> NUMERIC_TYPES =
      Set.of(
          "integer",
          "int",
          "int2",
          "int4",
          "int8",
          "bigint",
          "smallint",
          "numeric",
          "decimal",
          "real",
          "float4",
          "float8",
          "float");

  /** What a cast chain makes of a string constant. */
  private enum Type {
    NUMERIC,
    DATE,
    TIMESTAMP,
    TIMESTAMPTZ,
    OTHER
  }

  /** A cast's type and the index of the first token after it. */
  private record Cast(Type type, int next) {}

  static String rewrite(String text) {
    List<SqlLexer.Token> tokens = SqlLexer.scan(text);
    StringBuilder out = new StringBuilder(text.length());
    int i = 0;
    while (i < tokens.size()) {
      SqlLexer.Token t = tokens.get(i);
      if (t.kind() == SqlLexer.Kind.WORD
          && t.text().equalsIgnoreCase("timestamp")
          && h2TimestampWithTimeZone(tokens, i)) {
        out.append("TIMESTAMP WITH LOCAL TIME ZONE");
        i = skip(tokens, i, 4);
        continue;
      }
      if (t.kind() != SqlLexer.Kind.STRING || !t.text().startsWith("'")) {
        out.append(t.text());
        i++;
        continue;
      }
      String value = t.text().substring(1, t.text().length() - 1);
      List<Type> chain = new java.util.ArrayList<>();
      int j = i + 1;
      for (Cast cast = cast(tokens, j); cast != null; cast = cast(tokens, j)) {
        chain.add(cast.type());
        j = cast.next();
      }
      String replaced = chain.isEmpty() ? null : replacement(type(chain), value);
      if (replaced == null) {
        out.append(t.text());
        i++;
      } else {
        out.append(replaced);
        i = j;
      }
    }
    return out.toString();
  }

  /** All casts numeric: NUMERIC; one datetime cast alone: its type; else OTHER. */
  private static Type type(List<Type> chain) {
    if (chain.stream().allMatch(c -> c == Type.NUMERIC)) {
      return Type.NUMERIC;
    }
    return chain.size() == 1 ? chain.get(0) : Type.OTHER;
  }

  private static String replacement(Type type, String value) {
    return switch (type) {
      case NUMERIC -> NUMBER.matcher(value).matches() ? "(" + value + ")" : null;
      case DATE -> DATE.matcher(value).matches() ? "DATE '" + value + "'" : null;
      case TIMESTAMP -> TIMESTAMP.matcher(value).matches() ? "TIMESTAMP '" + value + "'" : null;
      case TIMESTAMPTZ ->
          TIMESTAMPTZ.matcher(value).matches()
              ? "TIMESTAMP WITH LOCAL TIME ZONE '" + value + "'"
              : null;
      case OTHER -> null;
    };
  }

  /** The cast starting at token {@code i} ({@code :: type}), or null. */
  private static Cast cast(List<SqlLexer.Token> tokens, int i) {
    int k = nextSignificant(tokens, i);
    if (k >= tokens.size() || !tokens.get(k).isSymbol("::")) {
      return null;
    }
    k = nextSignificant(tokens, k + 1);
    String word = word(tokens, k);
    if (word == null) {
      return null;
    }
    int next = k + 1;
    Type type;
    switch (word) {
      case "double" -> {
        int p = nextSignificant(tokens, next);
        if (!"precision".equals(word(tokens, p))) {
          return new Cast(Type.OTHER, next);
        }
        type = Type.NUMERIC;
        next = p + 1;
      }
      case "date" -> type = Type.DATE;
      case "timestamptz" -> type = Type.TIMESTAMPTZ;
      case "timestamp" -> {
        next = precision(tokens, next);
        int w = nextSignificant(tokens, next);
        String zone = word(tokens, w);
        if ("with".equals(zone) || "without".equals(zone)) {
          int a = nextSignificant(tokens, w + 1);
          int b = nextSignificant(tokens, a + 1);
          if (!"time".equals(word(tokens, a)) || !"zone".equals(word(tokens, b))) {
            return new Cast(Type.OTHER, next);
          }
          type = zone.equals("with") ? Type.TIMESTAMPTZ : Type.TIMESTAMP;
          next = b + 1;
        } else {
          type = Type.TIMESTAMP;
        }
        return new Cast(type, next);
      }
      default -> type = NUMERIC_TYPES.contains(word) ? Type.NUMERIC : Type.OTHER;
    }
    return new Cast(type, precision(tokens, next));
  }

  /** After an optional {@code (p)} or {@code (p, s)} starting at {@code i}. */
  private static int precision(List<SqlLexer.Token> tokens, int i) {
    int k = nextSignificant(tokens, i);
    if (k >= tokens.size() || !tokens.get(k).isSymbol("(")) {
      return i;
    }
    for (int m = k + 1; m < tokens.size(); m++) {
      SqlLexer.Token t = tokens.get(m);
      if (t.isSymbol(")")) {
        return m + 1;
      }
      if (!t.isTrivia() && t.kind() != SqlLexer.Kind.NUMBER && !t.isSymbol(",")) {
        return i;
      }
    }
    return i;
  }

  /** H2's {@code TIMESTAMP WITH TIME ZONE '...'} at token {@code i}. */
  private static boolean h2TimestampWithTimeZone(List<SqlLexer.Token> tokens, int i) {
    int a = nextSignificant(tokens, i + 1);
    int b = nextSignificant(tokens, a + 1);
    int c = nextSignificant(tokens, b + 1);
    int d = nextSignificant(tokens, c + 1);
    return "with".equals(word(tokens, a))
        && "time".equals(word(tokens, b))
        && "zone".equals(word(tokens, c))
        && d < tokens.size()
        && tokens.get(d).kind() == SqlLexer.Kind.STRING;
  }

  /** The index after the {@code count}-th significant token from {@code i} (inclusive). */
  private static int skip(List<SqlLexer.Token> tokens, int i, int count) {
    int k = i;
    for (int n = 0; n < count; n++) {
      k = nextSignificant(tokens, k) + 1;
    }
    return k;
  }

  private static int nextSignificant(List<SqlLexer.Token> tokens, int i) {
    int k = i;
    while (k < tokens.size() && tokens.get(k).isTrivia()) {
      k++;
    }
    return k;
  }

  /** The lower-case unquoted word at {@code k}, or null. */
  private static String word(List<SqlLexer.Token> tokens, int k) {
    if (k >= tokens.size() || tokens.get(k).kind() != SqlLexer.Kind.WORD) {
      return null;
    }
    return tokens.get(k).text().toLowerCase(Locale.ROOT);
  }
}
