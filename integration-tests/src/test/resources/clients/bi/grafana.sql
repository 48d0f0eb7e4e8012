-- Grafana's PostgreSQL data source (Go, lib/pq then pgx; simple query protocol, no bind
-- parameters: the macros are expanded into literals before the query leaves Grafana) on data
-- source "Save & test", in the visual query editor's table/column pickers, and rendering a time
-- series panel. Macro expansions from github:grafana/grafana
-- pkg/tsdb/grafana-postgresql-datasource/macros.go (earlier pkg/tsdb/postgres/macros.go):
--   $__timeFilter(t)          -> t BETWEEN '<from RFC3339>' AND '<to RFC3339>'
--   $__timeGroupAlias(t,1y)   -> floor(extract(epoch from t)/31536000)*31536000 AS "time"
--   $__timeGroup(t,'1d')      -> floor(extract(epoch from t)/86400)*86400
--   $__unixEpochFilter(t)     -> t >= <from> AND t <= <to>
-- The panel time range used here is 2010-01-01T00:00:00Z .. 2020-01-01T00:00:00Z.

-- @@ save & test | expect: rows
-- source: github:grafana/grafana pkg/tsdb/sqleng/sql_engine.go (CheckHealth pings the database: SELECT 1)
SELECT 1

-- @@ server version | expect: shape
-- source: github:grafana/grafana public/app/plugins/datasource/grafana-postgresql-datasource/datasource.ts (getVersion: SELECT current_setting('server_version_num')::int/100 as version)
SELECT current_setting('server_version_num')::int/100 as version

-- @@ timescaledb probe | expect: rows
-- source: github:grafana/grafana public/app/plugins/datasource/grafana-postgresql-datasource/datasource.ts (getTimescaleDBVersion)
SELECT extversion FROM pg_extension WHERE extname = 'timescaledb'

-- @@ table picker | expect: rows
-- source: github:grafana/grafana public/app/plugins/datasource/grafana-postgresql-datasource/postgresMetaQuery.ts (showTables / buildTableQuery)
select quote_ident(table_name) as "table" from information_schema.tables
    where quote_ident(table_schema) not in ('information_schema',
                             'pg_catalog',
                             '_timescaledb_cache',
                             '_timescaledb_catalog',
                             '_timescaledb_internal',
                             '_timescaledb_config',
                             'timescaledb_information',
                             'timescaledb_experimental')
      and table_type = 'BASE TABLE' and quote_ident(table_schema) IN (
      SELECT
        CASE WHEN trim(s[i]) = '"$user"' THEN user ELSE trim(s[i]) END
      FROM
        generate_series(
          array_lower(string_to_array(current_setting('search_path'),','),1),
          array_upper(string_to_array(current_setting('search_path'),','),1)
        ) as i,
        string_to_array(current_setting('search_path'),',') s
      )

-- @@ column picker | expect: rows
-- source: github:grafana/grafana public/app/plugins/datasource/grafana-postgresql-datasource/postgresMetaQuery.ts (getFieldsQuery / buildColumnQuery)
select quote_ident(column_name) as "column", data_type as "type"
    from information_schema.columns
    where quote_ident(table_name) = 'employees'
    and quote_ident(table_schema) IN (
      SELECT
        CASE WHEN trim(s[i]) = '"$user"' THEN user ELSE trim(s[i]) END
      FROM
        generate_series(
          array_lower(string_to_array(current_setting('search_path'),','),1),
          array_upper(string_to_array(current_setting('search_path'),','),1)
        ) as i,
        string_to_array(current_setting('search_path'),',') s
      )

-- @@ metric-table finder (old query editor) | expect: rows
-- source: github:grafana/grafana public/app/plugins/datasource/postgres/meta_query.ts (findMetricTable, Grafana <= 9)
SELECT
	table_name,
	( SELECT
	    column_name
	  FROM information_schema.columns c
    WHERE
      c.table_schema = t.table_schema AND
      c.table_name = t.table_name AND
      udt_name IN ('timestamptz','timestamp')
    ORDER BY ordinal_position LIMIT 1
  ) AS time_column,
  ( SELECT
      column_name
    FROM information_schema.columns c
    WHERE
      c.table_schema = t.table_schema AND
      c.table_name = t.table_name AND
      udt_name='float8'
    ORDER BY ordinal_position LIMIT 1
  ) AS value_column
FROM information_schema.tables t
WHERE
  t.table_schema IN (
	  SELECT
		CASE WHEN trim(s[i]) = '"$user"' THEN user ELSE trim(s[i]) END
	  FROM
		generate_series(
		  array_lower(string_to_array(current_setting('search_path'),','),1),
		  array_upper(string_to_array(current_setting('search_path'),','),1)
		) as i,
		string_to_array(current_setting('search_path'),',') s
	) AND
  EXISTS
  ( SELECT 1
    FROM information_schema.columns c
    WHERE
      c.table_schema = t.table_schema AND
      c.table_name = t.table_name AND
      udt_name IN ('timestamptz','timestamp')
  ) AND
  EXISTS
  ( SELECT 1
    FROM information_schema.columns c
    WHERE
      c.table_schema = t.table_schema AND
      c.table_name = t.table_name AND
      udt_name='float8'
  )
LIMIT 1

-- @@ template variable: distinct values of a column with a public domain | expect: noisy
-- source: github:grafana/grafana docs/sources/datasources/postgres/template-variables (a query variable: SELECT DISTINCT col FROM table); region's CHECK (IN ...) makes its values a public domain, released whole at no cost
SELECT DISTINCT region FROM employees

-- @@ panel: $__timeGroupAlias yearly count, $__timeFilter | expect: noisy
-- source: builder query of public/app/plugins/datasource/grafana-postgresql-datasource (SELECT $__timeGroupAlias(hired,1y), count(*) ... WHERE $__timeFilter(hired) GROUP BY 1 ORDER BY 1), macros expanded by macros.go
SELECT
  floor(extract(epoch from hired)/31536000)*31536000 AS "time",
  count(*) AS "count"
FROM employees
WHERE
  hired BETWEEN '2010-01-01T00:00:00Z' AND '2020-01-01T00:00:00Z'
GROUP BY 1
ORDER BY 1

-- @@ panel: $__timeGroupAlias with a metric column | expect: noisy
-- source: as above, with the "metric" (series) column and an AVG
SELECT
  floor(extract(epoch from hired)/31536000)*31536000 AS "time",
  region AS metric,
  avg(salary) AS "salary"
FROM employees
WHERE
  hired BETWEEN '2010-01-01T00:00:00Z' AND '2020-01-01T00:00:00Z'
GROUP BY 1,2
ORDER BY 1,2

-- @@ panel: stat, sum over the range | expect: noisy
-- source: a stat panel's raw SQL with $__timeFilter expanded
SELECT sum(salary) AS "total salary" FROM employees WHERE hired BETWEEN '2010-01-01T00:00:00Z' AND '2020-01-01T00:00:00Z'

-- @@ template variable: distinct values of a private column | expect: noisy
-- source: as above, over a column without a public domain (the employees' names): private keys go through partition selection (charged; unique names are not released)
SELECT DISTINCT name FROM employees
