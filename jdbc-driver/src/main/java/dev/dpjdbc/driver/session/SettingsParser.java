package dev.dpjdbc.driver.session;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.parse.SqlLexer.Kind;
import dev.dpjdbc.driver.session.ClientSettingCommand.Assignment;
import dev.dpjdbc.driver.session.ClientSettingCommand.Change;
import dev.dpjdbc.driver.session.SettingTokens.Tok;
import dev.dpjdbc.driver.session.SettingTokens.Value;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * PostgreSQL's grammar for SET, RESET and SHOW ({@code gram.y}: VariableSetStmt, VariableResetStmt,
 * VariableShowStmt), over {@link dev.dpjdbc.analyze.parse.SqlLexer}'s tokens, producing a canonical
 * {@link ClientSettingCommand}. Every statement whose first word is SET, RESET or SHOW is claimed
 * (answered or refused), except those whose setting name starts with {@code dp}: those belong to
 * {@link SessionCommand}. Keywords match unquoted words only ({@code SET "time" zone ...} is not
 * {@code SET TIME ZONE}); setting names are identifiers resolved as PostgreSQL resolves them.
 */
final class SettingsParser {

  private final List<Tok> toks;
  private int pos = 1;

  private SettingsParser(List<Tok> toks) {
    this.toks = toks;
  }

  /** See {@link ClientSettings#parse}. */
  static Optional<ClientSettingCommand> parse(String statement) throws SQLException {
    List<Tok> toks = SettingTokens.tokens(statement);
    while (!toks.isEmpty() && toks.get(toks.size() - 1).token().isSymbol(";")) {
      toks.remove(toks.size() - 1);
    }
    if (toks.isEmpty() || toks.get(0).kind() != Kind.WORD) {
      return Optional.empty();
    }
    String head = Literals.asciiLower(toks.get(0).text());
    if (!head.equals("set") && !head.equals("reset") && !head.equals("show")) {
      return Optional.empty();
    }
    if (toks.stream().anyMatch(t -> t.token().isSymbol(";"))) {
      throw SettingTokens.syntax(
          "several statements in one call; send one SET, RESET or SHOW at a time");
    }
    SettingsParser p = new SettingsParser(toks);
    return switch (head) {
      case "show" -> p.show();
      case "reset" -> p.reset();
      default -> p.set();
    };
  }

  private Optional<ClientSettingCommand> show() throws SQLException {
    if (isDp()) {
      return Optional.empty();
    }
    ClientSettingCommand command;
    if (accept("all")) {
      command = new ClientSettingCommand.ShowAll();
    } else if (accept("time", "zone")) {
      command = show(ClientSetting.TIME_ZONE);
    } else if (accept("transaction", "isolation", "level")) {
      command = show(ClientSetting.TRANSACTION_ISOLATION);
    } else if (accept("session", "authorization")) {
      throw ClientSetting.refusedShow("session_authorization");
    } else {
      String name = varName();
      if (Literals.asciiLower(name).equals("all")) {
        command = new ClientSettingCommand.ShowAll(); // SHOW "ALL" is SHOW ALL in PostgreSQL too
      } else {
        command =
            show(ClientSetting.lookup(name).orElseThrow(() -> ClientSetting.refusedShow(name)));
      }
    }
    end();
    return Optional.of(command);
  }

  private static ClientSettingCommand show(ClientSetting s) {
    return new ClientSettingCommand.Show(s.guc(), s.label());
  }

  private Optional<ClientSettingCommand> reset() throws SQLException {
    if (isDp()) {
      return Optional.empty();
    }
    Change change;
    if (accept("all")) {
      end();
      return Optional.of(new ClientSettingCommand.ResetAll());
    } else if (accept("time", "zone")) {
      change = resetOf(ClientSetting.TIME_ZONE, false);
    } else if (accept("transaction", "isolation", "level") || accept("session", "authorization")) {
      change = new Change(List.of()); // never changed through dpjdbc: nothing to reset
    } else {
      String name = varName();
      String lower = Literals.asciiLower(name);
      change =
          lower.equals("role") || lower.equals("session_authorization")
              ? new Change(List.of())
              : resetOf(settable(name, "RESET"), false);
    }
    end();
    return Optional.of(change);
  }

  private Optional<ClientSettingCommand> set() throws SQLException {
    boolean local = false;
    if (accept("local")) {
      local = true;
    } else if (peekWord(pos, "session")
        && !peekWord(pos + 1, "characteristics")
        && !peekWord(pos + 1, "authorization")) {
      pos++;
    }
    if (isDp()) {
      return Optional.empty();
    }
    if (accept("session", "characteristics", "as", "transaction")) {
      return Optional.of(transactionModes("default_", local));
    }
    if (accept("session", "authorization") || peekRoleForm()) {
      throw ClientSetting.refusedRole();
    }
    if (accept("transaction")) {
      if (peekWord(pos, "snapshot")) {
        throw new SQLException(
            "SET TRANSACTION SNAPSHOT is refused through dpjdbc",
            AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
      }
      return Optional.of(transactionModes("", local));
    }
    if (accept("time", "zone")) {
      return Optional.of(timeZone(local));
    }
    Optional<ClientSettingCommand> special = specialForm(local);
    if (special.isPresent()) {
      return special;
    }
    String name = varName();
    ClientSetting setting = settable(name, "SET");
    if (accept("from", "current")) {
      end();
      return Optional.of(new Change(List.of())); // sets the current value again: a no-op
    }
    if (!accept("to") && !acceptSymbol("=")) {
      throw SettingTokens.syntax("expected TO or = after SET " + name);
    }
    if (peekWord(pos, "default") && pos + 1 == toks.size()) {
      return Optional.of(resetOf(setting, local));
    }
    List<Value> values = new ArrayList<>();
    do {
      values.add(varValue());
    } while (acceptSymbol(","));
    end();
    return Optional.of(assign(setting, values, local));
  }

  /** {@code SET SCHEMA 'x'}, {@code SET NAMES ['enc' | DEFAULT]}, CATALOG, XML OPTION, ... */
  private Optional<ClientSettingCommand> specialForm(boolean local) throws SQLException {
    boolean operatorNext =
        pos + 1 < toks.size()
            && (toks.get(pos + 1).isWord("to") || toks.get(pos + 1).token().isSymbol("="));
    if (operatorNext) {
      return Optional.empty(); // SET schema = ... is the generic form (and an unknown name)
    }
    if (peekWord(pos, "schema") && peekKind(pos + 1, Kind.STRING)) {
      pos++;
      Value path = new Value(false, SettingTokens.string(toks.get(pos++)));
      end();
      return Optional.of(assign(ClientSetting.SEARCH_PATH, List.of(path), local));
    }
    if (peekWord(pos, "names")) {
      pos++;
      if (pos == toks.size() || accept("default")) {
        end();
        return Optional.of(resetOf(ClientSetting.CLIENT_ENCODING, local));
      }
      Value encoding = new Value(false, SettingTokens.string(next()));
      end();
      return Optional.of(assign(ClientSetting.CLIENT_ENCODING, List.of(encoding), local));
    }
    if (peekWord(pos, "catalog") && peekKind(pos + 1, Kind.STRING)) {
      throw new SQLException(
          "current database cannot be changed", AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
    }
    if (peekWord(pos, "xml") && peekWord(pos + 1, "option")) {
      throw ClientSetting.refusedSet("xmloption");
    }
    if (peekWord(pos, "constraints")) {
      throw new SQLException(
          "SET CONSTRAINTS is not supported through dpjdbc (nothing it runs writes data)",
          AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
    }
    return Optional.empty();
  }

  /** {@code SET ROLE x} (but not {@code SET role = x}, which the generic path refuses). */
  private boolean peekRoleForm() {
    return peekWord(pos, "role")
        && !(pos + 1 < toks.size()
            && (toks.get(pos + 1).isWord("to") || toks.get(pos + 1).token().isSymbol("=")));
  }

  /** transaction_mode_list: items separated by commas or nothing. */
  private Change transactionModes(String prefix, boolean local) throws SQLException {
    List<Assignment> out = new ArrayList<>();
    do {
      if (accept("isolation", "level")) {
        out.addAll(mode(prefix + "transaction_isolation", isolationLevel(), local));
      } else if (accept("read", "only")) {
        out.addAll(mode(prefix + "transaction_read_only", "on", local));
      } else if (accept("read", "write")) {
        out.addAll(mode(prefix + "transaction_read_only", "off", local));
      } else if (accept("deferrable")) {
        out.addAll(mode(prefix + "transaction_deferrable", "on", local));
      } else if (accept("not", "deferrable")) {
        out.addAll(mode(prefix + "transaction_deferrable", "off", local));
      } else {
        throw SettingTokens.syntax(
            "expected ISOLATION LEVEL, READ ONLY, READ WRITE or [NOT] DEFERRABLE");
      }
      if (acceptSymbol(",") && pos == toks.size()) {
        throw SettingTokens.syntax("syntax error at end of input");
      }
    } while (pos < toks.size());
    return new Change(out);
  }

  private String isolationLevel() throws SQLException {
    if (accept("read", "uncommitted")) {
      return "read uncommitted";
    }
    if (accept("read", "committed")) {
      return "read committed";
    }
    if (accept("repeatable", "read")) {
      return "repeatable read";
    }
    if (accept("serializable")) {
      return "serializable";
    }
    throw SettingTokens.syntax("expected an isolation level");
  }

  private static List<Assignment> mode(String guc, String value, boolean local)
      throws SQLException {
    ClientSetting s = ClientSetting.lookup(guc).orElseThrow();
    return s.normalise(value)
        .map(v -> List.of(new Assignment(s.guc(), v, local)))
        .orElse(List.of());
  }

  /** zone_value: a string, an identifier, a number, LOCAL or DEFAULT (INTERVAL is refused). */
  private Change timeZone(boolean local) throws SQLException {
    if (accept("local") || accept("default")) {
      end();
      return resetOf(ClientSetting.TIME_ZONE, local);
    }
    if (peekWord(pos, "interval")) {
      throw new SQLException(
          "SET TIME ZONE INTERVAL ... is not supported through dpjdbc; write the offset as a"
              + " string, e.g. SET TIME ZONE '+02:00'",
          AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
    }
    Value zone = varValue();
    end();
    return assign(ClientSetting.TIME_ZONE, List.of(zone), local);
  }

  /** var_value: a string, a number (with sign), or an identifier or non-reserved keyword. */
  private Value varValue() throws SQLException {
    Tok t = next();
    if (t.kind() == Kind.STRING) {
      return new Value(false, SettingTokens.string(t));
    }
    if (t.isName()) {
      String word = SettingTokens.name(t);
      if (t.kind() == Kind.WORD
          && PgKeywords.RESERVED.contains(word)
          && !word.equals("true")
          && !word.equals("false")
          && !word.equals("on")) {
        throw SettingTokens.syntax("syntax error at or near \"" + t.text() + "\"");
      }
      return new Value(false, word);
    }
    boolean negative = t.token().isSymbol("-");
    if (negative || t.token().isSymbol("+")) {
      t = next();
    }
    if (t.kind() != Kind.NUMBER) {
      throw SettingTokens.syntax("syntax error at or near \"" + t.text() + "\"");
    }
    return SettingTokens.number(negative, t);
  }

  /** The flattened values, checked by the setting's rule. */
  private static Change assign(ClientSetting setting, List<Value> values, boolean local)
      throws SQLException {
    Optional<String> value = setting.normalise(SettingTokens.flatten(setting, values));
    return new Change(
        value.map(v -> List.of(new Assignment(setting.guc(), v, local))).orElse(List.of()));
  }

  private static Change resetOf(ClientSetting setting, boolean local) {
    return new Change(
        setting.resettable() ? List.of(new Assignment(setting.guc(), null, local)) : List.of());
  }

  private static ClientSetting settable(String name, String verb) throws SQLException {
    String lower = Literals.asciiLower(name);
    if (lower.equals("role") || lower.equals("session_authorization")) {
      throw ClientSetting.refusedRole();
    }
    ClientSetting s = ClientSetting.lookup(name).orElseThrow(() -> refused(verb, name));
    if (!s.settable()) {
      throw s.notSettable();
    }
    return s;
  }

  /** var_name: an identifier, or several joined by dots. */
  private String varName() throws SQLException {
    StringBuilder name = new StringBuilder(SettingTokens.name(next()));
    while (acceptSymbol(".")) {
      name.append('.').append(SettingTokens.name(next()));
    }
    return name.toString();
  }

  /** The setting name here starts with {@code dp}: {@link SessionCommand}'s, not ours. */
  private boolean isDp() {
    if (pos >= toks.size() || !toks.get(pos).isName()) {
      return false;
    }
    String name = Literals.asciiLower(toks.get(pos).token().identifier());
    return name.equals("dp") || name.startsWith("dp.");
  }

  /** Consumes the unquoted words {@code words} if they come next, in order. */
  private boolean accept(String... words) {
    for (int k = 0; k < words.length; k++) {
      if (!peekWord(pos + k, words[k])) {
        return false;
      }
    }
    pos += words.length;
    return true;
  }

  private boolean acceptSymbol(String symbol) {
    if (pos < toks.size() && toks.get(pos).token().isSymbol(symbol)) {
      pos++;
      return true;
    }
    return false;
  }

  private boolean peekWord(int at, String word) {
    return at < toks.size() && toks.get(at).isWord(word);
  }

  private boolean peekKind(int at, Kind kind) {
    return at < toks.size() && toks.get(at).kind() == kind;
  }

  private Tok next() throws SQLException {
    if (pos >= toks.size()) {
      throw SettingTokens.syntax("syntax error at end of input");
    }
    return toks.get(pos++);
  }

  private void end() throws SQLException {
    if (pos < toks.size()) {
      throw SettingTokens.syntax("syntax error at or near \"" + toks.get(pos).text() + "\"");
    }
  }

  private static SQLException refused(String verb, String name) {
    return verb.equals("SHOW") ? ClientSetting.refusedShow(name) : ClientSetting.refusedSet(name);
  }
}
