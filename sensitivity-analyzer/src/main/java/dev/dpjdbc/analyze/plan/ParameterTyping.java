package dev.dpjdbc.analyze.plan;

/**
 * How the executor types the values it binds, chosen by the analyzer for the backend the SQL was
 * written for. Either way a value is converted to the type its context needs when it is bound,
 * before the backend reads a row, so a value that does not convert fails the same way whatever the
 * data holds (a conversion error raised per row would tell the analyst whether some row was
 * reached).
 */
public enum ParameterTyping {
  /**
   * PostgreSQL: the backend infers the type of each parameter from its context when it parses the
   * statement and converts the value when it is bound. String constants travel untyped ({@link
   * java.sql.Types#OTHER}), so they are read exactly as an untyped literal would be.
   */
  INFERRED_BY_BACKEND,
  /**
   * H2 (which converts a parameter at every use, per row): the executor asks the statement's {@code
   * ParameterMetaData} for the type the backend expects and converts string constants and the
   * analyst's values to it with {@code setObject(i, value, type)} (a conversion in the driver, at
   * bind time).
   */
  CONVERTED_AT_BIND
}
