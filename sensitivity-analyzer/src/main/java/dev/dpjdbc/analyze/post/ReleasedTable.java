package dev.dpjdbc.analyze.post;

import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.impl.AbstractTable;

/** The released rows as a table the interpreter scans; rows in Calcite's internal values. */
final class ReleasedTable extends AbstractTable implements ScannableTable {
  private final RelDataType rowType;
  private final List<Object[]> rows;

  ReleasedTable(RelDataType rowType, List<Object[]> rows) {
    this.rowType = rowType;
    this.rows = rows;
  }

  @Override
  public RelDataType getRowType(RelDataTypeFactory typeFactory) {
    return rowType;
  }

  @Override
  public Enumerable<Object[]> scan(DataContext root) {
    return Linq4j.asEnumerable(rows);
  }
}
