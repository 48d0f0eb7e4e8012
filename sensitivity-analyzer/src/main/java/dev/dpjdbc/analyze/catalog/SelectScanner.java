package dev.dpjdbc.analyze.catalog;

import dev.dpjdbc.analyze.catalog.CatalogQueries.Classification;
import dev.dpjdbc.analyze.catalog.SqlTokens.Kind;
import dev.dpjdbc.analyze.catalog.SqlTokens.Token;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Scans the tokens of one SELECT/WITH statement once, left to right, and decides from the relations
 * in its FROM/JOIN lists and the functions it calls. One frame per parenthesis: a FROM opens a
 * relation list only inside a frame that has seen SELECT, so {@code EXTRACT(x FROM y)} is no
 * relation.
 */
final class SelectScanner {
  private static final class Frame {
    boolean sawSelect;
    boolean inFromList;
    boolean expectRelation;
    boolean relationGroup;

    /** Opened in a FROM-item position (subquery or join group): an alias may follow its ')'. */
    boolean fromItem;

    /** pg_class is a relation of this SELECT; with {@link #star} that exposes reltuples. */
    boolean pgClass;

    boolean star;
  }

  private static final Classification STAR_FROM_PG_CLASS =
      Classification.refuse(
          "SELECT * from pg_class (or information_schema.tables on H2) includes"
              + " reltuples/relpages/row_count_estimate, which reveal table sizes; list the columns"
              + " you need");

  private final List<Token> tokens;
  private final Set<String> cteNames = new HashSet<>();
  private final Set<String> pgClassAliases = new HashSet<>();
  private final Set<Integer> aliasDefinitions = new HashSet<>();
  private boolean readsPgClass;

  SelectScanner(List<Token> tokens) {
    this.tokens = tokens;
  }

  Classification classify() {
    collectCteNames();
    Deque<Frame> frames = new ArrayDeque<>();
    frames.push(new Frame());
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      Frame frame = frames.peek();
      if (t.kind() == Kind.WORD && CatalogNames.WRITES.contains(t.text())) {
        return Classification.NOT;
      }
      if (t.isName() && CatalogRelations.SIZE_COLUMNS.contains(t.text())) { // "reltuples" too
        return Classification.refuse(
            "column " + t.text() + " reveals the number of rows or pages of a table");
      }
      if (frame.expectRelation && (t.is("lateral") || t.is("only"))) {
        continue;
      }
      if (t.isSymbol("(")) {
        boolean wasExpectingRelation = frame.expectRelation;
        boolean relationGroup =
            frame.expectRelation
                && !(next(i).is("select") || next(i).is("with") || next(i).is("values"));
        frame.expectRelation = false;
        Frame inner = new Frame();
        inner.relationGroup = relationGroup;
        inner.fromItem = wasExpectingRelation;
        inner.inFromList = relationGroup;
        inner.expectRelation = relationGroup;
        frames.push(inner);
        continue;
      }
      if (t.isSymbol(")")) {
        if (frames.size() > 1) {
          Frame done = frames.pop();
          if (done.pgClass && done.star) {
            return STAR_FROM_PG_CLASS;
          }
          if (done.relationGroup && done.pgClass) {
            frames.peek().pgClass = true;
          }
          if (done.fromItem) {
            recordAlias(i + 1);
          }
        }
        continue;
      }
      if (frame.expectRelation && t.isName()) {
        frame.expectRelation = false;
        int end = endOfQualifiedName(i);
        if (next(end - 1).isSymbol("(")) {
          Classification verdict = checkFunction(end - 1);
          if (verdict != null) {
            return verdict;
          }
          recordAlias(skipGroup(end));
        } else {
          Classification verdict = checkRelation(i, end, frame);
          if (verdict != null) {
            return verdict;
          }
        }
        i = end - 1;
        continue;
      }
      frame.expectRelation = false;
      if (t.is("select")) {
        frame.sawSelect = true;
        frame.inFromList = false;
      } else if ((t.is("from") && frame.sawSelect) || t.is("join")) {
        frame.inFromList = true;
        frame.expectRelation = true;
      } else if (t.isSymbol(",") && frame.inFromList) {
        frame.expectRelation = true;
      } else if (t.kind() == Kind.WORD && CatalogNames.FROM_LIST_END.contains(t.text())) {
        frame.inFromList = false;
      } else if (t.isSymbol("*") && isProjectionStar(i)) {
        frame.star = true;
      } else if (t.isName() && next(i).isSymbol("(")) {
        Classification verdict = checkFunction(i);
        if (verdict != null) {
          return verdict;
        }
      }
    }
    for (Frame open : frames) {
      if (open.pgClass && open.star) {
        return STAR_FROM_PG_CLASS;
      }
    }
    return finish();
  }

  private Classification finish() {
    if (readsPgClass) {
      for (int i = 0; i < tokens.size(); i++) {
        Token t = tokens.get(i);
        boolean starOfAlias =
            next(i).isSymbol(".")
                && i + 2 < tokens.size()
                && tokens.get(i + 2).isSymbol("*"); // c.* in a nested SELECT or a function call
        if (t.isName()
            && pgClassAliases.contains(t.text())
            && !aliasDefinitions.contains(i)
            && (starOfAlias || (!next(i).isSymbol(".") && !previous(i).isSymbol(".")))) {
          return Classification.refuse(
              "a whole-row reference to pg_class (or H2's information_schema.tables) includes"
                  + " reltuples/relpages/row_count_estimate, which reveal table sizes");
        }
      }
    }
    return Classification.PASS;
  }

  /** {@code i..end-1} is a relation name in a FROM/JOIN list; records its alias. */
  private Classification checkRelation(int start, int end, Frame frame) {
    String name = tokens.get(end - 1).text();
    String schema = end - start >= 3 ? tokens.get(end - 3).text() : null;
    if (schema != null && !CatalogNames.CATALOG_SCHEMAS.contains(schema)) {
      return Classification.NOT;
    }
    if (schema == null && !name.startsWith("pg_") && !cteNames.contains(name)) {
      return Classification.NOT;
    }
    String denied = CatalogRelations.deniedRelation(name);
    if (denied != null) {
      return Classification.refuse(denied);
    }
    if (schema == null
        && !cteNames.contains(name)
        && !CatalogRelations.SYSTEM_RELATIONS.contains(name)) {
      return Classification.NOT; // an unqualified pg_* that may be a user table
    }
    int aliasAt = recordAlias(end);
    boolean sizedRelation =
        (name.equals("pg_class") && (schema == null || schema.equals("pg_catalog")))
            || (name.equals("tables") && "information_schema".equals(schema));
    if (sizedRelation) {
      readsPgClass = true;
      frame.pgClass = true;
      pgClassAliases.add(aliasAt >= 0 ? tokens.get(aliasAt).text() : name);
      aliasDefinitions.add(end - 1);
    }
    return null;
  }

  /**
   * The FROM item ending before {@code at} may be followed by {@code [AS] alias [(columns)]}:
   * remembers the alias token so its column list is not taken for a function call.
   *
   * @return the alias token's index, or -1
   */
  private int recordAlias(int at) {
    int aliasAt = at < tokens.size() && tokens.get(at).is("as") ? at + 1 : at;
    if (aliasAt < tokens.size()) {
      Token alias = tokens.get(aliasAt);
      if (alias.isName() && !CatalogNames.NOT_ALIAS.contains(alias.text())) {
        aliasDefinitions.add(aliasAt);
        return aliasAt;
      }
    }
    return -1;
  }

  /** Token {@code nameAt} (last part of a possibly qualified name) is followed by '('. */
  private Classification checkFunction(int nameAt) {
    Token t = tokens.get(nameAt);
    int start = nameAt;
    while (start >= 2 && tokens.get(start - 1).isSymbol(".") && tokens.get(start - 2).isName()) {
      start -= 2;
    }
    Token before = previous(start);
    if (before.isSymbol("::") || before.is("as") || aliasDefinitions.contains(nameAt)) {
      return null; // a type modifier, or a column-alias list after a FROM item: t(a, b)
    }
    if (t.kind() == Kind.WORD && CatalogNames.NOT_FUNCTIONS.contains(t.text()) && start == nameAt) {
      return null;
    }
    String name = t.text();
    String schema = start < nameAt ? tokens.get(nameAt - 2).text() : null;
    String denied = CatalogNames.deniedFunction(name);
    if (denied != null) {
      return Classification.refuse(denied);
    }
    if (name.equals("set_config") && changesRole(nameAt + 1)) {
      return Classification.refuse(
          "set_config on role or session_authorization would change the backend role");
    }
    if (CatalogNames.sideEffect(name)) {
      return Classification.NOT;
    }
    if (schema != null && !CatalogNames.CATALOG_SCHEMAS.contains(schema)) {
      return Classification.NOT;
    }
    return CatalogNames.catalogHelper(name) ? null : Classification.NOT;
  }

  /** set_config(setting, value, is_local): a setting that is not a literal could be the role. */
  private boolean changesRole(int openParen) {
    Token setting = next(openParen);
    if (setting.kind() != Kind.STRING) {
      return true;
    }
    String text = setting.text().toLowerCase(java.util.Locale.ROOT);
    return text.contains("role") || text.contains("authorization");
  }

  private boolean isProjectionStar(int i) {
    Token before = previous(i);
    return before.is("select")
        || before.is("distinct")
        || before.isSymbol(",")
        || before.isSymbol(".");
  }

  private int endOfQualifiedName(int i) {
    int end = i + 1;
    while (end + 1 < tokens.size()
        && tokens.get(end).isSymbol(".")
        && tokens.get(end + 1).isName()) {
      end += 2;
    }
    return end;
  }

  private void collectCteNames() {
    if (tokens.isEmpty() || !tokens.get(0).is("with")) {
      return;
    }
    int i = 1;
    if (next(0).is("recursive")) {
      i++;
    }
    while (i < tokens.size() && tokens.get(i).isName()) {
      cteNames.add(tokens.get(i).text());
      i++;
      if (i < tokens.size() && tokens.get(i).isSymbol("(")) {
        i = skipGroup(i);
      }
      if (i < tokens.size() && tokens.get(i).is("as")) {
        i++;
      }
      while (i < tokens.size() && (tokens.get(i).is("not") || tokens.get(i).is("materialized"))) {
        i++;
      }
      if (i < tokens.size() && tokens.get(i).isSymbol("(")) {
        i = skipGroup(i);
      }
      if (i < tokens.size() && tokens.get(i).isSymbol(",")) {
        i++;
      } else {
        return;
      }
    }
  }

  private int skipGroup(int open) {
    int depth = 0;
    for (int i = open; i < tokens.size(); i++) {
      if (tokens.get(i).isSymbol("(")) {
        depth++;
      } else if (tokens.get(i).isSymbol(")") && --depth == 0) {
        return i + 1;
      }
    }
    return tokens.size();
  }

  private static final Token NONE = new Token(Kind.SYMBOL, "");

  private Token next(int i) {
    return i + 1 < tokens.size() ? tokens.get(i + 1) : NONE;
  }

  private Token previous(int i) {
    return i > 0 ? tokens.get(i - 1) : NONE;
  }
}
