package dev.dpjdbc.analyze.release;

import dev.dpjdbc.analyze.boundary.GroupKey;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataTypeField;

/** The driver's view of a boundary group key: label, type and the public values to release. */
final class GroupKeys {
  private GroupKeys() {}

  /**
   * The key with its domain; a nullable key's domain includes NULL, so the NULL group is released
   * (empty or not) as PostgreSQL's GROUP BY would return it.
   */
  static dev.dpjdbc.analyze.plan.GroupKey of(GroupKey k, RelNode below, RelDataTypeField out) {
    List<Object> values = new ArrayList<>(k.domain().orElseThrow().values());
    if (below.getRowType().getFieldList().get(k.input()).getType().isNullable()) {
      values.add(null);
    }
    return new dev.dpjdbc.analyze.plan.GroupKey(
        out.getName(),
        ColumnTypes.jdbcType(out.getType().getSqlTypeName()),
        ColumnTypes.typeName(out.getType().getSqlTypeName()),
        values,
        k.domain().orElseThrow().source());
  }
}
