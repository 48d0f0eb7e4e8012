package dev.dpjdbc.analyze.post;

import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.Frameworks;
import org.apache.calcite.tools.RelBuilder;

/** A released table (region, n, s, a, d) and a RelBuilder over its placeholder. */
final class PostFixture {
  private PostFixture() {}

  static RelBuilder builder() {
    SchemaPlus root = Frameworks.createRootSchema(true);
    return RelBuilder.create(Frameworks.newConfigBuilder().defaultSchema(root).build());
  }

  /** region VARCHAR, n BIGINT (noisy count), s DOUBLE (noisy sum), a DOUBLE (noisy avg), d DATE. */
  static RelDataType releasedType(RelDataTypeFactory f) {
    return f.builder()
        .add("REGION", SqlTypeName.VARCHAR, 1)
        .nullable(true)
        .add("N", SqlTypeName.BIGINT)
        .add("S", SqlTypeName.DOUBLE)
        .add("A", SqlTypeName.DOUBLE)
        .nullable(true)
        .add("D", SqlTypeName.DATE)
        .nullable(true)
        .build();
  }

  static final List<Object[]> ROWS =
      List.of(
          new Object[] {"N", 10L, 1000.0, 100.4, LocalDate.of(2020, 1, 1)},
          new Object[] {"S", 0L, 50.0, null, LocalDate.of(2021, 6, 30)},
          new Object[] {"E", 4L, 200.0, 49.6, null},
          new Object[] {null, 6L, -30.0, 70.25, LocalDate.of(2019, 12, 31)});

  /** Builds {@code above} with {@code body} over the placeholder and compiles it. */
  static PostProcessor compile(Function<RelBuilder, RelNode> body) throws java.sql.SQLException {
    RelBuilder b = builder();
    RelDataType type = releasedType(b.getTypeFactory());
    b.push(PostProcessor.placeholder(b.getCluster(), type));
    return PostProcessor.compile(body.apply(b), type);
  }

  static List<List<Object>> lists(List<Object[]> rows) {
    return rows.stream().map(Arrays::asList).toList();
  }

  static List<Object> row(Object... values) {
    return Arrays.asList(values);
  }
}
