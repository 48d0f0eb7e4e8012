package dev.dpjdbc.proxy.cli;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.policy.Policy;
import org.junit.jupiter.api.Test;

class StartupChecksTest {
  @Test
  void logins_noAnalystWithAPassword_refusesNamingHashPassword() {
    for (String yaml : new String[] {"budget: {epsilon: 1.0}\n", "analysts: {bob: {}}\n"}) {
      StartupChecks.Refused e =
          assertThrows(
              StartupChecks.Refused.class, () -> StartupChecks.logins(Policy.parse(yaml, "test")));
      assertTrue(e.getMessage().contains("hash-password"), e.getMessage());
      assertTrue(e.getMessage().contains("no analyst"), e.getMessage());
    }
  }

  @Test
  void logins_oneAnalystWithAPassword_passes() {
    StartupChecks.logins(
        Policy.parse(
            "analysts: {bob: {}, alice: {password: \"SCRAM-SHA-256$4096:c2FsdA==$a:b\"}}\n",
            "test"));
  }
}
