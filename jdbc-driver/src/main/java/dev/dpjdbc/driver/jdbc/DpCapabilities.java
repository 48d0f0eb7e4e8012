package dev.dpjdbc.driver.jdbc;

import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.Map;
import java.util.Optional;

/**
 * The {@link java.sql.DatabaseMetaData} capability answers ({@code supports*}, {@code isReadOnly},
 * {@code allTablesAreSelectable}, ...) that describe what dpjdbc accepts rather than what the
 * backend does: dpjdbc is read-only, forward-only, without batches, stored procedures, savepoints,
 * generated keys or multiple results, and releases aggregates only. Every answer here is checked
 * against the driver's real behaviour by the integration tests; capabilities not listed (GROUP BY,
 * ORDER BY, aliases, LIKE escapes, SQL grammar levels, identifier case, limits) are the backend's,
 * and the analyzer accepts them.
 */
final class DpCapabilities {
  private DpCapabilities() {}

  /** Answers of the no-argument capability methods. */
  static final Map<String, Object> FIXED =
      Map.ofEntries(
          Map.entry("isReadOnly", true),
          Map.entry("allTablesAreSelectable", false),
          Map.entry("allProceduresAreCallable", false),
          Map.entry("supportsBatchUpdates", false),
          Map.entry("supportsStoredProcedures", false),
          Map.entry("supportsStoredFunctionsUsingCallSyntax", false),
          Map.entry("supportsSavepoints", false),
          Map.entry("supportsGetGeneratedKeys", false),
          Map.entry("supportsMultipleResultSets", false),
          Map.entry("supportsMultipleOpenResults", false),
          Map.entry("supportsNamedParameters", false),
          Map.entry("supportsSelectForUpdate", false),
          Map.entry("supportsPositionedDelete", false),
          Map.entry("supportsPositionedUpdate", false),
          Map.entry("supportsAlterTableWithAddColumn", false),
          Map.entry("supportsAlterTableWithDropColumn", false),
          Map.entry("supportsDataDefinitionAndDataManipulationTransactions", false),
          Map.entry("supportsDataManipulationTransactionsOnly", false),
          Map.entry("supportsStatementPooling", false),
          Map.entry("supportsSharding", false),
          Map.entry("supportsRefCursors", false),
          Map.entry("locatorsUpdateCopy", false),
          // one aggregate over private data per query; a subquery compared with private rows
          // reads a per-person value: refused (0A000 / 42501)
          Map.entry("supportsUnion", false),
          Map.entry("supportsUnionAll", false),
          Map.entry("supportsSubqueriesInComparisons", false),
          Map.entry("supportsSubqueriesInExists", false),
          Map.entry("supportsSubqueriesInIns", false),
          Map.entry("supportsSubqueriesInQuantifieds", false),
          Map.entry("supportsCorrelatedSubqueries", false),
          Map.entry("supportsTransactions", true),
          Map.entry("getDefaultTransactionIsolation", Connection.TRANSACTION_READ_COMMITTED));

  /** dpjdbc's answer to {@code method(args)}, or empty to ask the backend. */
  static Optional<Object> answer(Method method, Object[] args) {
    String name = method.getName();
    if (method.getParameterCount() == 0 && FIXED.containsKey(name)) {
      return Optional.of(FIXED.get(name));
    }
    return switch (name) {
      case "supportsResultSetType" -> Optional.of((int) args[0] == ResultSet.TYPE_FORWARD_ONLY);
      case "supportsResultSetConcurrency" ->
          Optional.of(
              (int) args[0] == ResultSet.TYPE_FORWARD_ONLY
                  && (int) args[1] == ResultSet.CONCUR_READ_ONLY);
      case "supportsTransactionIsolationLevel" ->
          Optional.of((int) args[0] == Connection.TRANSACTION_READ_COMMITTED);
      case "ownUpdatesAreVisible",
              "ownDeletesAreVisible",
              "ownInsertsAreVisible",
              "othersUpdatesAreVisible",
              "othersDeletesAreVisible",
              "othersInsertsAreVisible",
              "updatesAreDetected",
              "deletesAreDetected",
              "insertsAreDetected" ->
          Optional.of(false);
      default -> Optional.empty();
    };
  }
}
