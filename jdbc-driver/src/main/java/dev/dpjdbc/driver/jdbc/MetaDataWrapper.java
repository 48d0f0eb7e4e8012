package dev.dpjdbc.driver.jdbc;

import dev.dpjdbc.driver.execute.BackendErrors;
import dev.dpjdbc.driver.execute.Table;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The backend's {@link DatabaseMetaData}, delegated so BI tools can browse schemas, with three
 * changes: {@code getConnection()} returns the dpjdbc connection; every {@link ResultSet} is
 * materialised into a {@link DpResultSet} (catalog data only: names, types, keys — no table rows);
 * {@code unwrap}/{@code isWrapperFor} know only {@link DatabaseMetaData} itself. Backend errors are
 * scrubbed. Capability methods ({@code supports*}, {@code isReadOnly}, ...) answer what dpjdbc
 * accepts ({@link DpCapabilities}). A fourth: {@code getIndexInfo}'s CARDINALITY and PAGES, which
 * the backends fill from the table's row count, are released as NULL. A dynamic proxy keeps the
 * ~180 pure delegations out of the source.
 */
final class MetaDataWrapper implements InvocationHandler {
  /**
   * getIndexInfo columns computed from the data: pgJDBC reads them from {@code pg_class.reltuples}
   * / {@code relpages} (the table's row count), H2 from its row-count estimate. Released as NULL,
   * which JDBC allows ("CARDINALITY ... when TYPE is tableIndexStatistic, then this is the number
   * of rows in the table"; drivers may leave statistics unknown).
   */
  private static final java.util.Set<String> DATA_DERIVED_INDEX_COLUMNS =
      java.util.Set.of("CARDINALITY", "PAGES");

  private final DatabaseMetaData backend;
  private final DpConnection connection;

  private MetaDataWrapper(DatabaseMetaData backend, DpConnection connection) {
    this.backend = backend;
    this.connection = connection;
  }

  static DatabaseMetaData wrap(DatabaseMetaData backend, DpConnection connection) {
    return (DatabaseMetaData)
        Proxy.newProxyInstance(
            MetaDataWrapper.class.getClassLoader(),
            new Class<?>[] {DatabaseMetaData.class},
            new MetaDataWrapper(backend, connection));
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    switch (method.getName()) {
      case "getConnection":
        return connection;
      case "getURL":
        return connection.url();
      case "unwrap":
        Class<?> iface = (Class<?>) args[0];
        if (iface.isInstance(proxy)) {
          return proxy;
        }
        throw Refusals.noUnwrap(iface);
      case "isWrapperFor":
        return ((Class<?>) args[0]).isInstance(proxy);
      case "equals":
        return proxy == args[0];
      case "hashCode":
        return System.identityHashCode(proxy);
      case "toString":
        return "dpjdbc DatabaseMetaData for " + connection.url();
      default:
        break;
    }
    connection.checkOpen();
    java.util.Optional<Object> own = DpCapabilities.answer(method, args);
    if (own.isPresent()) {
      return own.get();
    }
    Object result;
    try {
      result = method.invoke(backend, args);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof java.sql.SQLFeatureNotSupportedException) {
        throw Refusals.unsupported("DatabaseMetaData." + method.getName());
      }
      if (e.getCause() instanceof SQLException sql) {
        throw BackendErrors.scrub(sql);
      }
      throw e.getCause();
    }
    if (result instanceof ResultSet rs) {
      try (rs) {
        Table table = Table.copyOf(rs);
        if (method.getName().equals("getIndexInfo")) {
          table = withoutStatistics(table);
        }
        return new DpResultSet(table, null, null);
      }
    }
    if (result instanceof Connection) {
      return connection;
    }
    return result;
  }

  /** getIndexInfo rows with CARDINALITY and PAGES set to NULL (they count the table's rows). */
  static Table withoutStatistics(Table table) {
    java.util.List<Integer> hidden = new java.util.ArrayList<>();
    for (int i = 0; i < table.columns().size(); i++) {
      String label = table.columns().get(i).label();
      if (label != null
          && DATA_DERIVED_INDEX_COLUMNS.contains(label.toUpperCase(java.util.Locale.ROOT))) {
        hidden.add(i);
      }
    }
    java.util.List<Object[]> rows = new java.util.ArrayList<>();
    for (Object[] row : table.rows()) {
      Object[] copy = row.clone();
      hidden.forEach(i -> copy[i] = null);
      rows.add(copy);
    }
    return new Table(table.columns(), rows);
  }
}
