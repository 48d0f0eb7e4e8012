package dev.dpjdbc.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LedgerLocationTest {
  @TempDir Path dir;

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "jdbc:h2:file:./ledger|jdbc:h2:file:/etc/dp/ledger",
        "jdbc:h2:./ledger;AUTO_SERVER=TRUE|jdbc:h2:/etc/dp/ledger;AUTO_SERVER=TRUE",
        "jdbc:h2:file:../ledgers/hr|jdbc:h2:file:/etc/ledgers/hr",
        "jdbc:h2:file:/var/ledger|jdbc:h2:file:/var/ledger",
        "jdbc:h2:~/ledger|jdbc:h2:~/ledger",
        "jdbc:h2:mem:l;DB_CLOSE_DELAY=-1|jdbc:h2:mem:l;DB_CLOSE_DELAY=-1",
        "jdbc:h2:tcp://host/./ledger|jdbc:h2:tcp://host/./ledger",
        "jdbc:postgresql://db/ledger|jdbc:postgresql://db/ledger"
      })
  void resolve_relativeH2FilesOnly(String url, String expected) {
    assertEquals(expected, LedgerLocation.resolve(url, Path.of("/etc/dp")));
  }

  @Test
  void load_resolvesAgainstThePolicyFilesDirectory_absentLedgerToo() throws IOException {
    Path sub = Files.createDirectories(dir.resolve("conf"));
    Path named = Files.writeString(sub.resolve("a.yaml"), "ledger: jdbc:h2:file:./my-ledger\n");
    assertEquals("jdbc:h2:file:" + sub.resolve("my-ledger"), Policy.load(named).ledgerUrl());
    Path none = Files.writeString(sub.resolve("b.yaml"), "budget: {epsilon: 1.0}\n");
    assertEquals("jdbc:h2:file:" + sub.resolve("dpjdbc-ledger"), Policy.load(none).ledgerUrl());
  }
}
