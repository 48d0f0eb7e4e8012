package dev.dpjdbc.driver.session;

import java.util.List;

/**
 * A SET, RESET or SHOW of allow-listed PostgreSQL settings in canonical form, as {@link
 * ClientSettings#parse} produces it: setting names are PostgreSQL's lower-case GUC names and values
 * the text PostgreSQL's own SET would store. Nothing in it is the analyst's SQL; {@link
 * ClientSettings#run} sends names and values to the backend as bind parameters only.
 */
public sealed interface ClientSettingCommand {

  /**
   * One change of one allow-listed setting.
   *
   * @param name lower-case GUC name (e.g. {@code timezone})
   * @param value the value to set, or null to go back to the session's default (RESET, {@code SET x
   *     TO DEFAULT}, {@code SET TIME ZONE LOCAL})
   * @param local for the current transaction only ({@code SET LOCAL})
   */
  record Assignment(String name, String value, boolean local) {}

  /**
   * {@code SET}, {@code RESET name}, {@code SET [SESSION CHARACTERISTICS AS] TRANSACTION ...}:
   * assignments applied in order. Empty when the statement is accepted but changes nothing ({@code
   * SET client_encoding = 'UTF8'}, {@code READ WRITE}, {@code RESET ROLE}).
   */
  record Change(List<Assignment> assignments) implements ClientSettingCommand {
    public Change {
      assignments = List.copyOf(assignments);
    }
  }

  /** {@code RESET ALL}: every resettable allow-listed setting back to its session default. */
  record ResetAll() implements ClientSettingCommand {}

  /**
   * {@code SHOW name}.
   *
   * @param name lower-case GUC name
   * @param label the column name PostgreSQL gives the answer ({@code TimeZone}, {@code DateStyle})
   */
  record Show(String name, String label) implements ClientSettingCommand {}

  /** {@code SHOW ALL}: name, setting, description of every allow-listed setting. */
  record ShowAll() implements ClientSettingCommand {}

  /**
   * Whether running this command may change the backend session's state (so a pooled connection
   * should be evicted rather than reused by another analyst).
   */
  default boolean changesBackend() {
    return this instanceof ResetAll
        || (this instanceof Change change && !change.assignments().isEmpty());
  }
}
