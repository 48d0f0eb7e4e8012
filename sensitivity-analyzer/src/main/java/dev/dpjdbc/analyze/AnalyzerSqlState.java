package dev.dpjdbc.analyze;

/**
 * The SQLStates dpjdbc answers with (pgjdbc's PSQLState habit). Standard classes where they fit;
 * class {@code ZD} (implementation-defined: classes starting I–Z or 5–9 are) is dpjdbc's own, for
 * privacy-policy and budget matters. The same codes reach psql in the ErrorResponse 'C' field.
 */
public enum AnalyzerSqlState {
  /** A query shape dpjdbc refuses for privacy (row-level SELECT, DML, side effects). */
  INSUFFICIENT_PRIVILEGE("42501"),
  /** Valid SQL that dpjdbc does not support yet. */
  FEATURE_NOT_SUPPORTED("0A000"),
  /** A bad parameter value (SET dp.epsilon = -1). */
  INVALID_PARAMETER_VALUE("22023"),
  /** Syntax error in the analyst's SQL. */
  SYNTAX_ERROR("42601"),
  /** Unknown table or column. */
  UNDEFINED_TABLE("42P01"),
  UNDEFINED_COLUMN("42703"),
  /** A column neither grouped nor aggregated (PostgreSQL's grouping_error). */
  GROUPING_ERROR("42803"),
  /** A name that matches several columns or output columns (PostgreSQL's ambiguous_column). */
  AMBIGUOUS_COLUMN("42702"),
  /** A column the query needs has no bound (neither policy nor constraint). */
  MISSING_BOUND("ZD001"),
  /** The table has no privacy unit (no policy privacy_unit, no primary key). */
  MISSING_PRIVACY_UNIT("ZD002"),
  /**
   * The catalog facts a cached plan relied on (a CHECK, a column type) changed before it ran; the
   * statement failed before aggregating any row, and the next plan reads the catalog again.
   */
  CATALOG_CHANGED("ZD003"),
  /** The analyst's privacy budget cannot cover this query. */
  BUDGET_EXHAUSTED("ZD100"),
  /** The policy file is invalid. */
  INVALID_POLICY("F0000"),
  /** A pass-through result larger than its row or byte cap. */
  PROGRAM_LIMIT_EXCEEDED("54000"),
  /** Backend failure (message scrubbed of DETAIL/HINT/WHERE). */
  BACKEND_ERROR("58000");

  private final String code;

  AnalyzerSqlState(String code) {
    this.code = code;
  }

  public String code() {
    return code;
  }
}
