package dev.dpjdbc.it.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Catalog pass-through results read by a real pgJDBC with server-prepared statements ({@code
 * prepareThreshold=1}, binary transfer on), so pgJDBC asks the proxy for binary arrays, uuid and
 * the like: every value, type name and array element must equal what a direct connection to
 * PostgreSQL reads. Each statement runs three times (text, then binary formats).
 */
class ProxyBinaryTypesIT {
  /** More than pgJDBC's default prepareThreshold (5), so the proxy's own backend reads prepare. */
  static final int RUNS = 7;

  static ProxyFixture fixture;

  @BeforeAll
  static void start() throws Exception {
    fixture = ProxyFixture.start(100.0);
  }

  @AfterAll
  static void stop() throws Exception {
    if (fixture != null) {
      fixture.close();
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT ARRAY[1,2]::int2[] AS a, ARRAY[3,NULL]::int4[] AS b, ARRAY[5]::int8[] AS c",
        "SELECT '{a,NULL,\"b c\",\"q\\\"x\"}'::text[] AS t, '{}'::int4[] AS e",
        "SELECT '{{1,2},{3,4}}'::int4[] AS m, '[0:1]={7,8}'::int4[] AS lb",
        "SELECT ARRAY[1.5,-2]::float4[] AS f, ARRAY[1e300,'NaN']::float8[] AS d, ARRAY[26]::oid[] AS o",
        "SELECT ARRAY['x','y']::varchar[] AS v, ARRAY['\\x0102'::bytea] AS by",
        "SELECT 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid AS u, ARRAY[true,false] AS bs",
        "SELECT relname, relacl, reloptions FROM pg_class WHERE relname IN ('employees', 'pg_class')",
        "SELECT conname, conkey, confkey FROM pg_constraint ORDER BY conname",
        "SELECT proname, proargtypes, proallargtypes FROM pg_proc WHERE proname = 'pg_get_keywords'",
        "SELECT indkey, indclass, indexprs FROM pg_index WHERE indrelid = 'pg_class'::regclass",
        "SELECT '{\"a\": 1}'::json AS j, '{\"b\": [2]}'::jsonb AS jb, '10.0.0.1/8'::inet AS i,"
            + " '1 day 02:00'::interval AS iv, 'r'::\"char\" AS c, 'pg_class'::regclass AS rc"
      })
  void binaryAndTextResults_equalADirectConnection(String sql) throws Exception {
    List<List<String>> text;
    List<List<String>> binary;
    try (Connection direct =
        DriverManager.getConnection(
            fixture.backendUrl() + "?prepareThreshold=1&binaryTransfer=true", "postgres", "")) {
      text = read(direct, sql);
      binary = read(direct, sql);
    }
    try (Connection c = fixture.pgjdbc("?prepareThreshold=1&binaryTransfer=true")) {
      for (int run = 0; run < RUNS; run++) {
        assertEquals(run == 0 ? text : binary, read(c, sql), sql + " (run " + run + ")");
      }
    }
  }

  /** Type names, then each row's values: getString, and arrays' elements as Java objects. */
  private static List<List<String>> read(Connection c, String sql) throws SQLException {
    List<List<String>> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql);
        ResultSet rs = ps.executeQuery()) {
      ResultSetMetaData md = rs.getMetaData();
      List<String> types = new ArrayList<>();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        types.add(md.getColumnLabel(i) + ":" + md.getColumnTypeName(i));
      }
      out.add(types);
      while (rs.next()) {
        List<String> row = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          row.add(rs.getString(i));
          Object o = rs.getObject(i);
          if (o instanceof Array a) {
            row.add(Arrays.deepToString((Object[]) a.getArray()));
          } else if (o instanceof byte[] b) {
            row.add(Arrays.toString(b));
          } else {
            row.add(String.valueOf(o));
          }
        }
        out.add(row);
      }
    }
    return out;
  }
}
