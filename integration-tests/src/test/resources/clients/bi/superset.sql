-- Superset (SQLAlchemy 1.4 PostgreSQL dialect over psycopg2) on connect, dataset sync and chart
-- rendering. The inspection statements were captured from a real run of SQLAlchemy 1.4.46's
-- Inspector (get_schema_names, get_table_names, get_view_names, has_table, get_columns,
-- get_pk_constraint, get_foreign_keys, get_indexes, get_unique_constraints,
-- get_check_constraints, get_table_comment) against PostgreSQL 15 with log_statement=all;
-- psycopg2 interpolates its parameters client-side, so they arrive as literals. The table oid
-- SQLAlchemy reads first (get_table_oid) is written {{reloid public.employees}}.

-- @@ hstore probe | expect: rows
-- source: github:sqlalchemy/sqlalchemy lib/sqlalchemy/dialects/postgresql/psycopg2.py (HstoreAdapter / _hstore_oids, rel_1_4)
SELECT t.oid, typarray
	FROM pg_type t JOIN pg_namespace ns
	    ON typnamespace = ns.oid
	WHERE typname = 'hstore';

-- @@ server version | expect: shape
-- source: github:sqlalchemy/sqlalchemy lib/sqlalchemy/dialects/postgresql/base.py PGDialect._get_server_version_info (rel_1_4)
select pg_catalog.version()

-- @@ default schema | expect: rows
-- source: github:sqlalchemy/sqlalchemy lib/sqlalchemy/dialects/postgresql/base.py PGDialect._get_default_schema_name (rel_1_4)
select current_schema()

-- @@ isolation level | expect: rows
-- source: github:sqlalchemy/sqlalchemy lib/sqlalchemy/dialects/postgresql/base.py PGDialect.get_isolation_level (rel_1_4)
show transaction isolation level

-- @@ standard_conforming_strings | expect: rows
-- source: github:sqlalchemy/sqlalchemy lib/sqlalchemy/dialects/postgresql/base.py PGDialect.initialize (rel_1_4)
show standard_conforming_strings

-- @@ connection test | expect: rows
-- source: github:apache/superset superset/models/core.py (Database.get_sqla_engine ... test_connection runs engine.dialect.do_ping: SELECT 1)
SELECT 1

-- @@ get_schema_names | expect: rows
-- source: github:sqlalchemy/sqlalchemy lib/sqlalchemy/dialects/postgresql/base.py PGDialect.get_schema_names (rel_1_4)
SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg_%' ORDER BY nspname

-- @@ get_table_names | expect: rows
-- source: github:sqlalchemy/sqlalchemy lib/sqlalchemy/dialects/postgresql/base.py PGDialect.get_table_names (rel_1_4)
SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind in ('r', 'p')

-- @@ get_view_names | expect: rows
-- source: github:sqlalchemy/sqlalchemy lib/sqlalchemy/dialects/postgresql/base.py PGDialect.get_view_names (rel_1_4)
SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('v', 'm')

-- @@ has_table | expect: rows
-- source: github:sqlalchemy/sqlalchemy lib/sqlalchemy/dialects/postgresql/base.py PGDialect.has_table (rel_1_4)
select relname from pg_class c join pg_namespace n on n.oid=c.relnamespace where n.nspname='public' and relname='employees'

-- @@ get_table_oid | expect: rows
-- source: github:sqlalchemy/sqlalchemy lib/sqlalchemy/dialects/postgresql/base.py PGDialect.get_table_oid (rel_1_4)
SELECT c.oid
FROM pg_catalog.pg_class c
LEFT JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE (n.nspname = 'public')
AND c.relname = 'employees' AND c.relkind in
('r', 'v', 'm', 'f', 'p')

-- @@ get_columns | expect: rows
-- source: github:sqlalchemy/sqlalchemy lib/sqlalchemy/dialects/postgresql/base.py PGDialect.get_columns (rel_1_4, server >= 12 with identity)
SELECT a.attname,
  pg_catalog.format_type(a.atttypid, a.atttypmod),
  (
    SELECT pg_catalog.pg_get_expr(d.adbin, d.adrelid)
    FROM pg_catalog.pg_attrdef d
    WHERE d.adrelid = a.attrelid AND d.adnum = a.attnum
    AND a.atthasdef
  ) AS DEFAULT,
  a.attnotnull,
  a.attrelid as table_oid,
  pgd.description as comment,
  a.attgenerated as generated,
                  (SELECT json_build_object(
        'always', a.attidentity = 'a',
        'start', s.seqstart,
        'increment', s.seqincrement,
        'minvalue', s.seqmin,
        'maxvalue', s.seqmax,
        'cache', s.seqcache,
        'cycle', s.seqcycle)
    FROM pg_catalog.pg_sequence s
    JOIN pg_catalog.pg_class c on s.seqrelid = c."oid"
    WHERE c.relkind = 'S'
    AND a.attidentity != ''
    AND s.seqrelid = pg_catalog.pg_get_serial_sequence(
        a.attrelid::regclass::text, a.attname
    )::regclass::oid
    ) as identity_options
FROM pg_catalog.pg_attribute a
LEFT JOIN pg_catalog.pg_description pgd ON (
    pgd.objoid = a.attrelid AND pgd.objsubid = a.attnum)
WHERE a.attrelid = {{reloid public.employees}}
AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY a.attnum

-- @@ get_columns: domains | expect: rows
-- source: github:sqlalchemy/sqlalchemy lib/sqlalchemy/dialects/postgresql/base.py PGDialect._load_domains (rel_1_4)
SELECT t.typname as "name",
   pg_catalog.format_type(t.typbasetype, t.typtypmod) as "attype",
   not t.typnotnull as "nullable",
   t.typdefault as "default",
   pg_catalog.pg_type_is_visible(t.oid) as "visible",
   n.nspname as "schema"
FROM pg_catalog.pg_type t
   LEFT JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
WHERE t.typtype = 'd'

-- @@ get_columns: enums | expect: rows
-- source: github:sqlalchemy/sqlalchemy lib/sqlalchemy/dialects/postgresql/base.py PGDialect._load_enums (rel_1_4)
SELECT t.typname as "name",
   -- no enum defaults in 8.4 at least
   -- t.typdefault as "default",
   pg_catalog.pg_type_is_visible(t.oid) as "visible",
   n.nspname as "schema",
   e.enumlabel as "label"
FROM pg_catalog.pg_type t
     LEFT JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
     LEFT JOIN pg_catalog.pg_enum e ON t.oid = e.enumtypid
WHERE t.typtype = 'e'
ORDER BY "schema", "name", e.oid

-- @@ get_pk_constraint: columns | expect: rows
-- source: github:sqlalchemy/sqlalchemy lib/sqlalchemy/dialects/postgresql/base.py PGDialect.get_pk_constraint (rel_1_4)
SELECT a.attname
FROM pg_attribute a JOIN (
    SELECT unnest(ix.indkey) attnum,
           generate_subscripts(ix.indkey, 1) ord
    FROM pg_index ix
    WHERE ix.indrelid = {{reloid public.employees}} AND ix.indisprimary
    ) k ON a.attnum=k.attnum
WHERE a.attrelid = {{reloid public.employees}}
ORDER BY k.ord

-- @@ get_pk_constraint: name | expect: rows
-- source: github:sqlalchemy/sqlalchemy lib/sqlalchemy/dialects/postgresql/base.py PGDialect.get_pk_constraint (rel_1_4)
SELECT conname
   FROM  pg_catalog.pg_constraint r
   WHERE r.conrelid = {{reloid public.employees}} AND r.contype = 'p'
   ORDER BY 1

-- @@ get_foreign_keys | expect: rows
-- source: github:sqlalchemy/sqlalchemy lib/sqlalchemy/dialects/postgresql/base.py PGDialect.get_foreign_keys (rel_1_4)
SELECT r.conname,
      pg_catalog.pg_get_constraintdef(r.oid, true) as condef,
      n.nspname as conschema
FROM  pg_catalog.pg_constraint r,
      pg_namespace n,
      pg_class c

WHERE r.conrelid = {{reloid public.employees}} AND
      r.contype = 'f' AND
      c.oid = confrelid AND
      n.oid = c.relnamespace
ORDER BY 1

-- @@ get_indexes | expect: rows
-- source: github:sqlalchemy/sqlalchemy lib/sqlalchemy/dialects/postgresql/base.py PGDialect.get_indexes (rel_1_4, server >= 11)
SELECT
    i.relname as relname,
    ix.indisunique, ix.indexprs,
    a.attname, a.attnum, c.conrelid, ix.indkey::varchar,
    ix.indoption::varchar, i.reloptions, am.amname,
    pg_get_expr(ix.indpred, ix.indrelid),
    ix.indnkeyatts as indnkeyatts
FROM
    pg_class t
          join pg_index ix on t.oid = ix.indrelid
          join pg_class i on i.oid = ix.indexrelid
          left outer join
              pg_attribute a
              on t.oid = a.attrelid and a.attnum = ANY(ix.indkey)
          left outer join
              pg_constraint c
              on (ix.indrelid = c.conrelid and
                  ix.indexrelid = c.conindid and
                  c.contype in ('p', 'u', 'x'))
          left outer join
              pg_am am
              on i.relam = am.oid
WHERE
    t.relkind IN ('r', 'v', 'f', 'm', 'p')
    and t.oid = {{reloid public.employees}}
    and ix.indisprimary = 'f'
ORDER BY
    t.relname,
    i.relname

-- @@ get_unique_constraints | expect: rows
-- source: github:sqlalchemy/sqlalchemy lib/sqlalchemy/dialects/postgresql/base.py PGDialect.get_unique_constraints (rel_1_4)
SELECT
    cons.conname as name,
    cons.conkey as key,
    a.attnum as col_num,
    a.attname as col_name
FROM
    pg_catalog.pg_constraint cons
    join pg_attribute a
      on cons.conrelid = a.attrelid AND
        a.attnum = ANY(cons.conkey)
WHERE
    cons.conrelid = {{reloid public.employees}} AND
    cons.contype = 'u'

-- @@ get_check_constraints | expect: rows
-- source: github:sqlalchemy/sqlalchemy lib/sqlalchemy/dialects/postgresql/base.py PGDialect.get_check_constraints (rel_1_4)
SELECT
    cons.conname as name,
    pg_get_constraintdef(cons.oid) as src
FROM
    pg_catalog.pg_constraint cons
WHERE
    cons.conrelid = {{reloid public.employees}} AND
    cons.contype = 'c'

-- @@ get_table_comment | expect: rows
-- source: github:sqlalchemy/sqlalchemy lib/sqlalchemy/dialects/postgresql/base.py PGDialect.get_table_comment (rel_1_4)
SELECT
    pgd.description as table_comment
FROM
    pg_catalog.pg_description pgd
WHERE
    pgd.objsubid = 0 AND
    pgd.objoid = {{reloid public.employees}}

-- @@ chart: bar, physical dataset | expect: noisy
-- source: github:apache/superset superset/models/helpers.py ExploreMixin.get_sqla_query (GROUP BY the dimension, metric alias, ORDER BY the metric DESC, row_limit 10000)
SELECT department AS department, count(*) AS count
FROM public.employees GROUP BY department ORDER BY count DESC
 LIMIT 10000

-- @@ chart: bar, virtual dataset | expect: noisy
-- source: github:apache/superset superset/models/helpers.py get_from_clause (a virtual dataset's SQL wrapped as "virtual_table")
SELECT region AS region, AVG(salary) AS "AVG(salary)"
FROM (SELECT region, salary FROM employees) AS virtual_table GROUP BY region ORDER BY "AVG(salary)" DESC
 LIMIT 10000

-- @@ chart: time series, yearly | expect: noisy
-- source: github:apache/superset superset/db_engine_specs/postgres.py PostgresBaseEngineSpec._time_grain_expressions (P1Y: DATE_TRUNC('year', {col})) and convert_dttm (TO_TIMESTAMP(..., 'YYYY-MM-DD HH24:MI:SS.US'))
SELECT DATE_TRUNC('year', hired) AS hired, count(*) AS count
FROM public.employees
WHERE hired >= TO_TIMESTAMP('2010-01-01 00:00:00.000000', 'YYYY-MM-DD HH24:MI:SS.US') AND hired < TO_TIMESTAMP('2020-01-01 00:00:00.000000', 'YYYY-MM-DD HH24:MI:SS.US') GROUP BY DATE_TRUNC('year', hired)
 LIMIT 10000

-- @@ chart: big number | expect: noisy
-- source: github:apache/superset superset-frontend/plugins/plugin-chart-echarts/src/BigNumber (one metric, no dimension; Superset's SQL has no GROUP BY)
SELECT count(*) AS count
FROM public.employees
 LIMIT 50000

-- @@ chart: count distinct metric | expect: noisy
-- source: github:apache/superset superset/utils/core.py (saved metric COUNT_DISTINCT: COUNT(DISTINCT col))
SELECT department AS department, COUNT(DISTINCT region) AS "COUNT_DISTINCT(region)"
FROM public.employees GROUP BY department
 LIMIT 10000

-- @@ dataset samples (raw rows) | expect: refused 42501
-- source: github:apache/superset superset/views/datasource/utils.py get_samples (SELECT * ... LIMIT row_limit)
SELECT *
FROM public.employees
 LIMIT 100
