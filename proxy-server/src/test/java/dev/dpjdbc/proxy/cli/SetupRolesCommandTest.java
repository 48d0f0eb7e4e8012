package dev.dpjdbc.proxy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.proxy.roles.Login;
import dev.dpjdbc.proxy.roles.PgBackend;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SetupRolesCommandTest {
  @TempDir Path dir;

  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = new CommandLine(new ProxyMain());
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    int code = cli.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  private Path policy() throws Exception {
    return Files.writeString(
        dir.resolve("policy.yaml"),
        "tables:\n  public.employees: {privacy_unit: id}\n  public.departments: {public: true}\n");
  }

  @Test
  void print_showsSqlWithGeneratedPasswordsOnce() throws Exception {
    Run r =
        run(
            "setup-roles",
            "--policy",
            policy().toString(),
            "--backend",
            "jdbc:postgresql://db:5432/hr",
            "--catalog-password",
            "given'pw");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("GRANT SELECT ON TABLE \"public\".\"employees\" TO \"dp_data\""));
    assertTrue(r.out().contains("PASSWORD 'given''pw'"), r.out());
    Matcher m =
        Pattern.compile("\"dp_data\" WITH [A-Z ]+ PASSWORD '([A-Za-z0-9_-]{32})'").matcher(r.out());
    assertTrue(m.find(), r.out());
    assertEquals(1, r.out().split(Pattern.quote(m.group(1)), -1).length - 1, "printed once");
    assertTrue(r.out().contains("grants to PUBLIC on user tables"), r.out());
  }

  @Test
  void apply_createsRolesThatWork() throws Exception {
    try (PgBackend backend = PgBackend.start()) {
      Run r =
          run(
              "setup-roles",
              "--policy",
              policy().toString(),
              "--backend",
              backend.url(),
              "--data-user",
              "analytics_reader",
              "--apply",
              "--admin-user",
              "postgres");
      assertEquals(0, r.code(), r.err() + r.out());
      assertTrue(r.out().contains("PASSWORD '***'"), r.out());
      Matcher m =
          Pattern.compile("--backend-user analytics_reader --backend-password (\\S+) ")
              .matcher(r.out());
      assertTrue(m.find(), r.out());
      try (Connection c = backend.as(new Login("analytics_reader", m.group(1)));
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM employees")) {
        rs.next();
        assertEquals(2, rs.getInt(1));
      }
    }
  }

  @Test
  void applyWithoutAdmin_refused() throws Exception {
    Run r =
        run(
            "setup-roles",
            "--policy",
            policy().toString(),
            "--backend",
            "jdbc:postgresql://db/hr",
            "--apply");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--admin-user"), r.err());
  }
}
