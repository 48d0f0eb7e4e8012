package dev.dpjdbc.mechanisms.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParameterException;

/**
 * The calculator CLI shipped as {@code mechanisms/target/dpjdbc-mechanisms.jar}: {@code calibrate}
 * prints the noise a query's sensitivity profile gets under a budget (one JSON object), {@code
 * sample} draws secure noise. See docs/mechanisms.md.
 *
 * <p>Exit codes: 0 success; 2 bad arguments (one line on stderr naming the argument and its allowed
 * range, never a stack trace); 1 any other failure (one line on stderr).
 */
@Command(
    name = "dpjdbc-mechanisms",
    mixinStandardHelpOptions = true,
    version = "dpjdbc-mechanisms 0.1.0",
    description = "Differential-privacy noise calculator.",
    subcommands = {CalibrateCommand.class, SampleCommand.class})
public final class CalculatorCli implements Callable<Integer> {
  /** Exit code for bad arguments. */
  public static final int USAGE = 2;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    throw new ParameterException(
        spec.commandLine(), "a command is required: calibrate or sample (see --help)");
  }

  /** A configured command line: one-line errors, exit code 2 for bad arguments. */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new CalculatorCli());
    cl.setParameterExceptionHandler(
        (ex, args) -> {
          PrintWriter err = ex.getCommandLine().getErr();
          err.println(oneLine(ex.getMessage()));
          err.flush();
          return USAGE;
        });
    cl.setExecutionExceptionHandler(
        (ex, commandLine, parseResult) -> {
          PrintWriter err = commandLine.getErr();
          boolean bad = ex instanceof IllegalArgumentException;
          err.println(oneLine((bad ? "" : "error: ") + ex.getMessage()));
          err.flush();
          return bad ? USAGE : 1;
        });
    return cl;
  }

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  private static String oneLine(String s) {
    return s == null ? "unknown error" : s.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
  }
}
