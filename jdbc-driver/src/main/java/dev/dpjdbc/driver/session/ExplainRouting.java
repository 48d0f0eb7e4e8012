package dev.dpjdbc.driver.session;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.catalog.CatalogQueries;
import dev.dpjdbc.driver.execute.Table;
import java.sql.SQLException;
import java.util.List;

/**
 * Where {@code EXPLAIN PRIVACY <statement>} goes: the route execution would take, with the same
 * data-independent checks and SQLStates, and nothing read or charged.
 */
final class ExplainRouting {
  private ExplainRouting() {}

  /**
   * EXPLAIN PRIVACY: the statement takes the route execution would take and meets the same
   * data-independent checks, with the same SQLStates, but nothing reads data or is charged. A query
   * over private data: {@link PrivacyPath#explain}. A catalog statement: the catalog door's checks
   * ({@link dev.dpjdbc.driver.catalog.CatalogDoor#check}), then no rows — it releases nothing
   * private and spends nothing. Anything else (SET, SHOW, transaction control): 42601, as
   * PostgreSQL's EXPLAIN refuses it, after the checks that would refuse it when executed (an
   * invalid {@code SET dp.*} value is 22023, a setting off the allow-list 42501).
   */
  static Table explain(
      String query,
      List<Object> params,
      int timeoutSeconds,
      QuerySettings settings,
      CatalogLink catalog,
      PrivacyPath path)
      throws SQLException {
    String statement = SqlText.single(query);
    switch (explainRoute(statement, settings)) {
      case CATALOG -> {
        CatalogQueries.Classification c = CatalogQueries.classify(statement);
        try {
          if (c.verdict() == CatalogQueries.Verdict.REFUSE && !catalog.postgres()) {
            throw new SQLException(c.reason(), AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
          }
          catalog.door().check(statement, params);
        } catch (SQLException e) {
          boolean refused = AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code().equals(e.getSQLState());
          throw c.verdict() == CatalogQueries.Verdict.REFUSE && refused
              ? new SQLException(c.reason(), AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code())
              : e;
        }
        return ExplainPrivacy.nothingPrivate();
      }
      default -> {
        SQLException unread = CatalogFallback.refusal(path, catalog, statement);
        if (unread != null) { // as execution routes it: PostgreSQL's parse decides
          return CatalogFallback.door(
              unread,
              () -> {
                catalog.door().check(statement, params);
                return ExplainPrivacy.nothingPrivate();
              });
        }
        return path.explain(statement, params, settings, timeoutSeconds);
      }
    }
  }

  /** The statement is explained as a catalog statement (else as a query over private data). */
  static boolean toCatalog(String statement, QuerySettings settings) throws SQLException {
    return explainRoute(statement, settings) == ExplainRoute.CATALOG;
  }

  /** Where EXPLAIN PRIVACY's statement goes; see {@link #explain}. */
  private enum ExplainRoute {
    QUERY,
    CATALOG
  }

  private static ExplainRoute explainRoute(String statement, QuerySettings settings)
      throws SQLException {
    var command = SessionCommand.parse(statement);
    if (command.isPresent()) {
      if (command.get() instanceof SessionCommand.Set set) {
        Setting.forKey(set.key()).apply(settings, set.value());
      } else if (command.get() instanceof SessionCommand.Reset reset) {
        Setting.forKey(reset.key());
      }
      throw nothingToExplain(statement);
    }
    if (CatalogQueries.isTransactionControl(statement)
        || ClientSettings.parse(statement).isPresent()) {
      throw nothingToExplain(statement);
    }
    CatalogQueries.Verdict v = CatalogQueries.classify(statement).verdict();
    return v == CatalogQueries.Verdict.PASS_THROUGH || v == CatalogQueries.Verdict.REFUSE
        ? ExplainRoute.CATALOG
        : ExplainRoute.QUERY;
  }

  private static SQLException nothingToExplain(String statement) {
    String head = statement.strip().split("\\s+", 2)[0];
    return new SQLException(
        "EXPLAIN PRIVACY explains a query (SELECT ...); "
            + head.toUpperCase(java.util.Locale.ROOT)
            + " statements release nothing and spend nothing, so there is nothing to explain",
        AnalyzerSqlState.SYNTAX_ERROR.code());
  }
}
