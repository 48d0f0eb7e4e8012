package dev.dpjdbc.analyze.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dpjdbc.analyze.parse.SqlLexer.Kind;
import dev.dpjdbc.analyze.parse.SqlLexer.Token;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SqlLexerTest {
  /** {@code KIND:text} of each token, whitespace left out, joined by {@code " | "}. */
  private static String render(List<Token> tokens) {
    return tokens.stream()
        .filter(t -> t.kind() != Kind.WHITESPACE)
        .map(t -> t.kind() + ":" + t.text())
        .collect(Collectors.joining(" | "));
  }

  static Stream<Arguments> tokens() {
    return Stream.of(
        Arguments.of("SELECT a FROM t", "WORD:SELECT | WORD:a | WORD:FROM | WORD:t"),
        Arguments.of("'it''s;'", "STRING:'it''s;'"),
        Arguments.of("'a\\';'", "STRING:'a\\' | SYMBOL:; | STRING:'"),
        Arguments.of("E'a\\';' x", "STRING:E'a\\';' | WORD:x"),
        Arguments.of("e'\\\\' ;", "STRING:e'\\\\' | SYMBOL:;"),
        Arguments.of("B'101' X'ff' N'n'", "STRING:B'101' | STRING:X'ff' | STRING:N'n'"),
        Arguments.of("\"a;\"\"b\" c", "QUOTED_IDENTIFIER:\"a;\"\"b\" | WORD:c"),
        Arguments.of("U&\"d\\0061t\"", "QUOTED_IDENTIFIER:U&\"d\\0061t\""),
        Arguments.of(
            "U&\"d!0061t\" UESCAPE '!' x", "QUOTED_IDENTIFIER:U&\"d!0061t\" UESCAPE '!' | WORD:x"),
        Arguments.of("U&'\\0041' y", "STRING:U&'\\0041' | WORD:y"),
        Arguments.of("$x$ ; ' $y$ $x$;", "STRING:$x$ ; ' $y$ $x$ | SYMBOL:;"),
        Arguments.of("$$a$$", "STRING:$$a$$"),
        Arguments.of("a$b$c", "WORD:a$b$c"),
        Arguments.of("$1 + $23", "PARAMETER:$1 | SYMBOL:+ | PARAMETER:$23"),
        Arguments.of("$1$", "PARAMETER:$1 | SYMBOL:$"),
        Arguments.of("-- c ; \nx", "LINE_COMMENT:-- c ;  | WORD:x"),
        Arguments.of("-- c\rx", "LINE_COMMENT:-- c | WORD:x"),
        Arguments.of("-- c\r\nx", "LINE_COMMENT:-- c | WORD:x"),
        Arguments.of("/* a /* b */ ; */ x", "BLOCK_COMMENT:/* a /* b */ ; */ | WORD:x"),
        Arguments.of("/* open", "BLOCK_COMMENT:/* open"),
        Arguments.of("'open", "STRING:'open"),
        Arguments.of("a::int", "WORD:a | SYMBOL::: | WORD:int"),
        Arguments.of("a=-1", "WORD:a | SYMBOL:= | SYMBOL:- | NUMBER:1"),
        Arguments.of("a @- b", "WORD:a | SYMBOL:@- | WORD:b"),
        Arguments.of("a<>--x\nb", "WORD:a | SYMBOL:<> | LINE_COMMENT:--x | WORD:b"),
        Arguments.of("a*/*x*/b", "WORD:a | SYMBOL:* | BLOCK_COMMENT:/*x*/ | WORD:b"),
        Arguments.of("1.5e-3 .5 1e", "NUMBER:1.5e-3 | NUMBER:.5 | NUMBER:1e"),
        Arguments.of("t.c", "WORD:t | SYMBOL:. | WORD:c"),
        Arguments.of(
            "f(a,b)[1];",
            "WORD:f | SYMBOL:( | WORD:a | SYMBOL:, | WORD:b | SYMBOL:) "
                + "| SYMBOL:[ | NUMBER:1 | SYMBOL:] | SYMBOL:;"),
        Arguments.of("\u00e9t\u00e9\u2003x", "WORD:\u00e9t\u00e9\u2003x"),
        Arguments.of("a\\b", "WORD:a | SYMBOL:\\ | WORD:b"));
  }

  @ParameterizedTest
  @MethodSource("tokens")
  void scan_followsPostgresLexicalRules(String sql, String expected) {
    assertEquals(expected, render(SqlLexer.scan(sql)));
  }

  @ParameterizedTest
  @MethodSource("tokens")
  void scan_isLossless(String sql, String ignored) {
    List<Token> tokens = SqlLexer.scan(sql);
    assertEquals(sql, tokens.stream().map(Token::text).collect(Collectors.joining()));
    for (Token t : tokens) {
      assertEquals(sql.substring(t.start(), t.end()), t.text());
    }
  }

  static Stream<Arguments> nonConforming() {
    return Stream.of(
        Arguments.of("'a\\';' x", "STRING:'a\\';' | WORD:x"),
        Arguments.of("N'a\\'' x", "STRING:N'a\\'' | WORD:x"),
        Arguments.of("'a''b'", "STRING:'a''b'"));
  }

  @ParameterizedTest
  @MethodSource("nonConforming")
  void scan_withoutStandardConformingStrings_backslashEscapes(String sql, String expected) {
    assertEquals(expected, render(SqlLexer.scan(sql, false)));
  }

  static Stream<Arguments> identifiers() {
    return Stream.of(
        Arguments.of("PG_Class", "pg_class"),
        Arguments.of("\u00c9T\u00c9", "\u00c9t\u00c9"),
        Arguments.of("\"PG_Class\"", "PG_Class"),
        Arguments.of("\"a\"\"b\"", "a\"b"),
        Arguments.of("U&\"pg\\005fclass\"", "pg_class"),
        Arguments.of("u&\"\\+01F600\\\\\"", "\uD83D\uDE00\\"),
        Arguments.of("U&\"pg!005fclass\" uescape '!'", "pg_class"),
        Arguments.of("U&\"bad\\zz\"", "bad\\zz"));
  }

  @ParameterizedTest
  @MethodSource("identifiers")
  void identifier_isTheNamePostgresLooksUp(String sql, String expected) {
    List<Token> tokens = SqlLexer.significant(sql);
    assertEquals(1, tokens.size(), () -> render(tokens));
    assertEquals(expected, tokens.get(0).identifier());
  }

  @ParameterizedTest
  @MethodSource("nonIdentifiers")
  void identifier_ofOtherTokens_isRefused(String sql) {
    Token t = SqlLexer.significant(sql).get(0);
    assertThrows(IllegalStateException.class, t::identifier);
  }

  static Stream<String> nonIdentifiers() {
    return Stream.of("'a'", "1", "$1", ";");
  }
}
