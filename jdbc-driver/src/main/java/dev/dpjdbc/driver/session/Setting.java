package dev.dpjdbc.driver.session;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import java.sql.SQLException;
import java.util.Locale;

/**
 * The settings {@code SET dp.<name> = value} changes and {@code SHOW dp.<name>} reads. A bad value
 * is SQLState 22023 with a message naming the setting and its allowed range.
 */
public enum Setting {
  EPSILON("dp.epsilon", "a number > 0 and finite, e.g. 0.5"),
  DELTA("dp.delta", "a number >= 0 and < 1, e.g. 1e-7"),
  MECHANISM("dp.mechanism", "one of gaussian, laplace, auto"),
  OBJECTIVE("dp.objective", "one of relative, absolute, equal-split, iid"),
  /** Confidence-interval columns after every released noisy column (free: post-processing). */
  INTERVALS("dp.intervals", "on or off (also true/false, yes/no, 1/0)"),
  CONFIDENCE("dp.confidence", "a number > 0 and < 1 (both exclusive), e.g. 0.95");

  private final String key;
  private final String allowed;

  Setting(String key, String allowed) {
    this.key = key;
    this.allowed = allowed;
  }

  public String key() {
    return key;
  }

  /** The setting named {@code key} (case-insensitive); 22023 listing the known ones if none. */
  public static Setting forKey(String key) throws SQLException {
    for (Setting s : values()) {
      if (s.key.equalsIgnoreCase(key)) {
        return s;
      }
    }
    throw new SQLException(
        "unknown setting "
            + key
            + "; SET accepts dp.epsilon, dp.delta, dp.mechanism, dp.objective, dp.intervals,"
            + " dp.confidence and SHOW also dp.budget",
        AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
  }

  /** Settings with this one replaced by {@code value}. */
  public QuerySettings apply(QuerySettings s, String value) throws SQLException {
    try {
      return switch (this) {
        case EPSILON -> {
          double e = number(value);
          if (!(e > 0) || Double.isInfinite(e)) {
            throw bad(value);
          }
          yield s.withEpsilon(e);
        }
        case DELTA -> {
          double d = number(value);
          if (!(d >= 0 && d < 1)) {
            throw bad(value);
          }
          yield s.withDelta(d);
        }
        case MECHANISM -> s.withMechanism(Mechanism.parse(value));
        case OBJECTIVE -> {
          Objective o = Objective.parse(value);
          if (o == Objective.EXPLICIT) {
            throw bad(value);
          }
          yield s.withObjective(o);
        }
        case INTERVALS -> s.withIntervals(onOff(value));
        case CONFIDENCE -> {
          double c = number(value);
          if (!(c > 0 && c < 1)) {
            throw bad(value);
          }
          yield s.withConfidence(c);
        }
      };
    } catch (IllegalArgumentException e) {
      throw bad(value);
    }
  }

  /**
   * A number as PostgreSQL writes a numeric constant ({@code 0.5}, {@code 1e-7}, {@code .5}, an
   * optional sign); Java's own forms ({@code 0x1p3}, {@code 1d}, {@code NaN}, {@code Infinity}) are
   * not numbers here. One too large for a double is infinite, one too small is 0: the range checks
   * then decide.
   */
  private double number(String value) throws SQLException {
    String v = value.strip();
    if (!NUMBER.matcher(v).matches()) {
      throw bad(value);
    }
    return Double.parseDouble(v);
  }

  /** A boolean as PostgreSQL spells one in SET (on/off, true/false, yes/no, 1/0, any case). */
  private boolean onOff(String value) throws SQLException {
    return switch (value.strip().toLowerCase(Locale.ROOT)) {
      case "on", "true", "yes", "1" -> true;
      case "off", "false", "no", "0" -> false;
      default -> throw bad(value);
    };
  }

  private static final java.util.regex.Pattern NUMBER =
      java.util.regex.Pattern.compile("[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?");

  /** The current value as SHOW prints it. */
  public String show(QuerySettings s) {
    return switch (this) {
      case EPSILON -> Double.toString(s.epsilon());
      case DELTA -> Double.toString(s.delta());
      case MECHANISM -> s.mechanism().name().toLowerCase(Locale.ROOT);
      case OBJECTIVE -> s.objective().name().toLowerCase(Locale.ROOT).replace('_', '-');
      case INTERVALS -> s.intervals() ? "on" : "off";
      case CONFIDENCE -> Double.toString(s.confidence());
    };
  }

  private SQLException bad(String value) {
    return new SQLException(
        "invalid value for " + key + ": " + value + "; allowed: " + allowed,
        AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
  }
}
