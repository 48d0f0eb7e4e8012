package dev.dpjdbc.it.boundary;

import dev.dpjdbc.it.boundary.FuzzLexer.Kind;
import dev.dpjdbc.it.boundary.FuzzLexer.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Grammar-aware mutations of real catalog SQL for {@link CatalogFuzzIT}: each mutant is a seed with
 * one to three of these applied, on tokens ({@link FuzzLexer}), so quoting and comments stay well
 * formed unless breaking them is the point:
 *
 * <ol>
 *   <li>a comment inserted between tokens: block, nested block, or {@code --} ended by {@code \n},
 *       {@code \r} or {@code \r\n} (and by {@code \f}/{@code \v}, which do not end it);
 *   <li>every line ending replaced by another;
 *   <li>a string literal re-quoted as E'', U&amp;'' (with escapes), $$, $tag$, or split in two;
 *   <li>an identifier quoted, upper-cased, or written as U&amp;"" (with or without UESCAPE);
 *   <li>a relation's alias given a column-alias list of catalog and data column names;
 *   <li>a WITH clause whose name is a catalog or data relation, over a data read or a catalog read;
 *   <li>{@code alias.column} rewritten in attribute notation, functional notation or {@code
 *       (alias.*).column};
 *   <li>a catalog relation swapped for a data table, or a catalog column for a canary column;
 *   <li>a set_config, size, statistics, file or SQL-running function call added to the select list;
 *   <li>the statement replaced by {@code TABLE name};
 *   <li>a second statement after {@code ;};
 *   <li>a data read added to a WHERE clause;
 *   <li>keyword and identifier case changed.
 * </ol>
 *
 * Four mutants in a hundred are settings statements instead ({@code SET}/{@code RESET}/{@code SHOW}
 * and {@code set_config} over names that change how strings are read, with quoting and case
 * variants), played on the same connection as the rest, so a setting that slipped through would
 * change how later mutants are read.
 */
final class Mutator {
  private final SplittableRandom rnd;
  private final List<List<Token>> seeds;

  Mutator(SplittableRandom rnd, List<String> seedTexts) {
    this.rnd = rnd;
    List<List<Token>> lexed = new ArrayList<>();
    for (String s : seedTexts) {
      lexed.add(FuzzLexer.lex(s));
    }
    this.seeds = List.copyOf(lexed);
  }

  /** One mutant. */
  String next() {
    if (rnd.nextInt(100) < 4) {
      return setting();
    }
    List<Token> t = new ArrayList<>(seeds.get(rnd.nextInt(seeds.size())));
    int k = 1 + rnd.nextInt(3);
    for (int i = 0; i < k; i++) {
      mutate(rnd.nextInt(13), t);
    }
    return FuzzLexer.join(t);
  }

  private void mutate(int op, List<Token> t) {
    switch (op) {
      case 0 -> insert(t, rnd.nextInt(t.size() + 1), comment());
      case 1 -> lineEndings(t);
      case 2 -> requoteString(t);
      case 3 -> quoteIdentifier(t);
      case 4 -> aliasList(t);
      case 5 -> cte(t);
      case 6 -> attributeNotation(t);
      case 7 -> swap(t);
      case 8 -> addFunction(t);
      case 9 -> tableForm(t);
      case 10 -> t.add(new Token(Kind.PUNCT, pick(FuzzVocabulary.SECOND_STATEMENTS)));
      case 11 -> whereRead(t);
      default -> changeCase(t);
    }
  }

  private String comment() {
    return switch (rnd.nextInt(4)) {
      case 0 -> "/* c */";
      case 1 -> "/* /* nested */ still comment */";
      case 2 -> " --c" + pick(new String[] {"\n", "\r", "\r\n"});
      default -> " --c" + pick(new String[] {"\f", "\u000b"}) + " ";
    };
  }

  private void lineEndings(List<Token> t) {
    String eol = pick(FuzzVocabulary.LINE_ENDINGS);
    for (int i = 0; i < t.size(); i++) {
      Token x = t.get(i);
      if (x.kind() == Kind.SPACE && (x.text().contains("\n") || rnd.nextInt(4) == 0)) {
        t.set(i, new Token(Kind.SPACE, eol));
      }
    }
  }

  private void requoteString(List<Token> t) {
    int i = find(t, x -> x.kind() == Kind.STRING && x.text().startsWith("'"));
    if (i < 0) {
      return;
    }
    String raw = t.get(i).text();
    String v = raw.substring(1, Math.max(1, raw.length() - 1)).replace("''", "'");
    String q =
        switch (rnd.nextInt(6)) {
          case 0 -> "E'" + v.replace("\\", "\\\\").replace("'", "\\'") + "'";
          case 1 -> "U&'" + unicodeEscaped(v.replace("'", "''"), '\\') + "'";
          case 2 -> v.contains("$$") ? raw : "$$" + v + "$$";
          case 3 -> v.contains("$q$") ? raw : "$q$" + v + "$q$";
          case 4 -> split(v);
          default -> "U&'" + unicodeEscaped(v.replace("'", "''"), '!') + "' UESCAPE '!'";
        };
    t.set(i, new Token(Kind.STRING, q));
  }

  private String split(String v) {
    int at = v.isEmpty() ? 0 : rnd.nextInt(v.length() + 1);
    String a = v.substring(0, at).replace("'", "''");
    String b = v.substring(at).replace("'", "''");
    return "'" + a + "'" + pick(new String[] {"\n", "\r", "\r\n"}) + "'" + b + "'";
  }

  private String unicodeEscaped(String v, char esc) {
    StringBuilder b = new StringBuilder();
    for (char c : v.toCharArray()) {
      if (c == esc) {
        b.append(esc).append(esc);
      } else if (Character.isLetter(c) && rnd.nextInt(3) == 0) {
        b.append(esc).append(String.format(Locale.ROOT, "%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  private void quoteIdentifier(List<Token> t) {
    int i = find(t, x -> x.kind() == Kind.WORD && !FuzzVocabulary.KEYWORDS.contains(lower(x)));
    if (i < 0) {
      return;
    }
    String w = lower(t.get(i));
    String q =
        switch (rnd.nextInt(5)) {
          case 0 -> "\"" + w + "\"";
          case 1 -> "\"" + w.toUpperCase(Locale.ROOT) + "\"";
          case 2 -> w.toUpperCase(Locale.ROOT);
          case 3 -> "U&\"" + unicodeEscaped(w, '\\') + "\"";
          default -> "U&\"" + unicodeEscaped(w, '!') + "\" UESCAPE '!'";
        };
    t.set(i, new Token(Kind.QUOTED_IDENT, q));
  }

  private void aliasList(List<Token> t) {
    int i = find(t, x -> x.kind() == Kind.WORD && isRelation(lower(x)));
    if (i < 0) {
      return;
    }
    StringBuilder list = new StringBuilder(" AS a").append(rnd.nextInt(9)).append('(');
    int n = 1 + rnd.nextInt(12);
    for (int k = 0; k < n; k++) {
      list.append(k == 0 ? "" : ", ")
          .append(pick(FuzzVocabulary.COLUMN_NAMES))
          .append(k > 0 ? k : "");
    }
    int next = nextNonSpace(t, i + 1);
    if (next >= 0
        && t.get(next).kind() == Kind.WORD
        && !FuzzVocabulary.KEYWORDS.contains(lower(t.get(next)))) {
      String alias = t.get(next).text();
      t.set(next, new Token(Kind.WORD, alias + list.substring(list.indexOf("(")) + ")"));
    } else {
      insert(t, i + 1, list + ")");
    }
  }

  private void cte(List<Token> t) {
    int first = nextNonSpace(t, 0);
    String name =
        rnd.nextBoolean()
            ? pick(FuzzVocabulary.CATALOG_RELATIONS)
            : pick(new String[] {"people", "departments", "\"PG_CLASS\"", "U&\"pg_cl\\0061ss\""});
    String def = name + " AS (" + pick(FuzzVocabulary.CTE_BODIES) + ")";
    if (first >= 0 && t.get(first).is("WITH")) {
      insert(t, first + 1, " " + def + ",");
    } else {
      insert(t, 0, "WITH " + def + " ");
    }
  }

  private void attributeNotation(List<Token> t) {
    for (int tries = 0; tries < 4; tries++) {
      int i = rnd.nextInt(Math.max(1, t.size()));
      if (i + 2 < t.size()
          && t.get(i).kind() == Kind.WORD
          && t.get(i + 1).text().equals(".")
          && t.get(i + 2).kind() == Kind.WORD) {
        String a = t.get(i).text();
        String c = t.get(i + 2).text();
        String r =
            switch (rnd.nextInt(3)) {
              case 0 -> "(" + a + ")." + c;
              case 1 -> c + "(" + a + ")";
              default -> "(" + a + ".*)." + c;
            };
        t.set(i, new Token(Kind.WORD, r));
        t.remove(i + 2);
        t.remove(i + 1);
        return;
      }
    }
  }

  private void swap(List<Token> t) {
    if (rnd.nextBoolean()) {
      int i = find(t, x -> x.kind() == Kind.WORD && isRelation(lower(x)));
      if (i >= 0) {
        t.set(i, new Token(Kind.WORD, pick(FuzzVocabulary.DATA_RELATIONS)));
      }
    } else {
      int i = find(t, x -> x.kind() == Kind.WORD && lower(x).matches("(rel|nsp|att|typ)[a-z]+"));
      if (i >= 0) {
        t.set(i, new Token(Kind.WORD, pick(FuzzVocabulary.DATA_COLUMNS)));
      }
    }
  }

  private void addFunction(List<Token> t) {
    int i = find(t, x -> x.is("SELECT"));
    if (i >= 0) {
      insert(t, i + 1, " " + pick(FuzzVocabulary.FUNCTIONS) + ",");
    }
  }

  private void tableForm(List<Token> t) {
    int i = find(t, x -> x.kind() == Kind.WORD && isRelation(lower(x)));
    String rel =
        i >= 0 && rnd.nextBoolean() ? t.get(i).text() : pick(FuzzVocabulary.DATA_RELATIONS);
    t.clear();
    t.add(new Token(Kind.WORD, pick(new String[] {"TABLE ", "table\r", "TABLE/**/"}) + rel));
  }

  private void whereRead(List<Token> t) {
    int i = find(t, x -> x.is("WHERE"));
    if (i >= 0) {
      insert(t, i + 1, " EXISTS (SELECT 1 FROM people WHERE salary > 7000000) AND ");
    }
  }

  private void changeCase(List<Token> t) {
    for (int i = 0; i < t.size(); i++) {
      Token x = t.get(i);
      if (x.kind() == Kind.WORD && rnd.nextInt(3) == 0) {
        String s = rnd.nextBoolean() ? x.text().toUpperCase(Locale.ROOT) : lower(x);
        t.set(i, new Token(Kind.WORD, s));
      }
    }
  }

  private String setting() {
    String name = pick(FuzzVocabulary.SETTINGS);
    String n =
        switch (rnd.nextInt(5)) {
          case 0 -> "\"" + name.toUpperCase(Locale.ROOT) + "\"";
          case 1 -> name.toUpperCase(Locale.ROOT);
          case 2 -> "U&\"" + unicodeEscaped(name.toLowerCase(Locale.ROOT), '\\') + "\"";
          case 3 -> "/**/" + name + "--x\r";
          default -> name;
        };
    String v = pick(FuzzVocabulary.SETTING_VALUES);
    return switch (rnd.nextInt(6)) {
      case 0, 1 -> "SET " + (rnd.nextBoolean() ? "SESSION " : "") + n + " = " + v;
      case 2 -> "SET " + n + " TO " + v;
      case 3 -> "SELECT set_config('" + name + "', '" + v.replace("'", "") + "', false)";
      case 4 -> "RESET " + n;
      default -> "SHOW " + n;
    };
  }

  private boolean isRelation(String w) {
    if (w.equals("people") || w.equals("departments")) {
      return true;
    }
    for (String r : FuzzVocabulary.CATALOG_RELATIONS) {
      if (r.equals(w)) {
        return true;
      }
    }
    return w.startsWith("pg_")
        && !w.startsWith("pg_get")
        && !w.startsWith("pg_table")
        && !w.startsWith("pg_encoding")
        && !w.equals("pg_catalog")
        && !w.endsWith("_visible");
  }

  private int find(List<Token> t, java.util.function.Predicate<Token> p) {
    List<Integer> hits = new ArrayList<>();
    for (int i = 0; i < t.size(); i++) {
      if (p.test(t.get(i))) {
        hits.add(i);
      }
    }
    return hits.isEmpty() ? -1 : hits.get(rnd.nextInt(hits.size()));
  }

  private static int nextNonSpace(List<Token> t, int from) {
    for (int i = from; i < t.size(); i++) {
      if (t.get(i).kind() != Kind.SPACE && t.get(i).kind() != Kind.COMMENT) {
        return i;
      }
    }
    return -1;
  }

  private static void insert(List<Token> t, int at, String text) {
    t.add(Math.min(at, t.size()), new Token(Kind.PUNCT, text));
  }

  private String pick(String[] a) {
    return a[rnd.nextInt(a.length)];
  }

  private static String lower(Token t) {
    return t.text().toLowerCase(Locale.ROOT);
  }
}
