package dev.dpjdbc.benchmarks.peers;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * dpjdbc's variance of each released column, read from EXPLAIN PRIVACY: one row per noisy
 * coordinate with the released columns it feeds ({@code output_column}), what it sums ({@code
 * aggregate}: {@code COUNT(*)}, {@code SUM(x)}, {@code SUM(x - c)}, {@code SUM((x - c)^2)}) and its
 * noise's {@code stddev}. A column's variance is then exact for COUNT and SUM (a SUM released as a
 * centred sum plus c·count gets Var s + c²·Var n) and first order ({@link DeltaMethod}) for AVG,
 * VAR_POP and STDDEV_POP, at the group's exact moments. Whatever coordinates the driver draws
 * (separate sums today, shared ones later), the columns are read from what EXPLAIN says; an
 * aggregate text this class does not know is an {@link IllegalStateException} naming it.
 */
final class ExplainedColumns {
  /**
   * A noisy coordinate: what it sums (count, linear sum or squares, centred at c) and its noise.
   */
  record Coordinate(Type type, String column, double centre, double variance, List<String> feeds) {}

  enum Type {
    COUNT,
    SUM,
    SQUARES
  }

  /** The EXPLAIN PRIVACY of one query under the session's settings. */
  record Explained(List<Coordinate> coordinates, String mechanism, double epsilon, int groups) {}

  private static final String NUM = "(-?[0-9.]+(?:E-?[0-9]+)?)";
  private static final Pattern SUM = Pattern.compile("SUM\\((\\w+)\\)");
  private static final Pattern CENTRED = Pattern.compile("SUM\\((\\w+) ([-+]) " + NUM + "\\)");
  private static final Pattern SQUARES =
      Pattern.compile("SUM\\(\\((\\w+) ([-+]) " + NUM + "\\)\\^2\\)");
  private static final Pattern RAW_SQUARES = Pattern.compile("SUM\\((\\w+)(?:\\^2| \\* \\1)\\)");
  private static final Pattern PRODUCT =
      Pattern.compile("SUM\\(\\((\\w+) ([-+]) " + NUM + "\\) \\* \\(\\1 \\2 \\3\\)\\)");

  private ExplainedColumns() {}

  static Explained explain(Statement s, String sql) throws SQLException {
    List<Coordinate> out = new ArrayList<>();
    String mechanism = null;
    double epsilon = Double.NaN;
    int groups = 0;
    try (ResultSet rs = s.executeQuery("EXPLAIN PRIVACY " + sql)) {
      while (rs.next()) {
        String agg = rs.getString("aggregate");
        String mech = rs.getString("mechanism");
        if (!mech.equals("gaussian") && !mech.equals("laplace")) {
          throw new IllegalStateException("not an additive-noise coordinate: " + agg + " " + mech);
        }
        mechanism = mech;
        epsilon = rs.getDouble("epsilon");
        groups = rs.getInt("groups");
        double sd = rs.getDouble("stddev");
        List<String> feeds = new ArrayList<>();
        for (String c : rs.getString("output_column").split(",")) {
          feeds.add(c.trim().toLowerCase(Locale.ROOT));
        }
        out.add(parse(agg, sd * sd, feeds));
      }
    }
    return new Explained(out, mechanism, epsilon, groups);
  }

  /** Classifies one EXPLAIN row's aggregate text. */
  static Coordinate parse(String aggregate, double variance, List<String> feeds) {
    String a = aggregate.replace("\"", "").trim();
    Matcher m;
    if (a.toUpperCase(Locale.ROOT).startsWith("COUNT(")) {
      return new Coordinate(Type.COUNT, null, 0, variance, feeds);
    }
    if ((m = SUM.matcher(a)).matches()) {
      return new Coordinate(Type.SUM, lower(m.group(1)), 0, variance, feeds);
    }
    if ((m = CENTRED.matcher(a)).matches()) {
      return new Coordinate(Type.SUM, lower(m.group(1)), centre(m), variance, feeds);
    }
    if ((m = SQUARES.matcher(a)).matches()) {
      return new Coordinate(Type.SQUARES, lower(m.group(1)), centre(m), variance, feeds);
    }
    if ((m = PRODUCT.matcher(a)).matches()) {
      return new Coordinate(Type.SQUARES, lower(m.group(1)), centre(m), variance, feeds);
    }
    if ((m = RAW_SQUARES.matcher(a)).matches()) {
      return new Coordinate(Type.SQUARES, lower(m.group(1)), 0, variance, feeds);
    }
    throw new IllegalStateException(
        "EXPLAIN PRIVACY aggregate not understood by the peer benchmark: " + aggregate);
  }

  private static double centre(Matcher m) {
    double c = Double.parseDouble(m.group(3));
    return m.group(2).equals("-") ? c : -c;
  }

  private static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }

  /** The variance of released column {@code a} in a group with moments {@code m}. */
  static double variance(Agg a, Moments m, List<Coordinate> coordinates) {
    String alias = a.alias().toLowerCase(Locale.ROOT);
    Coordinate count = null;
    Coordinate sum = null;
    Coordinate squares = null;
    for (Coordinate c : coordinates) {
      if (!c.feeds().contains(alias)) {
        continue;
      }
      switch (c.type()) {
        case COUNT -> count = only(count, c, alias);
        case SUM -> sum = only(sum, c, alias);
        case SQUARES -> squares = only(squares, c, alias);
      }
    }
    double n = m.n();
    return switch (a.kind()) {
      case COUNT -> need(count, alias, "a count").variance();
      case SUM -> {
        Coordinate s = need(sum, alias, "a sum");
        yield s.centre() == 0
            ? s.variance()
            : s.variance() + s.centre() * s.centre() * need(count, alias, "a count").variance();
      }
      case AVG -> {
        Coordinate s = need(sum, alias, "a sum");
        yield DeltaMethod.ratio(
            n, m.centredSum(s.centre()), s.variance(), need(count, alias, "a count").variance());
      }
      case VAR_POP, STDDEV_POP -> {
        Coordinate s = need(sum, alias, "a sum");
        Coordinate q = need(squares, alias, "a sum of squares");
        double v =
            DeltaMethod.variance(
                n,
                m.centredSum(s.centre()),
                m.centredSquares(q.centre()),
                s.centre() - q.centre(),
                s.variance(),
                q.variance(),
                need(count, alias, "a count").variance());
        yield a.kind() == Agg.Kind.VAR_POP ? v : DeltaMethod.sqrt(v, m.variance());
      }
    };
  }

  private static Coordinate only(Coordinate seen, Coordinate c, String alias) {
    if (seen != null) {
      throw new IllegalStateException("two coordinates of one type feed " + alias);
    }
    return c;
  }

  private static Coordinate need(Coordinate c, String alias, String what) {
    if (c == null) {
      throw new IllegalStateException("EXPLAIN PRIVACY shows no " + what + " feeding " + alias);
    }
    return c;
  }
}
