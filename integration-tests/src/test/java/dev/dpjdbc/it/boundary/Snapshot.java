package dev.dpjdbc.it.boundary;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * What must not change when an attack runs, read by the superuser.
 *
 * <ul>
 *   <li>{@link #data}: the audit log's length (every DML on a user table and every DDL outside
 *       temporary schemas adds a row), role attributes and passwords, per-role settings ({@code
 *       ALTER ROLE ... SET}), large objects, prepared transactions and the sequence's last value.
 *       Cheap: taken around every attack.
 *   <li>{@link #tables}: count and checksums of every row of the data tables. A full scan: taken
 *       once per test class.
 *   <li>{@link #ledger}: the number of charges and their exact sums in the PostgreSQL ledger. A
 *       refused statement must leave it unchanged.
 * </ul>
 */
final class Snapshot {
  private Snapshot() {}

  private static final String DATA =
      "SELECT (SELECT count(*) FROM boundary_audit.changes),"
          + " (SELECT md5(coalesce(string_agg(rolname || rolsuper || rolinherit || rolcreaterole"
          + " || rolcreatedb || rolcanlogin || rolreplication || rolbypassrls"
          + " || coalesce(rolpassword, '-') || coalesce(rolvaliduntil::text, '-'), ','"
          + " ORDER BY rolname), '')) FROM pg_authid),"
          + " (SELECT md5(coalesce(string_agg(setdatabase || ':' || setrole || ':'"
          + " || array_to_string(setconfig, ','), ';' ORDER BY setdatabase, setrole), ''))"
          + " FROM pg_db_role_setting),"
          + " (SELECT count(*) FROM pg_largeobject_metadata),"
          + " (SELECT count(*) FROM pg_prepared_xacts),"
          + " (SELECT last_value FROM people_id_seq),"
          + " (SELECT md5(coalesce(string_agg(c.relname || ':' || coalesce(c.relacl::text, '-'),"
          + " ',' ORDER BY c.relname), '')) FROM pg_class c"
          + " WHERE c.relnamespace = 'public'::regnamespace),"
          + " (SELECT md5(coalesce(string_agg(datname || ':' || coalesce(datacl::text, '-'), ','"
          + " ORDER BY datname), '')) FROM pg_database)";

  private static final String TABLES =
      "SELECT (SELECT count(*) || ':' || sum(salary) || ':' || sum(hashtext(id || name || email"
          + " || region)::bigint) FROM people),"
          + " (SELECT count(*) || ':' || sum(hashtext(code || title)::bigint) FROM departments)";

  private static final String LEDGER =
      "SELECT (SELECT count(*) || ':' || coalesce(sum(epsilon), 0) || ':' ||"
          + " coalesce(sum(delta), 0) || ':' || coalesce(sum(rho), 0) FROM dpjdbc_ledger_charge),"
          + " (SELECT md5(coalesce(string_agg(analyst || epsilon || delta || rho || extra_delta"
          + " || queries, ',' ORDER BY analyst), '')) FROM dpjdbc_ledger_analyst)";

  static List<String> data(Connection superuserInData) throws SQLException {
    return row(superuserInData, DATA);
  }

  static List<String> tables(Connection superuserInData) throws SQLException {
    return row(superuserInData, TABLES);
  }

  static List<String> ledger(Connection superuserInLedger) throws SQLException {
    return row(superuserInLedger, LEDGER);
  }

  private static List<String> row(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      List<String> out = new ArrayList<>();
      for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
        out.add(rs.getString(i));
      }
      return out;
    }
  }
}
