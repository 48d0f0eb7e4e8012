package dev.dpjdbc.proxy.cli;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ProxyMainTest {
  @TempDir Path dir;

  @Test
  void start_postgresBackendWithoutCatalogUser_refusesNamingSetupRoles() throws Exception {
    Path policy = Files.writeString(dir.resolve("policy.yaml"), "budget: {epsilon: 1.0}\n");
    CommandLine.ParameterException e =
        assertThrows(
            CommandLine.ParameterException.class,
            () ->
                ProxyMain.start(
                    "--port", "0",
                    "--backend", "jdbc:postgresql://localhost:1/hr",
                    "--backend-user", "dp_data",
                    "--policy", policy.toString()));
    assertTrue(e.getMessage().contains("--catalog-user is required"), e.getMessage());
    assertTrue(e.getMessage().contains("setup-roles"), e.getMessage());
  }
}
