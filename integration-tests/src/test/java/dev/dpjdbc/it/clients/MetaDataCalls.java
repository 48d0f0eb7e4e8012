package dev.dpjdbc.it.clients;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Calls every method of {@link java.sql.DatabaseMetaData} reflectively, with {@code null} catalogs,
 * the test schema, the test tables and {@code "%"} for the remaining patterns, and drains every
 * result set it returns. The outcome of each call is "ok", "unsupported" (a {@link
 * SQLFeatureNotSupportedException}) or the error's class, SQLState and message, keyed by the
 * method's signature; a getIndexInfo result also reports whether CARDINALITY and PAGES were all
 * NULL.
 */
public final class MetaDataCalls {
  private MetaDataCalls() {}

  /**
   * Every method's outcome on {@code c}'s metadata; {@code schema}, tables as the backend spells
   * them.
   */
  public static Map<String, String> callAll(
      Connection c, String schema, String table, String referencedTable) throws SQLException {
    DatabaseMetaData md = c.getMetaData();
    Map<String, String> out = new LinkedHashMap<>();
    List<Method> methods = new ArrayList<>(Arrays.asList(DatabaseMetaData.class.getMethods()));
    methods.sort(Comparator.comparing(Method::toString));
    for (Method m : methods) {
      if (Modifier.isStatic(m.getModifiers())) {
        continue;
      }
      out.put(signature(m), call(md, m, schema, table, referencedTable));
    }
    return out;
  }

  /**
   * The method's name and parameter types, e.g. {@code getTables(String,String,String,String[])}.
   */
  public static String signature(Method m) {
    StringBuilder b = new StringBuilder(m.getName()).append('(');
    for (int i = 0; i < m.getParameterCount(); i++) {
      b.append(i == 0 ? "" : ",").append(m.getParameterTypes()[i].getSimpleName());
    }
    return b.append(')').toString();
  }

  private static String call(
      DatabaseMetaData md, Method m, String schema, String table, String referencedTable) {
    Object[] args = arguments(m, schema, table, referencedTable);
    try {
      Object result = m.invoke(md, args);
      if (result instanceof ResultSet rs) {
        return drain(m.getName(), rs);
      }
      return "ok";
    } catch (InvocationTargetException e) {
      Throwable t = e.getCause();
      if (t instanceof SQLFeatureNotSupportedException) {
        return "unsupported";
      }
      String state = t instanceof SQLException s ? s.getSQLState() : "";
      return "error " + t.getClass().getSimpleName() + " " + state + ": " + t.getMessage();
    } catch (IllegalAccessException e) {
      return "error " + e;
    }
  }

  private static String drain(String method, ResultSet rs) throws InvocationTargetException {
    try (rs) {
      ResultSetMetaData rmd = rs.getMetaData();
      int cardinality = -1;
      int pages = -1;
      for (int i = 1; i <= rmd.getColumnCount(); i++) {
        String label = rmd.getColumnLabel(i).toUpperCase(Locale.ROOT);
        cardinality = label.equals("CARDINALITY") ? i : cardinality;
        pages = label.equals("PAGES") ? i : pages;
      }
      boolean statisticsNull = true;
      int rows = 0;
      while (rs.next()) {
        rows++;
        for (int i = 1; i <= rmd.getColumnCount(); i++) {
          Object v = rs.getObject(i);
          if ((i == cardinality || i == pages) && v != null) {
            statisticsNull = false;
          }
        }
      }
      if (method.equals("getIndexInfo")) {
        return "ok rows=" + rows + (statisticsNull ? " statistics=null" : " statistics=present");
      }
      return "ok";
    } catch (SQLException e) {
      throw new InvocationTargetException(e);
    }
  }

  private static Object[] arguments(Method m, String schema, String table, String referenced) {
    Class<?>[] types = m.getParameterTypes();
    Object[] args = new Object[types.length];
    int strings = 0;
    boolean cross = m.getName().equals("getCrossReference");
    for (int i = 0; i < types.length; i++) {
      Class<?> t = types[i];
      if (t == String.class) {
        args[i] =
            cross
                ? new String[] {null, schema, referenced, null, schema, table}[strings]
                : switch (strings) {
                  case 0 -> null; // catalog
                  case 1 -> schema;
                  case 2 -> table;
                  default -> "%";
                };
        strings++;
      } else if (t == int.class) {
        args[i] = intArgument(m.getName(), i);
      } else if (t == boolean.class) {
        args[i] = false;
      } else if (t == Class.class) {
        args[i] = DatabaseMetaData.class;
      } else {
        args[i] = null; // String[] types, int[] UDT types: all
      }
    }
    return args;
  }

  private static int intArgument(String method, int position) {
    return switch (method) {
      case "supportsConvert" -> position == 0 ? Types.INTEGER : Types.VARCHAR;
      case "supportsTransactionIsolationLevel" -> Connection.TRANSACTION_READ_COMMITTED;
      case "supportsResultSetHoldability" -> ResultSet.HOLD_CURSORS_OVER_COMMIT;
      case "supportsResultSetConcurrency" ->
          position == 0 ? ResultSet.TYPE_FORWARD_ONLY : ResultSet.CONCUR_READ_ONLY;
      case "getBestRowIdentifier" -> DatabaseMetaData.bestRowSession;
      default -> ResultSet.TYPE_FORWARD_ONLY; // supportsResultSetType, ownUpdatesAreVisible, ...
    };
  }
}
