package dev.dpjdbc.driver.session;

import dev.dpjdbc.driver.execute.Table;
import java.util.List;

/**
 * What a statement will return and how many {@code ?} it takes, known before it runs (for {@code
 * PreparedStatement.getMetaData()} / {@code getParameterMetaData()}); columns empty when it returns
 * no rows.
 */
public record Description(List<Table.Column> columns, int parameterCount) {
  public Description {
    columns = List.copyOf(columns);
  }
}
