package dev.dpjdbc.analyze.release;

import dev.dpjdbc.analyze.boundary.GroupKey;
import dev.dpjdbc.analyze.plan.KeyEquality;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.type.SqlTypeName;

/** The driver's view of a boundary group key: label, type and the public values to release. */
final class GroupKeys {
  private GroupKeys() {}

  /**
   * The key with its domain; a nullable key's domain includes NULL, so the NULL group is released
   * (empty or not) as PostgreSQL's GROUP BY would return it.
   *
   * @throws SQLException when the domain holds two values equal in the key's type, or a value not
   *     of it ({@link KeyEquality#requireDistinct}: F0000 for a policy {@code values:} list, else
   *     0A000)
   */
  static dev.dpjdbc.analyze.plan.GroupKey of(
      GroupKey k, RelNode below, RelDataTypeField out, String sourceName) throws SQLException {
    List<Object> values = new ArrayList<>();
    for (Object v : k.domain().orElseThrow().values()) {
      values.add(typed(v, out.getType().getSqlTypeName()));
    }
    if (below.getRowType().getFieldList().get(k.input()).getType().isNullable()) {
      values.add(null);
    }
    dev.dpjdbc.analyze.plan.GroupKey key =
        new dev.dpjdbc.analyze.plan.GroupKey(
            out.getName(),
            ReleasedColumns.jdbcType(out.getType().getSqlTypeName()),
            typeName(out, sourceName),
            values,
            k.domain().orElseThrow().source());
    KeyEquality.requireDistinct(key);
    return key;
  }

  /**
   * A DATE or TIMESTAMP domain value (ISO text in the analysis) as the {@code LocalDate} or {@code
   * LocalDateTime} the released row carries, as a backend's date would be; text that is not a value
   * of the type stays text ({@link KeyEquality#requireDistinct} refuses it).
   */
  private static Object typed(Object v, SqlTypeName type) {
    if (!(v instanceof String s)) {
      return v;
    }
    try {
      return switch (type) {
        case DATE -> LocalDate.parse(s.trim());
        case TIMESTAMP -> LocalDateTime.parse(s.trim().replace(' ', 'T'));
        default -> v;
      };
    } catch (DateTimeParseException e) {
      return v;
    }
  }

  /**
   * A key of a plan with partition selection ({@link dev.dpjdbc.analyze.plan.Selection}): its
   * released values come from the data, each group kept by the selection rule, so the plan lists no
   * domain (a public key's domain is not released as such either: the whole key tuple is selected).
   */
  static dev.dpjdbc.analyze.plan.GroupKey selected(
      GroupKey k, RelDataTypeField out, String sourceName) {
    return new dev.dpjdbc.analyze.plan.GroupKey(
        out.getName(),
        ReleasedColumns.jdbcType(out.getType().getSqlTypeName()),
        typeName(out, sourceName),
        List.of(),
        k.hasPublicDomain()
            ? "public domain, released by partition selection"
            : "private: released by partition selection");
  }

  /** The backend's name of the key's source column ({@link SourceTypeNames}), else Calcite's. */
  private static String typeName(RelDataTypeField out, String sourceName) {
    return sourceName != null
        ? sourceName
        : ReleasedColumns.typeName(out.getType().getSqlTypeName());
  }
}
