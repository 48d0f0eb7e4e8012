package dev.dpjdbc.analyze.rel2sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.rewrite.Backend;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.Types;
import java.time.LocalDate;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.Frameworks;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.DateString;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RelSqlTest {
  static RelBuilder builder() {
    SchemaPlus root = Frameworks.createRootSchema(true);
    SchemaPlus pub = root.add("PUBLIC", new org.apache.calcite.schema.impl.AbstractSchema());
    pub.add(
        "STAFF",
        new AbstractTable() {
          @Override
          public RelDataType getRowType(RelDataTypeFactory f) {
            return f.builder()
                .add("ID", SqlTypeName.INTEGER)
                .add("NAME", f.createSqlType(SqlTypeName.VARCHAR, 100))
                .add("SALARY", SqlTypeName.INTEGER)
                .add("HIRED", SqlTypeName.DATE)
                .build();
          }
        });
    return RelBuilder.create(Frameworks.newConfigBuilder().defaultSchema(root).build());
  }

  /**
   * {@code SELECT COUNT(*) FROM staff WHERE name = 'it''s -- x' AND hired > DATE .. AND salary >
   * ?}.
   */
  static RelNode query(RelBuilder b) {
    RelDataType intType = b.getTypeFactory().createSqlType(SqlTypeName.INTEGER);
    return b.scan("PUBLIC", "STAFF")
        .filter(
            b.equals(b.field("NAME"), b.literal("it's -- x\\")),
            b.call(
                SqlStdOperatorTable.GREATER_THAN,
                b.field("HIRED"),
                b.getRexBuilder().makeDateLiteral(new DateString("2020-01-01"))),
            b.call(
                SqlStdOperatorTable.GREATER_THAN,
                b.field("SALARY"),
                b.getRexBuilder().makeDynamicParam(intType, 0)))
        .aggregate(b.groupKey(), b.countStar("N"))
        .build();
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void literals_becomeParameters_inTextOrder(Backend backend) {
    BoundSql sql = RelSql.emit(query(builder()), backend);
    assertFalse(sql.sql().contains("it"), sql.sql());
    assertFalse(sql.sql().contains("2020"), sql.sql());
    assertFalse(sql.sql().contains("'"), sql.sql());
    assertEquals(
        List.of(
            new ParameterSource.Constant("it's -- x\\", Types.OTHER),
            new ParameterSource.Constant(LocalDate.of(2020, 1, 1), Types.DATE),
            new ParameterSource.Analyst(0)),
        sql.parameters(),
        sql.sql());
  }

  @org.junit.jupiter.api.Test
  void emittedSql_runsOnH2_withTheValuesBound() throws Exception {
    BoundSql sql = RelSql.emit(query(builder()), Backend.H2);
    try (Connection c = DriverManager.getConnection("jdbc:h2:mem:relsql;DB_CLOSE_DELAY=-1");
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE staff (id INT, name VARCHAR(100), salary INT, hired DATE)");
      s.execute("INSERT INTO staff VALUES (1, 'it''s -- x\\', 10, DATE '2021-01-01')");
      s.execute("INSERT INTO staff VALUES (2, 'it''s -- x\\', 1, DATE '2021-01-01')");
      s.execute("INSERT INTO staff VALUES (3, 'other', 10, DATE '2021-01-01')");
      try (PreparedStatement ps = c.prepareStatement(sql.sql())) {
        int i = 1;
        for (ParameterSource p : sql.parameters()) {
          if (p instanceof ParameterSource.Constant k) {
            Object v = k.value();
            if (k.jdbcType() == Types.OTHER) {
              ps.setString(i++, (String) v);
            } else {
              ps.setObject(i++, v, k.jdbcType());
            }
          } else {
            ps.setInt(i++, 5);
          }
        }
        try (ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next());
          assertEquals(1, rs.getLong(1));
        }
      }
    }
  }
}
