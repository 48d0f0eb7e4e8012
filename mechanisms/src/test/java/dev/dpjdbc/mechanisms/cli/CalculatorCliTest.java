package dev.dpjdbc.mechanisms.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CalculatorCliTest {

  record Run(int exit, String out, String err) {}

  static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit =
        CalculatorCli.commandLine()
            .setOut(new PrintWriter(out))
            .setErr(new PrintWriter(err))
            .execute(args);
    return new Run(exit, out.toString(), err.toString());
  }

  private static double[] array(String json, String key) {
    Matcher m = Pattern.compile("\"" + key + "\":\\[([^\\]]*)\\]").matcher(json);
    assertTrue(m.find(), key + " in " + json);
    return java.util.Arrays.stream(m.group(1).split(","))
        .mapToDouble(Double::parseDouble)
        .toArray();
  }

  private static String field(String json, String key) {
    Matcher m = Pattern.compile("\"" + key + "\":(\"[^\"]*\"|[^,}]*)").matcher(json);
    assertTrue(m.find(), key + " in " + json);
    return m.group(1);
  }

  @Test
  void calibrate_gaussian_printsOneJsonObjectMatchingReference() {
    Run r =
        run(
            "calibrate",
            "--mechanism",
            "gaussian",
            "--epsilon",
            "1",
            "--delta",
            "1e-5",
            "--sensitivity",
            "1,200000");
    assertEquals(0, r.exit(), r.err());
    assertEquals("", r.err());
    String json = r.out().trim();
    assertEquals(1, r.out().lines().count());
    assertTrue(json.startsWith("{") && json.endsWith("}"));
    assertEquals("\"gaussian\"", field(json, "mechanism"));
    double[] scales = array(json, "scales");
    assertEquals(1668.393358, scales[0], 1e-6 * 1668.393358);
    assertEquals(746128.1923, scales[1], 1e-6 * 746128.1923);
    assertEquals(0.268051123211, Double.parseDouble(field(json, "mu0")), 1e-9);
    assertEquals(5.567100628e11, Double.parseDouble(field(json, "mse")), 1e-6 * 5.567100628e11);
    assertEquals(1.113408992e12, Double.parseDouble(field(json, "iid_mse")), 1e6);
    assertEquals(1.113408992e12, Double.parseDouble(field(json, "equal_split_mse")), 1e6);
    assertEquals(0.268051123211 * 0.268051123211 / 2, Double.parseDouble(field(json, "rho")), 1e-9);
    assertEquals(2, array(json, "stddevs").length);
  }

  @Test
  void calibrate_laplaceWithGroups_scalesByL0() {
    Run r =
        run(
            "calibrate",
            "--mechanism",
            "laplace",
            "--epsilon",
            "1",
            "--sensitivity",
            "1,1",
            "--groups",
            "3");
    assertEquals(0, r.exit(), r.err());
    assertEquals("null", field(r.out(), "mu0"));
    double[] scales = array(r.out(), "scales");
    assertEquals(6.0, scales[0], 1e-12);
    assertEquals(6.0 * Math.sqrt(2), array(r.out(), "stddevs")[1], 1e-12);
  }

  @Test
  void calibrate_auto_singleCountPicksLaplace() {
    Run r = run("calibrate", "--epsilon", "1", "--delta", "1e-5", "--sensitivity", "1");
    assertEquals(0, r.exit(), r.err());
    assertEquals("\"laplace\"", field(r.out(), "mechanism"));
  }

  @Test
  void calibrate_weights_defaultToExplicitObjective() {
    Run r =
        run(
            "calibrate",
            "--mechanism",
            "gaussian",
            "--epsilon",
            "1",
            "--delta",
            "1e-5",
            "--sensitivity",
            "1,200000",
            "--weights",
            "1,2.5e-11");
    assertEquals(0, r.exit(), r.err());
    assertEquals("\"explicit\"", field(r.out(), "objective"));
    assertEquals(5.275909854, array(r.out(), "scales")[0], 1e-5);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "calibrate --epsilon -1 --sensitivity 1|--epsilon must be > 0 and finite, got -1.0",
        "calibrate --epsilon 0 --sensitivity 1|--epsilon must be > 0 and finite, got 0.0",
        "calibrate --epsilon 1 --delta 1 --sensitivity 1|--delta must be >= 0 and < 1, got 1.0",
        "calibrate --mechanism gaussian --epsilon 1 --sensitivity 1|--delta must be > 0",
        "calibrate --mechanism uniform --epsilon 1 --sensitivity 1|--mechanism must be one of",
        "calibrate --epsilon 1 --sensitivity 1,-2|--sensitivity values must be >= 0",
        "calibrate --epsilon 1 --sensitivity 0,0|--sensitivity needs at least one value > 0",
        "calibrate --epsilon 1 --sensitivity 1 --groups 0|--groups must be an integer >= 1",
        "calibrate --epsilon 1 --sensitivity 1,2 --weights 1|--weights needs one value per",
        "calibrate --epsilon 1 --sensitivity 1 --objective relative|--weights is required",
        "calibrate --epsilon 1 --sensitivity 1 --objective best|--objective must be one of",
        "calibrate --epsilon abc --sensitivity 1|--epsilon",
        "calibrate --sensitivity 1|--epsilon",
        "sample --mechanism auto --scale 1 --count 3|--mechanism must be one of gaussian or laplace",
        "sample --mechanism laplace --scale -1 --count 3|--scale must be >= 0 and finite, got -1.0",
        "sample --mechanism laplace --scale 1 --count 0|--count must be >= 1",
        "frobnicate|frobnicate",
        "|a command is required"
      })
  void badArguments_oneLineOnStderr_exit2(String args, String expected) {
    Run r = run(args == null ? new String[0] : args.split(" "));
    assertEquals(2, r.exit(), r.err());
    assertEquals("", r.out());
    assertEquals(1, r.err().lines().count(), r.err());
    assertTrue(r.err().contains(expected), r.err());
    assertFalse(r.err().contains("Exception"), r.err());
  }

  @Test
  void sample_laplaceCount_printsNIntegers() {
    Run r =
        run("sample", "--mechanism", "laplace", "--scale", "2", "--count", "50", "--value", "10");
    assertEquals(0, r.exit(), r.err());
    assertEquals(50, r.out().lines().count());
    r.out().lines().forEach(l -> Long.parseLong(l));
  }

  @Test
  void sample_gaussianReal_printsNFiniteValues() {
    Run r =
        run(
            "sample",
            "--mechanism",
            "gaussian",
            "--scale",
            "0.5",
            "--count",
            "20",
            "--value",
            "3.25",
            "--sensitivity",
            "0.5");
    assertEquals(0, r.exit(), r.err());
    assertEquals(20, r.out().lines().count());
    r.out().lines().forEach(l -> assertTrue(Double.isFinite(Double.parseDouble(l))));
  }

  @Test
  void sample_scaleZero_returnsValue() {
    Run r =
        run("sample", "--mechanism", "gaussian", "--scale", "0", "--count", "2", "--value", "7");
    assertEquals(0, r.exit(), r.err());
    assertEquals("7\n7\n", r.out().replace("\r\n", "\n"));
  }
}
