package dev.dpjdbc.analyze.safety;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import java.sql.SQLException;

/**
 * One expression the error rule refuses: the construct (with the expression as the analyst can
 * recognise it), why it can raise an error that depends on row values, and a rewrite. Unchecked
 * inside the expression walk; {@link #toSqlException} adds where the expression stands.
 */
final class Refusal extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String construct;
  private final String why;
  private final String fix;

  Refusal(String construct, String why, String fix) {
    super(construct + ": " + why, null, false, false);
    this.construct = construct;
    this.why = why;
    this.fix = fix;
  }

  /** 0A000, worded as {@code WhereAllowList} words it, with {@code place} ("WHERE", ...). */
  SQLException toSqlException(String place) {
    return new SQLException(
        "dpjdbc refuses "
            + construct
            + " in "
            + place
            + ": "
            + why
            + ", and an error is released without noise. "
            + fix,
        AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
  }
}
