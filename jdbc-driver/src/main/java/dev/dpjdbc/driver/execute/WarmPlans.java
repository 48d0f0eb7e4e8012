package dev.dpjdbc.driver.execute;

import dev.dpjdbc.analyze.plan.PrivacyPlan;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What one backend connection has already checked, so that a warm query does not pay for the same
 * data-independent round trips again: the backend's product name, and the plans (with the exact
 * values bound to them) whose describe ({@link PlanExecutor#prepare}) and value probe ({@link
 * PlanExecutor#checkValues}) passed on this connection.
 *
 * <p>Why this keeps every guarantee: the describe and the probe are functions of the statement
 * text, the bound values (their classes and contents: {@link Parameters#bind} chooses the setter
 * from them) and the backend's catalog; the session never changes the data connection's settings
 * (backend settings go to the catalog connection). A plan object is immutable and a new one is made
 * after the catalog changes, so an identical (plan, values) pair that passed once passes again —
 * unless another session alters the catalog in between, which could equally happen between the
 * describe and the execution: such a statement fails after its charge, is paid for (never
 * refunded), and is {@link #forget forgotten}, so the next attempt is checked afresh. Only
 * immutable values (strings, boxed numbers, booleans, java.time values, UUIDs) are remembered.
 * Bounded ({@value #MAX} entries, least recently used out); one per session, not thread-safe (a
 * session runs one statement at a time).
 */
public final class WarmPlans {
  static final int MAX = 256;

  private final Map<Key, Boolean> checked =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Boolean> eldest) {
          return size() > MAX;
        }
      };

  private Boolean postgres;

  /** A plan (by identity: plans are immutable and remade after a catalog change) and its values. */
  private record Key(PrivacyPlan plan, List<Object> values) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.plan == plan && k.values.equals(values);
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(plan) * 31 + values.hashCode();
    }
  }

  /** True when {@code plan} with exactly {@code params} passed its checks on this connection. */
  public boolean passed(PrivacyPlan plan, List<Object> params) {
    return rememberable(params) && checked.containsKey(new Key(plan, params));
  }

  /** Records that {@code plan} with {@code params} passed the describe and the value probe. */
  public void remember(PrivacyPlan plan, List<Object> params) {
    if (rememberable(params)) {
      checked.put(new Key(plan, Collections.unmodifiableList(new ArrayList<>(params))), true);
    }
  }

  /** Forgets {@code plan} (whatever its values): its execution failed. */
  public void forget(PrivacyPlan plan) {
    checked.keySet().removeIf(k -> k.plan == plan);
  }

  /** Whether the backend is PostgreSQL (asked once per connection). */
  public boolean isPostgres(Connection backend) throws SQLException {
    if (postgres == null) {
      postgres =
          backend
              .getMetaData()
              .getDatabaseProductName()
              .toLowerCase(Locale.ROOT)
              .contains("postgres");
    }
    return postgres;
  }

  /** Number of remembered (plan, values) pairs, for tests. */
  int size() {
    return checked.size();
  }

  /** Only immutable values with content equality (not arrays, not java.util.Date and kin). */
  private static boolean rememberable(List<Object> params) {
    for (Object p : params) {
      if (p != null && !IMMUTABLE.contains(p.getClass())) {
        return false;
      }
    }
    return true;
  }

  private static final Set<Class<?>> IMMUTABLE =
      Set.of(
          String.class,
          Integer.class,
          Long.class,
          Short.class,
          Byte.class,
          Double.class,
          Float.class,
          Boolean.class,
          java.math.BigDecimal.class,
          java.math.BigInteger.class,
          java.time.LocalDate.class,
          java.time.LocalDateTime.class,
          java.time.LocalTime.class,
          java.time.OffsetDateTime.class,
          java.time.OffsetTime.class,
          java.time.Instant.class,
          java.util.UUID.class);
}
