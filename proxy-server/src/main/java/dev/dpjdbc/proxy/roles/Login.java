package dev.dpjdbc.proxy.roles;

/**
 * A backend login: role name and password (either may be null when none is configured). {@link
 * #toString()} never shows the password.
 */
public record Login(String user, String password) {
  /** No login configured. */
  public static final Login NONE = new Login(null, null);

  /** True when a role name is given. */
  public boolean isSet() {
    return user != null;
  }

  @Override
  public String toString() {
    return "Login[user=" + user + ", password=" + (password == null ? "none" : "***") + "]";
  }
}
