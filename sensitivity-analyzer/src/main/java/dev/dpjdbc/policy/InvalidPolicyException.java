package dev.dpjdbc.policy;

/**
 * The policy file is unreadable or invalid. The message names the key path (e.g. {@code
 * tables.public.employees.columns.salary.min}), the rule and the value given. Callers that answer
 * SQL map it to SQLState {@code F0000} ({@code AnalyzerSqlState.INVALID_POLICY}).
 */
public final class InvalidPolicyException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public InvalidPolicyException(String message) {
    super(message);
  }

  public InvalidPolicyException(String message, Throwable cause) {
    super(message, cause);
  }
}
