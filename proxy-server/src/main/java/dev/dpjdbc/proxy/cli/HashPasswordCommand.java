package dev.dpjdbc.proxy.cli;

import dev.dpjdbc.proxy.auth.ScramVerifier;
import java.io.BufferedReader;
import java.io.Console;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code hash-password}: prints a SCRAM-SHA-256 verifier for a policy's analysts section. */
@Command(
    name = "hash-password",
    mixinStandardHelpOptions = true,
    description =
        "Print a SCRAM-SHA-256 verifier for analysts.<name>.password in the policy. The password"
            + " is read from the terminal (or one line of stdin) unless given as an argument.")
final class HashPasswordCommand implements Callable<Integer> {
  @Parameters(index = "0", arity = "0..1", description = "the password (avoid: shell history)")
  String password;

  @Option(
      names = "--iterations",
      defaultValue = "4096",
      description = "PBKDF2 iterations (default ${DEFAULT-VALUE}, as PostgreSQL)")
  int iterations;

  @Override
  public Integer call() throws Exception {
    String secret = password;
    if (secret == null) {
      Console console = System.console();
      if (console != null) {
        secret = new String(console.readPassword("Password: "));
      } else {
        BufferedReader in =
            new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        secret = in.readLine();
      }
    }
    if (secret == null || secret.isEmpty()) {
      System.err.println("hash-password: an empty password cannot be hashed");
      return 2;
    }
    System.out.println(ScramVerifier.hash(secret, iterations).format());
    return 0;
  }
}
