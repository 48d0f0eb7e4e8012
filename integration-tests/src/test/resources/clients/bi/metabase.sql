-- Metabase (PostgreSQL driver over pgJDBC) on connect, sync (describe-database, describe-table,
-- describe-fks, table privileges, fingerprinting) and question rendering. Metabase runs its sync
-- SQL through clojure.java.jdbc / next.jdbc prepared statements; `?` parameters are bound with
-- setString. Schema and table names are the demo schema's (public.employees, public.departments).

-- @@ connection test | expect: rows
-- source: github:metabase/metabase src/metabase/driver/sql_jdbc/connection.clj (can-connect-with-spec?: SELECT 1)
SELECT 1

-- @@ default timezone | expect: rows
-- source: github:metabase/metabase src/metabase/driver/postgres.clj (driver/db-default-timezone: "show timezone;")
show timezone;

-- @@ set session timezone | expect: command
-- source: github:metabase/metabase src/metabase/driver/postgres.clj (sql-jdbc.execute/set-timezone-sql: "SET SESSION TIMEZONE TO %s;")
SET SESSION TIMEZONE TO 'UTC';

-- @@ enum types | expect: rows
-- source: github:metabase/metabase src/metabase/driver/postgres.clj (enum-types, run before describe-table)
SELECT nspname, typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE t.oid IN (SELECT DISTINCT enumtypid FROM pg_enum e)

-- @@ describe-database: syncable tables with estimated row count | expect: stats-null estimated_row_count
-- source: github:metabase/metabase src/metabase/driver/postgres.clj (describe-syncable-tables, v0.50+: pg_class joined with pg_stat_user_tables for estimated_row_count; reconstructed from the driver's HoneySQL, column list abridged)
SELECT n.nspname AS schema, c.relname AS name,
       CASE c.relkind WHEN 'p' THEN TRUE ELSE FALSE END AS is_partitioned,
       CASE c.relkind WHEN 'f' THEN TRUE ELSE FALSE END AS is_foreign,
       obj_description(c.oid) AS description,
       s.n_live_tup AS estimated_row_count
FROM pg_catalog.pg_class c
INNER JOIN pg_catalog.pg_namespace n ON c.relnamespace = n.oid
LEFT JOIN pg_stat_user_tables AS s ON s.relid = c.oid
WHERE c.relnamespace = n.oid
  AND c.relkind IN ('r', 'p', 'v', 'f', 'm')
  AND n.nspname !~ '^information_schema|catalog_history|pg_'
  AND n.nspname <> 'information_schema'
  AND has_schema_privilege(n.nspname, 'USAGE')
  AND (has_table_privilege('"' || n.nspname || '"."' || c.relname || '"', 'SELECT')
       OR has_any_column_privilege('"' || n.nspname || '"."' || c.relname || '"', 'SELECT'))
ORDER BY n.nspname, c.relname

-- @@ current-user-table-privileges (CTE with columns named table/update/select/insert/delete) | expect: shape
-- source: github:metabase/metabase src/metabase/driver/postgres.clj (sql-jdbc.sync/current-user-table-privileges :postgres)
with table_privileges as (
 select
   NULL as role,
   t.schemaname as schema,
   t.objectname as table,
   pg_catalog.has_table_privilege(current_user, '"' || t.schemaname || '"' || '.' || '"' || t.objectname || '"',  'update') as update,
   pg_catalog.has_table_privilege(current_user, '"' || t.schemaname || '"' || '.' || '"' || t.objectname || '"',  'select') as select,
   pg_catalog.has_table_privilege(current_user, '"' || t.schemaname || '"' || '.' || '"' || t.objectname || '"',  'insert') as insert,
   pg_catalog.has_table_privilege(current_user, '"' || t.schemaname || '"' || '.' || '"' || t.objectname || '"',  'delete') as delete
 from (
   select schemaname, tablename as objectname from pg_catalog.pg_tables
   union
   select schemaname, viewname as objectname from pg_catalog.pg_views
   union
   select schemaname, matviewname as objectname from pg_catalog.pg_matviews
 ) t
 where t.schemaname !~ '^pg_'
   and t.schemaname <> 'information_schema'
   and pg_catalog.has_schema_privilege(current_user, t.schemaname, 'usage')
)
select t.*
from table_privileges t

-- @@ describe-table: columns (pgJDBC getColumns, as sql-jdbc.sync.describe-table calls it) | expect: shape
-- source: github:metabase/metabase src/metabase/driver/sql_jdbc/sync/describe_table.clj (fields-metadata -> DatabaseMetaData.getColumns); SQL: github:pgjdbc/pgjdbc pgjdbc/src/main/java/org/postgresql/jdbc/PgDatabaseMetaData.java getColumns
SELECT * FROM (SELECT n.nspname,c.relname,a.attname,a.atttypid,a.attnotnull OR (t.typtype = 'd' AND t.typnotnull) AS attnotnull,a.atttypmod,a.attlen,t.typtypmod,row_number() OVER (PARTITION BY a.attrelid ORDER BY a.attnum) AS attnum, nullif(a.attidentity, '') as attidentity,nullif(a.attgenerated, '') as attgenerated,pg_catalog.pg_get_expr(def.adbin, def.adrelid) AS adsrc,dsc.description,t.typbasetype,t.typtype  FROM pg_catalog.pg_namespace n  JOIN pg_catalog.pg_class c ON (c.relnamespace = n.oid)  JOIN pg_catalog.pg_attribute a ON (a.attrelid=c.oid)  JOIN pg_catalog.pg_type t ON (a.atttypid = t.oid)  LEFT JOIN pg_catalog.pg_attrdef def ON (a.attrelid=def.adrelid AND a.attnum = def.adnum)  LEFT JOIN pg_catalog.pg_description dsc ON (c.oid=dsc.objoid AND a.attnum = dsc.objsubid)  LEFT JOIN pg_catalog.pg_class dc ON (dc.oid=dsc.classoid AND dc.relname='pg_class')  LEFT JOIN pg_catalog.pg_namespace dn ON (dc.relnamespace=dn.oid AND dn.nspname='pg_catalog')  WHERE c.relkind in ('r','p','v','f','m') and a.attnum > 0 AND NOT a.attisdropped  AND n.nspname LIKE 'public' AND c.relname LIKE 'employees') c WHERE true  ORDER BY nspname,c.relname,attnum

-- @@ describe-fks (pgJDBC getImportedKeys) | expect: rows
-- source: github:metabase/metabase src/metabase/driver/sql_jdbc/sync/describe_table.clj (describe-table-fks -> DatabaseMetaData.getImportedKeys); SQL: github:pgjdbc/pgjdbc PgDatabaseMetaData.getImportedExportedKeys
SELECT NULL::text AS PKTABLE_CAT, pkn.nspname AS PKTABLE_SCHEM, pkc.relname AS PKTABLE_NAME, pka.attname AS PKCOLUMN_NAME, NULL::text AS FKTABLE_CAT, fkn.nspname AS FKTABLE_SCHEM, fkc.relname AS FKTABLE_NAME, fka.attname AS FKCOLUMN_NAME, pos.n AS KEY_SEQ, CASE con.confupdtype  WHEN 'c' THEN 0 WHEN 'n' THEN 2 WHEN 'd' THEN 4 WHEN 'r' THEN 1 WHEN 'p' THEN 1 WHEN 'a' THEN 3 ELSE NULL END AS UPDATE_RULE, CASE con.confdeltype  WHEN 'c' THEN 0 WHEN 'n' THEN 2 WHEN 'd' THEN 4 WHEN 'r' THEN 1 WHEN 'p' THEN 1 WHEN 'a' THEN 3 ELSE NULL END AS DELETE_RULE, con.conname AS FK_NAME, pkic.relname AS PK_NAME, CASE  WHEN con.condeferrable AND con.condeferred THEN 5 WHEN con.condeferrable THEN 6 ELSE 7 END AS DEFERRABILITY  FROM  pg_catalog.pg_namespace pkn, pg_catalog.pg_class pkc, pg_catalog.pg_attribute pka,  pg_catalog.pg_namespace fkn, pg_catalog.pg_class fkc, pg_catalog.pg_attribute fka,  pg_catalog.pg_constraint con,  pg_catalog.generate_series(1, 32) pos(n),  pg_catalog.pg_class pkic WHERE pkn.oid = pkc.relnamespace AND pkc.oid = pka.attrelid AND pka.attnum = con.confkey[pos.n] AND con.confrelid = pkc.oid  AND fkn.oid = fkc.relnamespace AND fkc.oid = fka.attrelid AND fka.attnum = con.conkey[pos.n] AND con.conrelid = fkc.oid  AND con.contype = 'f' AND (pkic.relkind = 'i' OR pkic.relkind = 'I') AND pkic.oid = con.conindid  AND fkn.nspname = 'public' AND fkc.relname = 'employees' ORDER BY pkn.nspname,pkc.relname, con.conname,pos.n

-- @@ index info: pgJDBC getIndexInfo | expect: stats-null CARDINALITY,PAGES
-- source: github:metabase/metabase src/metabase/driver/sql_jdbc/sync/describe_table.clj (describe-table-indexes -> DatabaseMetaData.getIndexInfo); SQL: github:pgjdbc/pgjdbc PgDatabaseMetaData.getIndexInfo (server >= 8.3)
SELECT NULL AS "TABLE_CAT", n.nspname AS "TABLE_SCHEM",   ct.relname AS "TABLE_NAME", NOT i.indisunique AS "NON_UNIQUE",   NULL AS "INDEX_QUALIFIER", ci.relname AS "INDEX_NAME",   CASE i.indisclustered     WHEN true THEN 1    ELSE CASE am.amname       WHEN 'hash' THEN 2      ELSE 3    END   END AS "TYPE",   (information_schema._pg_expandarray(i.indkey)).n AS "ORDINAL_POSITION",   ci.reltuples AS "CARDINALITY",   ci.relpages AS "PAGES",   pg_catalog.pg_get_expr(i.indpred, i.indrelid) AS "FILTER_CONDITION",   ci.oid AS "CI_OID",   i.indoption AS "I_INDOPTION",   am.amname AS "AM_NAME"  FROM pg_catalog.pg_class ct   JOIN pg_catalog.pg_namespace n ON (ct.relnamespace = n.oid)   JOIN pg_catalog.pg_index i ON (ct.oid = i.indrelid)   JOIN pg_catalog.pg_class ci ON (ci.oid = i.indexrelid)   JOIN pg_catalog.pg_am am ON (ci.relam = am.oid)  WHERE true  AND n.nspname = 'public' AND ct.relname = 'employees'

-- @@ question: count by department (MBQL -> HoneySQL) | expect: noisy
-- source: github:metabase/metabase src/metabase/driver/sql/query_processor.clj (apply-top-level-clause :breakout/:aggregation; identifiers quoted, source alias "source" omitted for a plain table, LIMIT 2000 for the UI)
SELECT "public"."employees"."department" AS "department", COUNT(*) AS "count" FROM "public"."employees" GROUP BY "public"."employees"."department" ORDER BY "public"."employees"."department" ASC LIMIT 2000

-- @@ question: average salary by month of hire (date_trunc bucket) | expect: noisy
-- source: github:metabase/metabase src/metabase/driver/postgres.clj (sql.qp/date [:postgres :year] -> date-trunc :year of CAST(... AS timestamp))
SELECT DATE_TRUNC('year', CAST("public"."employees"."hired" AS timestamp)) AS "hired", AVG("public"."employees"."salary") AS "avg" FROM "public"."employees" GROUP BY DATE_TRUNC('year', CAST("public"."employees"."hired" AS timestamp)) ORDER BY DATE_TRUNC('year', CAST("public"."employees"."hired" AS timestamp)) ASC LIMIT 2000

-- @@ question: distinct count with a filter parameter | expect: noisy | params: string:N
-- source: github:metabase/metabase src/metabase/driver/sql/query_processor.clj (:distinct aggregation -> COUNT(DISTINCT ...); filter values become ? parameters)
SELECT COUNT(DISTINCT "public"."employees"."department") AS "count" FROM "public"."employees" WHERE "public"."employees"."region" = ? LIMIT 2000

-- @@ question: sum of salary, age bins | expect: noisy
-- source: github:metabase/metabase src/metabase/query_processor/middleware/binning.clj (num-bins: FLOOR((x - min) / width) * width + min)
SELECT ((FLOOR((("public"."employees"."age" - 20.0) / 10.0)) * 10.0) + 20.0) AS "age", SUM("public"."employees"."salary") AS "sum" FROM "public"."employees" GROUP BY ((FLOOR((("public"."employees"."age" - 20.0) / 10.0)) * 10.0) + 20.0) ORDER BY ((FLOOR((("public"."employees"."age" - 20.0) / 10.0)) * 10.0) + 20.0) ASC LIMIT 2000

-- @@ fingerprint / table preview (raw rows) | expect: refused 42501
-- source: github:metabase/metabase src/metabase/driver/common/table_rows_sample.clj (table-rows-sample: SELECT the fields ... LIMIT 10000)
SELECT "public"."employees"."id" AS "id", "public"."employees"."name" AS "name" FROM "public"."employees" LIMIT 10000
