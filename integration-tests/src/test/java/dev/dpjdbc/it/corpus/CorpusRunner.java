package dev.dpjdbc.it.corpus;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * Runs corpus queries on one backend: the exact answer on a direct connection, the private answer
 * through {@code jdbc:dp:} at the corpus ε, and judges each ({@link Verdict}).
 *
 * <p>An answerable query is first planned with {@code EXPLAIN PRIVACY} (which spends nothing): if
 * the analyzer refuses the plan, the query is NOT-YET; if it accepts the plan, execution must
 * succeed and match the exact answer within the declared error ({@link AnswerComparison}). A
 * must-refuse query must throw before it runs and leave {@code SHOW dp.budget} unchanged; with the
 * declared SQLState (and message fragment) it passes, refused for another reason (the current
 * analyzer's "not supported yet") it is NOT-YET.
 *
 * <p>A query with a {@code known_bug} in queries.yaml reports a failure as NOT-YET naming the bug,
 * (which fails the test, as every NOT-YET does, unless {@code -Dcorpus.strict=false}).
 */
final class CorpusRunner implements AutoCloseable {
  /**
   * SQLState classes of an error raised while the backend ran the statement (data exception,
   * operator intervention, system and internal errors): a must-refuse query must be refused before
   * it runs, or its error itself can reveal a row.
   */
  private static final java.util.regex.Pattern EXECUTION_ERRORS =
      java.util.regex.Pattern.compile("(22|53|54|57|58|XX)...");

  private final CorpusBackend backend;
  private final Connection direct;
  private final Connection dp;

  CorpusRunner(CorpusBackend backend, Path policy, CorpusFile file) throws SQLException {
    this.backend = backend;
    this.direct = backend.direct();
    this.dp = backend.dp(policy, "corpus-" + UUID.randomUUID());
    try (Statement s = dp.createStatement()) {
      s.execute("SET dp.epsilon = " + file.epsilon());
      s.execute("SET dp.delta = " + file.delta());
    }
  }

  Verdict run(CorpusQuery q) {
    Verdict v;
    try {
      v = q.answer() ? answer(q) : refuse(q);
    } catch (SQLException | RuntimeException e) {
      v = Verdict.fail(q, backend.name(), "runner error: " + describe(e));
    }
    if (v.status() == Verdict.Status.FAIL && q.knownBug() != null) {
      return Verdict.notYet(q, backend.name(), "KNOWN BUG (" + q.knownBug() + "): " + v.detail());
    }
    return v;
  }

  private Verdict answer(CorpusQuery q) throws SQLException {
    ResultTable exact;
    try {
      exact = ResultTable.query(direct, q.sql());
    } catch (SQLException e) {
      return Verdict.fail(q, backend.name(), "the backend cannot compute it: " + describe(e));
    }
    String corpusError =
        AnswerComparison.checkEntry(q, exact, sql -> ResultTable.query(direct, sql));
    if (corpusError != null) {
      return Verdict.fail(q, backend.name(), "corpus error: " + corpusError);
    }
    if (q.probe()) {
      return probe(q, exact);
    }
    List<ColumnCheck.Coordinate> coordinates;
    try {
      coordinates = explain(q.sql());
    } catch (SQLException e) {
      return Verdict.notYet(q, backend.name(), "EXPLAIN PRIVACY refuses: " + describe(e));
    }
    SelectionCheck selection = null;
    if (selectionRow != null) {
      if (q.units() == null) {
        // an entry without units: expects a public domain (time buckets, dimension keys):
        // selecting its groups is an answer, but not the one its issue asks for
        return Verdict.notYet(
            q,
            backend.name(),
            "answered by partition selection where a public domain is expected (no units:)");
      }
      selection = SelectionCheck.of(selectionRow[0], Integer.parseInt(selectionRow[1]), units(q));
      if (!(selection.mustReleaseProbability() >= 0.99)) {
        return Verdict.fail(q, backend.name(), "π(3n½) < 0.99: " + selection.describe());
      }
    }
    ResultTable released;
    try {
      released = ResultTable.query(dp, q.sql());
    } catch (SQLException e) {
      return Verdict.fail(
          q, backend.name(), "EXPLAIN PRIVACY accepts it, execution fails: " + describe(e));
    }
    AnswerComparison.Result r =
        new AnswerComparison(
                q, exact, released, coordinates, sql -> ResultTable.query(direct, sql), selection)
            .compare();
    String detail = r.detail() + (selection == null ? "" : "; " + selection.describe());
    return r.ok()
        ? Verdict.pass(q, backend.name(), detail)
        : Verdict.fail(q, backend.name(), detail);
  }

  /** The entry's {@code units:} answer: group key text → distinct units. */
  private java.util.Map<String, Long> units(CorpusQuery q) throws SQLException {
    ResultTable t = ResultTable.query(direct, q.units());
    int keys = t.labels().size() - 1;
    java.util.Map<String, Long> out = new java.util.HashMap<>();
    for (List<Object> row : t.rows()) {
      List<String> parts = new ArrayList<>();
      for (int j = 0; j < keys; j++) {
        parts.add(ResultTable.keyText(row.get(j)));
      }
      out.put(String.join(" | ", parts), (long) ResultTable.number(row.get(keys)));
    }
    return out;
  }

  /** A zero-row probe: the exact answer's columns, no rows, nothing spent. */
  private Verdict probe(CorpusQuery q, ResultTable exact) throws SQLException {
    double[] before = spent();
    ResultTable released;
    try {
      released = ResultTable.query(dp, q.sql());
    } catch (SQLException e) {
      return Verdict.notYet(q, backend.name(), "probe refused: " + describe(e));
    }
    double[] after = spent();
    if (!released.rows().isEmpty()) {
      return Verdict.fail(
          q, backend.name(), "the probe released " + released.rows().size() + " rows");
    }
    if (!released.sameLabels(exact)) {
      return Verdict.fail(
          q, backend.name(), "columns " + released.labels() + " instead of " + exact.labels());
    }
    if (!Arrays.equals(before, after)) {
      return Verdict.notYet(
          q, backend.name(), "right columns and no rows, but it spent " + spentText(before, after));
    }
    return Verdict.pass(
        q, backend.name(), "columns " + released.labels() + ", no rows, nothing spent");
  }

  private Verdict refuse(CorpusQuery q) throws SQLException {
    double[] before = spent();
    SQLException refusal;
    try {
      ResultTable released = ResultTable.query(dp, q.sql());
      return Verdict.fail(
          q, backend.name(), "ANSWERED a must-refuse query (" + released.rows().size() + " rows)");
    } catch (SQLException e) {
      refusal = e;
    }
    double[] after = spent();
    if (!Arrays.equals(before, after)) {
      return Verdict.fail(q, backend.name(), "the refusal spent " + spentText(before, after));
    }
    String state = refusal.getSQLState();
    String got = describe(refusal);
    if (q.sqlState().equals(state)) {
      String fragment = q.message();
      if (fragment != null
          && !String.valueOf(refusal.getMessage())
              .toLowerCase(Locale.ROOT)
              .contains(fragment.toLowerCase(Locale.ROOT))) {
        return Verdict.notYet(
            q, backend.name(), "declared SQLState, message lacks '" + fragment + "': " + got);
      }
      return Verdict.pass(q, backend.name(), got);
    }
    if (state == null || EXECUTION_ERRORS.matcher(state).matches()) {
      return Verdict.fail(
          q, backend.name(), "failed while executing: " + got + " instead of " + q.sqlState());
    }
    return Verdict.notYet(
        q, backend.name(), "refused for another reason than " + q.sqlState() + ": " + got);
  }

  /**
   * The last EXPLAIN PRIVACY's partition-selection row ({@code bounds}, {@code groups}), or null.
   */
  private String[] selectionRow;

  /**
   * EXPLAIN PRIVACY's noisy coordinates (its partition-selection row, if any, goes to {@link
   * #selectionRow}); throws when the analyzer refuses the query.
   */
  private List<ColumnCheck.Coordinate> explain(String sql) throws SQLException {
    List<ColumnCheck.Coordinate> out = new ArrayList<>();
    selectionRow = null;
    try (Statement s = dp.createStatement();
        ResultSet rs = s.executeQuery("EXPLAIN PRIVACY " + sql)) {
      while (rs.next()) {
        if (String.valueOf(rs.getString("aggregate")).startsWith("partition selection")) {
          selectionRow = new String[] {rs.getString("bounds"), rs.getString("groups")};
          continue;
        }
        String outputs = rs.getString("output_column");
        out.add(
            new ColumnCheck.Coordinate(
                outputs == null ? List.of() : Arrays.asList(outputs.split(",\\s*")),
                rs.getString("aggregate"),
                rs.getDouble("sensitivity"),
                rs.getDouble("stddev"),
                number(rs, "rank_error"),
                number(rs, "bucket_width"),
                columnStddevs(rs.getString("output_stddev"))));
      }
    }
    return out;
  }

  /** EXPLAIN PRIVACY's output_stddev ("label=sd; ..."): the numeric entries by label. */
  private static java.util.Map<String, Double> columnStddevs(String text) {
    java.util.Map<String, Double> out = new java.util.LinkedHashMap<>();
    if (text == null) {
      return out;
    }
    for (String part : text.split("; ")) {
      int eq = part.lastIndexOf('=');
      if (eq > 0) {
        try {
          out.put(part.substring(0, eq), Double.parseDouble(part.substring(eq + 1)));
        } catch (NumberFormatException e) {
          // a ratio's delta-method formula: not a number
        }
      }
    }
    return out;
  }

  /** A nullable number column as a double, NaN for NULL. */
  private static double number(ResultSet rs, String column) throws SQLException {
    double v = rs.getDouble(column);
    return rs.wasNull() ? Double.NaN : v;
  }

  /** (epsilon_spent, delta_spent) from {@code SHOW dp.budget}. */
  private double[] spent() throws SQLException {
    try (Statement s = dp.createStatement();
        ResultSet rs = s.executeQuery("SHOW dp.budget")) {
      rs.next();
      return new double[] {rs.getDouble("epsilon_spent"), rs.getDouble("delta_spent")};
    }
  }

  private static String spentText(double[] before, double[] after) {
    return "ε " + (after[0] - before[0]) + ", δ " + (after[1] - before[1]);
  }

  static String describe(Exception e) {
    String msg = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
    if (msg.length() > 300) {
      msg = msg.substring(0, 300) + "...";
    }
    return e instanceof SQLException s ? s.getSQLState() + " " + msg : e + "";
  }

  @Override
  public void close() throws SQLException {
    try (direct;
        dp) {
      // closes both
    }
  }
}
