package dev.dpjdbc.analyze;

import dev.dpjdbc.analyze.parse.SqlLexer;
import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Data and queries for the "generated SQL carries no analyst text" tests: a table whose text values
 * look like SQL (quotes, backslashes, comment markers, dollar quotes), analyst queries with nasty
 * literals, and the check that a plan's SQL holds none of the analyst's literal text.
 */
final class LiteralFixture {
  private LiteralFixture() {}

  /** {@code notes} with rows; {@code empty_notes}, same shape, without. */
  static void create(Connection c) throws SQLException {
    for (String table : List.of("notes", "empty_notes")) {
      try (Statement s = c.createStatement()) {
        s.execute(
            "CREATE TABLE "
                + table
                + " (id INTEGER PRIMARY KEY, body VARCHAR(200) NOT NULL, born DATE,"
                + " seen TIMESTAMP, amount NUMERIC(10,2) CHECK (amount BETWEEN 0 AND 1000))");
      }
    }
    String[] bodies = {
      "x\\' OR 1=1 --",
      "x'",
      "a--b",
      "c/*d*/e",
      "back\\slash",
      "$$dollar$$",
      "it's",
      "100%",
      "under_score",
      "plain",
      "PLAIN",
      "dollar",
      "x",
      "x\\"
    };
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO notes VALUES (?, ?, ?, ?, ?)")) {
      for (int i = 0; i < bodies.length; i++) {
        ps.setInt(1, i + 1);
        ps.setString(2, bodies[i]);
        ps.setObject(3, java.time.LocalDate.of(2020 + i % 4, 1 + i % 12, 1 + (i * 5) % 28));
        ps.setObject(
            4, java.time.LocalDateTime.of(2021, 1 + i % 12, 2, i, 3, 4, (i % 10) * 100_000_000));
        ps.setBigDecimal(5, new java.math.BigDecimal(i * 7 + ".5"));
        ps.addBatch();
      }
      ps.executeBatch();
    }
  }

  /**
   * WHERE clauses over {@code notes} with literals that could escape their quotes if re-emitted as
   * text, each with values the plan must bind (String.valueOf, 'T' as ' ').
   */
  static Stream<Object[]> nastyWheres() {
    return Stream.of(
        w("body = 'x\\'' OR 1=1 --'", "x\\' OR 1=1 --"),
        w("body = 'x''' OR body = 'it''s'", "x'", "it's"),
        w("body = 'back\\slash'", "back\\slash"),
        w("body = 'x\\'", "x\\"),
        w("body LIKE '%--%' OR body LIKE 'c/*%'", "%--%", "c/*%"),
        w("body = '$$dollar$$' OR body = '$1'", "$$dollar$$", "$1"),
        w("body LIKE '100!%' ESCAPE '!'", "100!%", "!"),
        w("body LIKE 'under\\_score'", "under\\_score"),
        w("body IN ('plain', 'x''', 'a--b', ';DROP TABLE notes;--')", "plain", "a--b"),
        w("body <> 'plain' AND amount > 12.5", "plain", "12.5"),
        w("amount BETWEEN 10.0 AND 123.45 AND id > 1e1", "10.0", "123.45", "10"),
        w("id > -987654 AND id < 98765432101", "-987654", "98765432101"),
        w("id <> 2147483648", "2147483648"),
        w("born > DATE '2021-06-15'", "2021-06-15"),
        w("seen < TIMESTAMP '2021-07-02 05:06:07.891'", "2021-07-02 05:06:07.891"),
        w("born > '2021-06-15' AND born IN ('2020-01-01', '2021-02-06')", "2021-06-15"),
        w("CAST('2021-06-15' AS DATE) < born", "2021-06-15"),
        w("seen > DATE '2021-01-01' + INTERVAL '17' DAY"),
        w("seen > TIMESTAMP '2021-01-01 00:00:00' - INTERVAL '1-2' YEAR TO MONTH"),
        w("lower(body) = 'plain' OR upper(body) = 'DOLLAR'", "DOLLAR"),
        w("TRIM(BOTH '$' FROM body) = 'dollar'", "$", "dollar"),
        w("CASE WHEN id > 3 THEN 'big' ELSE 'small' END = 'big'", "big", "small"),
        w("COALESCE(amount, 99.5) < 1000 AND char_length(body) > 4", "99.5", "1000"),
        w("id > 2 * 3 + 1", "2", "3", "1"));
  }

  private static Object[] w(String where, String... values) {
    return new Object[] {where, List.of(values)};
  }

  /** Literal spellings an attacker may try, dropped into WHERE clauses by {@link #attacks}. */
  static final List<String> ATTACK_LITERALS =
      List.of(
          "'x\\'' OR 1=1 --'",
          "'x\\\\'' OR 1=1 --'",
          "E'x\\'' OR 1=1 --'",
          "e'\\x27 OR 1=1 --'",
          "U&'x\\0027'' OR 1=1 --'",
          "U&'x!0027'' OR 1=1 --' UESCAPE '!'",
          "N'x\\'' OR 1=1 --'",
          "$$x' OR 1=1 --$$",
          "$q$x' OR 1=1 --$q$",
          "'x'/**/'y'",
          "'x'\n'y'",
          "'/* OR 1=1 */'",
          "'-- OR 1=1'",
          "'x\\'; DELETE FROM notes; --'",
          "X'27'",
          "B'0101'",
          "'\\'",
          "'\\\\'",
          "''''",
          "'?'",
          "'$1'",
          "1e400",
          "0x1F",
          "1_000",
          "-2147483649",
          "DATE '2020-01-01'' OR 1=1 --'",
          "TIMESTAMP '2020-01-01 00:00:00'",
          "INTERVAL '1' DAY",
          "TIMESTAMP WITH LOCAL TIME ZONE '2020-01-01 00:00:00'");

  /** The attack literals, and every literal of the captured catalog statements, in WHERE. */
  static Stream<String> attacks() throws IOException {
    List<String> literals = new ArrayList<>(ATTACK_LITERALS);
    for (String statement : catalogStatements().toList()) {
      for (SqlLexer.Token t : SqlLexer.scan(statement)) {
        if (t.kind() == SqlLexer.Kind.STRING || t.kind() == SqlLexer.Kind.NUMBER) {
          literals.add(t.text());
        }
      }
    }
    return literals.stream()
        .distinct()
        .flatMap(
            l ->
                Stream.of(
                    "SELECT COUNT(*) FROM notes WHERE body = " + l,
                    "SELECT COUNT(*) FROM notes WHERE body LIKE " + l,
                    "SELECT COUNT(*) FROM notes WHERE " + l + " = body OR id > 3",
                    "SELECT COUNT(*) FROM notes WHERE body IN (" + l + ", 'plain')",
                    "SELECT COUNT(*) FROM notes WHERE born > " + l,
                    "SELECT COUNT(*) FROM notes WHERE id = " + l));
  }

  /** Every statement psql and pgJDBC were captured sending for catalog work. */
  static Stream<String> catalogStatements() throws IOException {
    List<String> out = new ArrayList<>();
    for (String name :
        List.of("psql15-describe.sql", "pgjdbc-metadata.sql", "pgjdbc-getIndexInfo.sql")) {
      try (InputStream in = LiteralFixture.class.getResourceAsStream("/catalog/" + name)) {
        String all = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        out.addAll(Arrays.asList(all.split("\n-- @@\n")));
      }
    }
    return out.stream();
  }

  /** Every word dpjdbc's generated SQL may hold (keywords, function and type names). */
  private static final java.util.Set<String> VOCABULARY =
      java.util.Set.of(
          "decimal",
          "select",
          "values",
          "from",
          "where",
          "and",
          "or",
          "not",
          "as",
          "in",
          "is",
          "null",
          "true",
          "false",
          "unknown",
          "cast",
          "case",
          "when",
          "then",
          "else",
          "end",
          "like",
          "escape",
          "between",
          "asymmetric",
          "symmetric",
          "distinct",
          "count",
          "sum",
          "min",
          "max",
          "over",
          "partition",
          "by",
          "order",
          "group",
          "row_number",
          "dense_rank",
          "random",
          "rand",
          "double",
          "precision",
          "integer",
          "bigint",
          "smallint",
          "tinyint",
          "numeric",
          "real",
          "varchar",
          "char",
          "date",
          "time",
          "timestamp",
          "interval",
          "year",
          "month",
          "day",
          "hour",
          "minute",
          "second",
          "to",
          "bytea",
          "varbinary",
          "boolean",
          "lower",
          "upper",
          "trim",
          "both",
          "leading",
          "trailing",
          "char_length",
          "character_length",
          "length",
          "btrim",
          "ltrim",
          "rtrim",
          "coalesce",
          "extract",
          "current_date",
          "current_time",
          "current_timestamp",
          "localtime",
          "localtimestamp",
          "dow",
          "doy",
          "epoch",
          "week",
          "quarter",
          "b",
          "w",
          "g");

  /**
   * Null when {@code plan}'s SQL (and preflight) hold no text of the analyst's, else what was
   * found. Checked on PostgreSQL's tokens of the generated SQL: no string constant, comment or
   * {@code $n} at all; every word dpjdbc's own ({@link #VOCABULARY}, internal {@code dp_*}/{@code
   * cN} names); every quoted identifier a name from the catalog ({@code catalogNames}); no numeric
   * literal of the analyst's (three characters or more) spelled out; and no string constant the
   * plan binds appearing anywhere.
   */
  static String analystTextIn(String analystSql, PrivacyPlan plan, Set<String> catalogNames) {
    List<String> numbers = new ArrayList<>();
    for (SqlLexer.Token t : SqlLexer.scan(analystSql)) {
      if (t.kind() == SqlLexer.Kind.NUMBER && t.text().length() >= 3) {
        numbers.add(t.text());
      }
    }
    List<String> values = new ArrayList<>();
    for (BoundSql b : bound(plan)) {
      for (ParameterSource p : b.parameters()) {
        // words are checked as tokens against the vocabulary; other values must not appear
        if (p instanceof ParameterSource.Constant c
            && c.value() instanceof String v
            && v.length() >= 3
            && !v.matches("[A-Za-z_][A-Za-z_0-9]*")) {
          values.add(v);
        }
      }
    }
    for (BoundSql b : bound(plan)) {
      for (SqlLexer.Token t : SqlLexer.scan(b.sql())) {
        String bad =
            switch (t.kind()) {
              case STRING, LINE_COMMENT, BLOCK_COMMENT, PARAMETER -> t.text();
              case WORD ->
                  VOCABULARY.contains(t.text().toLowerCase(Locale.ROOT))
                          || t.text().matches("dp_[a-z]+[0-9]*|c[0-9]+")
                      ? null
                      : t.text();
              case QUOTED_IDENTIFIER ->
                  catalogNames.contains(t.identifier())
                          || t.identifier().matches("dp_[a-z]+[0-9]*|c[0-9]+|t[0-9]*|ZERO")
                      ? null
                      : t.text();
              case NUMBER -> numbers.contains(t.text()) ? t.text() : null;
              case SYMBOL -> t.text().equals(";") ? t.text() : null;
              default -> null;
            };
        if (bad != null) {
          return "generated SQL holds " + bad + ": " + b.sql();
        }
      }
      String outside = b.sql().replaceAll("\"(?:[^\"]|\"\")*\"", "\"\"");
      for (String v : values) {
        if (outside.contains(v)) {
          return "generated SQL holds the bound value " + v + ": " + b.sql();
        }
      }
    }
    return null;
  }

  /** Schema, table and column names of the backend's catalog (as it spells them). */
  static Set<String> catalogNames(Connection c) throws SQLException {
    Set<String> names = new java.util.HashSet<>();
    try (java.sql.ResultSet rs = c.getMetaData().getColumns(null, null, "%", "%")) {
      while (rs.next()) {
        names.add(rs.getString("TABLE_SCHEM"));
        names.add(rs.getString("TABLE_NAME"));
        names.add(rs.getString("COLUMN_NAME"));
      }
    }
    return names;
  }

  static List<BoundSql> bound(PrivacyPlan plan) {
    return plan.preflight() == null
        ? List.of(plan.rewritten())
        : List.of(plan.rewritten(), plan.preflight());
  }

  /** The string forms of every constant a plan binds ('T' of java.time values as ' '). */
  static List<String> constants(PrivacyPlan plan) {
    List<String> out = new ArrayList<>();
    for (BoundSql b : bound(plan)) {
      for (ParameterSource p : b.parameters()) {
        if (p instanceof ParameterSource.Constant c) {
          Object v = c.value();
          out.add(v instanceof java.time.LocalDateTime t ? t.toString().replace('T', ' ') : "" + v);
        }
      }
    }
    return out;
  }

  /** Numbers spelled canonically (12.50 and 12.5, 10.0 and 10 alike), other values as they are. */
  static List<String> normalized(List<String> values) {
    List<String> out = new ArrayList<>();
    for (String v : values) {
      try {
        out.add(new java.math.BigDecimal(v).stripTrailingZeros().toPlainString());
      } catch (NumberFormatException notANumber) {
        out.add(v);
      }
    }
    return out;
  }
}
