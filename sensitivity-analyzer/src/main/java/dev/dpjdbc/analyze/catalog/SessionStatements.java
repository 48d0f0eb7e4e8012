package dev.dpjdbc.analyze.catalog;

import dev.dpjdbc.analyze.catalog.CatalogQueries.Classification;
import dev.dpjdbc.analyze.catalog.SqlTokens.Token;
import java.util.List;

/**
 * {@code SET}, {@code RESET} and {@code SHOW} of ordinary settings pass through; {@code dp.*} is
 * the driver's; changing the role or session authorization is refused (it would let the analyst act
 * as another backend user, outside the policy).
 */
final class SessionStatements {
  private SessionStatements() {}

  static Classification classify(List<Token> tokens) {
    int i = 1;
    if (i < tokens.size() && (tokens.get(i).is("session") || tokens.get(i).is("local"))) {
      i++;
    }
    if (i >= tokens.size()) {
      return Classification.NOT;
    }
    Token name = tokens.get(i);
    if (!name.isName()) {
      return Classification.NOT;
    }
    String setting = name.text();
    if (setting.equals("role")
        || setting.equals("authorization")
        || setting.equals("session_authorization")) {
      if (tokens.get(0).is("reset")) {
        return Classification.PASS; // back to the login role
      }
      return Classification.refuse(
          "changing the backend role (SET ROLE / SET SESSION AUTHORIZATION) is not allowed through"
              + " dpjdbc: the policy applies to the login role only");
    }
    if (setting.equals("dp")
        || setting.startsWith("dp.")
        || (i + 1 < tokens.size()
            && tokens.get(i + 1).isSymbol(".")
            && CatalogQueries.lower(setting).equals("dp"))) {
      return Classification.NOT;
    }
    return Classification.PASS;
  }
}
