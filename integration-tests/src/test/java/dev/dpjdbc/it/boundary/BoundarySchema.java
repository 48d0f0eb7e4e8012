package dev.dpjdbc.it.boundary;

import dev.dpjdbc.proxy.roles.Login;
import dev.dpjdbc.proxy.roles.RoleSetup;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The victim database of the boundary suite, created by the embedded superuser: {@code people}
 * (with the canary person, {@link Canary#ROWS} rows, a serial key whose sequence counts them), the
 * public {@code departments}, a view and a SECURITY DEFINER function over {@code people}, and the
 * two least-privileged logins:
 *
 * <ul>
 *   <li>{@value #DATA_ROLE}: LOGIN, SELECT on {@code people} and {@code departments} only;
 *   <li>{@value #CATALOG_ROLE}: LOGIN, CONNECT and TEMPORARY on the database, USAGE on the schema,
 *       nothing on any user table, view, sequence or function.
 * </ul>
 *
 * <p>The roles come from the proxy's {@code setup-roles} SQL ({@link RoleSetup}); PUBLIC's defaults
 * are revoked (CREATE on schema public, CONNECT/TEMPORARY on the databases, EXECUTE on the user
 * function). Every change to a user table, and every DDL command outside temporary schemas, is
 * logged by triggers into {@code boundary_audit.changes}, which neither role can read or write: a
 * test compares its row count before and after an attack.
 */
final class BoundarySchema {
  private BoundarySchema() {}

  static final String DATABASE = "boundary";
  static final String LEDGER_DATABASE = "dpledger";
  static final String DATA_ROLE = "dp_data";
  static final String DATA_PASSWORD = "data-Pw-7731";
  static final String CATALOG_ROLE = "dp_catalog";
  static final String CATALOG_PASSWORD = "cat-Pw-1903";

  /** Run as the superuser in database postgres: the two databases, closed to PUBLIC. */
  static void createDatabases(Connection postgres) throws SQLException {
    try (Statement s = postgres.createStatement()) {
      s.execute("CREATE DATABASE " + DATABASE);
      s.execute("CREATE DATABASE " + LEDGER_DATABASE);
      for (String db : new String[] {DATABASE, LEDGER_DATABASE, "postgres"}) {
        s.execute("REVOKE ALL ON DATABASE " + db + " FROM PUBLIC");
      }
    }
  }

  /**
   * The two logins, made by the proxy's own {@code setup-roles} SQL ({@link RoleSetup}) for the
   * policy's tables, so the suite attacks the roles a deployment gets.
   */
  static void createRoles(Connection c) throws SQLException {
    RoleSetup setup =
        new RoleSetup(
            DATABASE,
            new Login(DATA_ROLE, DATA_PASSWORD),
            new Login(CATALOG_ROLE, CATALOG_PASSWORD),
            List.of(
                new RoleSetup.Table("public", "people"),
                new RoleSetup.Table("public", "departments")),
            List.of());
    try (Statement s = c.createStatement()) {
      for (String sql : setup.statements()) {
        s.execute(sql);
      }
    }
  }

  /** Run as the superuser in database {@value #DATABASE}. */
  static void createData(Connection c) throws SQLException {
    c.setAutoCommit(true);
    try (Statement s = c.createStatement()) {
      s.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC");
      s.execute(
          "CREATE TABLE departments (code VARCHAR(1) PRIMARY KEY, title VARCHAR(40) NOT NULL)");
      s.execute(
          "INSERT INTO departments VALUES ('N', 'North'), ('S', 'South'), ('E', 'East'),"
              + " ('W', 'West')");
      s.execute(
          "CREATE TABLE people (id SERIAL PRIMARY KEY, name VARCHAR(60) NOT NULL,"
              + " email VARCHAR(80) NOT NULL,"
              + " salary INTEGER NOT NULL CHECK (salary BETWEEN 0 AND 10000000),"
              + " region VARCHAR(1) NOT NULL CHECK (region IN ('N', 'S', 'E', 'W'))"
              + " REFERENCES departments (code))");
      s.execute(
          "INSERT INTO people (name, email, salary, region)"
              + " SELECT 'person-' || g, 'p' || g || '@example.org', 30000 + ((g::bigint * 7919) % 90001)::int,"
              + " (ARRAY['N', 'S', 'E', 'W'])[1 + g % 4] FROM generate_series(1, "
              + (Canary.ROWS - 1)
              + ") g");
      s.execute(
          "INSERT INTO people (name, email, salary, region) VALUES ('"
              + Canary.NAME
              + "', '"
              + Canary.EMAIL
              + "', "
              + Canary.SALARY
              + ", 'N')");
      s.execute("CREATE INDEX people_salary ON people (salary)");
      s.execute("CREATE VIEW people_names AS SELECT name, email FROM people");
      s.execute(
          "CREATE FUNCTION payroll_total() RETURNS bigint LANGUAGE sql SECURITY DEFINER"
              + " AS 'SELECT sum(salary) FROM public.people'");
      s.execute("REVOKE ALL ON FUNCTION payroll_total() FROM PUBLIC");
      createRoles(c);
      createAudit(s);
      // VACUUM scans every page, so reltuples is then the exact row count (ANALYZE run inside
      // VACUUM leaves it alone): the statistics attacks have an exact value to find.
      s.execute("VACUUM ANALYZE people");
      s.execute("VACUUM ANALYZE departments");
      try (ResultSet rs = s.executeQuery("SELECT sum(salary), count(*) FROM people")) {
        rs.next();
        Canary.setExactSum(rs.getLong(1));
        if (rs.getLong(2) != Canary.ROWS) {
          throw new IllegalStateException("people has " + rs.getLong(2) + " rows");
        }
      }
    }
  }

  private static void createAudit(Statement s) throws SQLException {
    s.execute("CREATE SCHEMA boundary_audit");
    s.execute("REVOKE ALL ON SCHEMA boundary_audit FROM PUBLIC");
    s.execute(
        "CREATE TABLE boundary_audit.changes (at timestamptz NOT NULL DEFAULT now(),"
            + " who name NOT NULL DEFAULT current_user, what text NOT NULL)");
    s.execute(
        "CREATE FUNCTION boundary_audit.log_dml() RETURNS trigger LANGUAGE plpgsql"
            + " SECURITY DEFINER SET search_path = pg_catalog AS $$ BEGIN"
            + " INSERT INTO boundary_audit.changes (what) VALUES (TG_OP || ' ' || TG_TABLE_NAME);"
            + " RETURN NULL; END $$");
    for (String t : new String[] {"people", "departments"}) {
      s.execute(
          "CREATE TRIGGER audit_"
              + t
              + " AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "
              + t
              + " FOR EACH STATEMENT EXECUTE FUNCTION boundary_audit.log_dml()");
    }
    s.execute(
        "CREATE FUNCTION boundary_audit.log_ddl() RETURNS event_trigger LANGUAGE plpgsql"
            + " SECURITY DEFINER SET search_path = pg_catalog AS $$ DECLARE r record; BEGIN"
            + " FOR r IN SELECT * FROM pg_event_trigger_ddl_commands() LOOP"
            + " IF coalesce(r.schema_name, '') NOT LIKE 'pg_temp%' THEN"
            + " INSERT INTO boundary_audit.changes (what) VALUES (r.command_tag || ' '"
            + " || coalesce(r.object_identity, '')); END IF; END LOOP; END $$");
    s.execute(
        "CREATE EVENT TRIGGER boundary_audit_ddl ON ddl_command_end"
            + " EXECUTE FUNCTION boundary_audit.log_ddl()");
    s.execute(
        "CREATE FUNCTION boundary_audit.log_drop() RETURNS event_trigger LANGUAGE plpgsql"
            + " SECURITY DEFINER SET search_path = pg_catalog AS $$ DECLARE r record; BEGIN"
            + " FOR r IN SELECT * FROM pg_event_trigger_dropped_objects() LOOP"
            + " IF NOT r.is_temporary THEN INSERT INTO boundary_audit.changes (what)"
            + " VALUES ('DROP ' || coalesce(r.object_identity, '')); END IF; END LOOP; END $$");
    s.execute(
        "CREATE EVENT TRIGGER boundary_audit_drop ON sql_drop"
            + " EXECUTE FUNCTION boundary_audit.log_drop()");
  }
}
