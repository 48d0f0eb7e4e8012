package dev.dpjdbc.analyze.catalog;

import dev.dpjdbc.analyze.parse.SqlLexer;
import java.util.ArrayList;
import java.util.List;

/**
 * The catalog classifier's view of {@link SqlLexer}'s tokens: identifiers resolved to the names
 * PostgreSQL would look up (unquoted ones folded to lower case, quoted ones without quotes, {@code
 * U&".."} decoded), string literals as written (prefix and quotes included), numbers, operators and
 * punctuation. Comments and whitespace are dropped. It never fails: text it does not understand
 * becomes single-character {@link Kind#SYMBOL} tokens, which makes the classifier answer {@code
 * NOT_CATALOG} rather than pass anything through by mistake.
 */
final class SqlTokens {
  private SqlTokens() {}

  enum Kind {
    /** Unquoted identifier or keyword, lower-cased. */
    WORD,
    /** {@code "Quoted"} identifier, verbatim. */
    QUOTED,
    STRING,
    NUMBER,
    /** Operators, {@code ::}, punctuation: {@code ( ) , . ; [ ] * =}, parameters {@code $n}. */
    SYMBOL
  }

  record Token(Kind kind, String text) {
    boolean is(String word) {
      return kind == Kind.WORD && text.equals(word);
    }

    boolean isSymbol(String symbol) {
      return kind == Kind.SYMBOL && text.equals(symbol);
    }

    boolean isName() {
      return kind == Kind.WORD || kind == Kind.QUOTED;
    }
  }

  static List<Token> tokenize(String sql) {
    List<Token> out = new ArrayList<>();
    for (SqlLexer.Token t : SqlLexer.significant(sql)) {
      out.add(
          switch (t.kind()) {
            case WORD -> new Token(Kind.WORD, t.identifier());
            case QUOTED_IDENTIFIER -> new Token(Kind.QUOTED, t.identifier());
            case STRING -> new Token(Kind.STRING, t.text());
            case NUMBER -> new Token(Kind.NUMBER, t.text());
            default -> new Token(Kind.SYMBOL, t.text());
          });
    }
    return out;
  }
}
