package dev.dpjdbc.driver.catalog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads PostgreSQL's own serialisation of a parse tree ({@code nodeToString}, the text of a {@code
 * pg_node_tree} such as {@code pg_rewrite.ev_action}) into plain Java values, so that what a
 * statement touches is read from PostgreSQL's parse, not guessed from the SQL text.
 *
 * <p>The format: a node is {@code {NAME :field value :field value ...}}; a value is a node, a list
 * {@code (item item ...)} (typed lists start with a letter: {@code (b 8 9)} is a bitmapset, {@code
 * (o 1 2)} an OID list), {@code <>} for null, a double-quoted string, or a bare token in which
 * PostgreSQL escapes {@code {}()\:"} and white space with a backslash. A {@code Const}'s datum
 * follows its length as {@code [ b b b ]}; it is kept as a list of its byte tokens.
 *
 * <p>Anything that does not fit this grammar is an {@link IllegalArgumentException}: the caller
 * refuses the statement rather than guess.
 */
public final class PgNodeTree {
  private PgNodeTree() {}

  /** A parse-tree node: its type name (upper case, e.g. {@code RANGETBLENTRY}) and its fields. */
  public record Node(String type, Map<String, Object> fields) {
    /** A field's single token, or null when it is absent or not a token. */
    public String token(String field) {
      Object v = fields.get(field);
      return v instanceof String s ? s : null;
    }

    /** A field's list value (empty when absent or null). */
    public List<?> list(String field) {
      Object v = fields.get(field);
      return v instanceof List<?> l ? l : List.of();
    }
  }

  /** The tree serialised in {@code text}: a node, a list, or a token. */
  public static Object parse(String text) {
    Reader r = new Reader(text);
    Object value = r.value();
    r.skipSpace();
    if (r.pos < text.length()) {
      throw r.error("trailing text");
    }
    return value;
  }

  /** Calls {@code visitor} on every node of {@code tree}, depth first. */
  public static void forEachNode(Object tree, Consumer<Node> visitor) {
    if (tree instanceof Node n) {
      visitor.accept(n);
      n.fields().values().forEach(v -> forEachNode(v, visitor));
    } else if (tree instanceof List<?> list) {
      list.forEach(v -> forEachNode(v, visitor));
    }
  }

  private static final class Reader {
    private final String s;
    private int pos;

    Reader(String s) {
      this.s = s;
    }

    Object value() {
      skipSpace();
      if (pos >= s.length()) {
        throw error("unexpected end");
      }
      char c = s.charAt(pos);
      if (c == '{') {
        return node();
      }
      if (c == '(') {
        return list('(', ')');
      }
      if (c == '[') {
        return list('[', ']');
      }
      if (c == '"') {
        return quoted();
      }
      if (c == '}' || c == ')' || c == ']') {
        throw error("unexpected '" + c + "'");
      }
      return token();
    }

    private Node node() {
      pos++; // {
      String type = token();
      Map<String, Object> fields = new LinkedHashMap<>();
      while (true) {
        skipSpace();
        if (pos >= s.length()) {
          throw error("unterminated node " + type);
        }
        char c = s.charAt(pos);
        if (c == '}') {
          pos++;
          return new Node(type, fields);
        }
        if (c != ':') {
          throw error("expected a field in node " + type);
        }
        pos++;
        String field = token();
        List<Object> values = new ArrayList<>();
        while (true) {
          skipSpace();
          if (pos >= s.length() || s.charAt(pos) == '}' || s.charAt(pos) == ':') {
            break;
          }
          values.add(value());
        }
        fields.put(field, values.size() == 1 ? values.get(0) : values);
      }
    }

    private List<Object> list(char open, char close) {
      pos++;
      List<Object> items = new ArrayList<>();
      while (true) {
        skipSpace();
        if (pos >= s.length()) {
          throw error("unterminated list");
        }
        if (s.charAt(pos) == close) {
          pos++;
          return items;
        }
        items.add(value());
      }
    }

    private String quoted() {
      StringBuilder b = new StringBuilder();
      pos++; // opening quote
      while (pos < s.length()) {
        char c = s.charAt(pos++);
        if (c == '\\' && pos < s.length()) {
          b.append(s.charAt(pos++));
        } else if (c == '"') {
          return b.toString();
        } else {
          b.append(c);
        }
      }
      throw error("unterminated string");
    }

    private String token() {
      StringBuilder b = new StringBuilder();
      while (pos < s.length()) {
        char c = s.charAt(pos);
        if (c == '\\' && pos + 1 < s.length()) {
          b.append(s.charAt(pos + 1));
          pos += 2;
          continue;
        }
        if (Character.isWhitespace(c) || "{}()[]".indexOf(c) >= 0) {
          break;
        }
        b.append(c);
        pos++;
      }
      if (b.length() == 0) {
        throw error("empty token");
      }
      return b.toString();
    }

    void skipSpace() {
      while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
        pos++;
      }
    }

    IllegalArgumentException error(String what) {
      return new IllegalArgumentException("unreadable parse tree at offset " + pos + ": " + what);
    }
  }
}
