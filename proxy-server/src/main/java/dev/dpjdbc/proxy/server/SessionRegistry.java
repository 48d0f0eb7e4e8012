package dev.dpjdbc.proxy.server;

import dev.dpjdbc.proxy.session.Session;
import java.security.SecureRandom;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Live sessions by BackendKeyData, so a CancelRequest (which arrives on a new connection) finds the
 * session to cancel. Process ids count up; secret keys come from SecureRandom, and a cancel needs
 * both.
 */
final class SessionRegistry {
  /** A session's BackendKeyData. */
  record Key(int processId, int secretKey) {}

  private final Map<Integer, Map.Entry<Integer, Session>> sessions = new ConcurrentHashMap<>();
  private final AtomicInteger nextPid = new AtomicInteger(1000);
  private final SecureRandom random = new SecureRandom();

  Key register(Session session) {
    Key key = new Key(nextPid.incrementAndGet(), random.nextInt());
    sessions.put(key.processId(), Map.entry(key.secretKey(), session));
    return key;
  }

  void unregister(Key key) {
    sessions.remove(key.processId());
  }

  /** Cancels the session's running statement if pid and secret match; silent otherwise. */
  void cancel(int processId, int secretKey) {
    Map.Entry<Integer, Session> e = sessions.get(processId);
    if (e != null && e.getKey() == secretKey) {
      e.getValue().cancel();
    }
  }

  java.util.Collection<Session> all() {
    return sessions.values().stream().map(Map.Entry::getValue).toList();
  }
}
