-- Tableau Desktop's PostgreSQL connector (libpq; statements as they appear in Tableau's log
-- "begin-query" events and in public threads quoting them). Tableau aliases the table with its
-- own name, quotes every identifier, and names aggregate columns "<agg>:<field>:ok";
-- dimensions are wrapped in CAST(... AS TEXT) only for calculated fields. Connect probes come
-- first; the temporary-table capability probe is refused (dpjdbc is read-only) and Tableau then
-- continues without temporary tables, as it does on any read-only PostgreSQL role.

-- @@ connect: client encoding | expect: rows
-- source: Tableau log (tabprotosrv) on connect, quoted in community.tableau.com threads on PostgreSQL connection errors
select pg_catalog.pg_client_encoding()

-- @@ connect: version | expect: shape
-- source: Tableau log on connect (SELECT version())
SELECT version()

-- @@ connect: current schema | expect: rows
-- source: Tableau log on connect
select current_schema()

-- @@ connect: schemas for the schema picker | expect: rows
-- source: Tableau's PostgreSQL connector schema list (nspname of pg_namespace without pg_* / information_schema), as logged
SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg_%' AND nspname <> 'information_schema' ORDER BY nspname

-- @@ connect: tables for the table picker | expect: rows
-- source: Tableau's PostgreSQL connector table list (relname, relkind from pg_class of a schema), as logged
SELECT c.relname, c.relkind FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r','v','m','f','p') ORDER BY c.relname

-- @@ connect: temporary table capability probe | expect: refused 42501
-- source: Tableau log "CREATE LOCAL TEMPORARY TABLE \"#Tableau_Temp_...\"" on connect (community.tableau.com, "Tableau creates temp tables in PostgreSQL")
CREATE LOCAL TEMPORARY TABLE "#Tableau_1_Connect" ("COL" INTEGER) ON COMMIT PRESERVE ROWS

-- @@ data source: field metadata (empty result) | expect: rows
-- source: Tableau reads a relation's columns with a WHERE 1=0 / LIMIT 0 query (TableauSQL "SELECT * FROM ... WHERE (1 = 0)")
SELECT * FROM "public"."employees" "employees" WHERE (1 = 0)

-- @@ viz: SUM by dimension | expect: noisy
-- source: https://interworks.com/blog/fzimmer/2016/07/10/tableau-sql-out-tableau-data-lifecycle-simple-aggregates-disaggregate/ (Tableau's generated query for [Region] x SUM([Sales]): "<agg>:<field>:ok" aliases, table aliased by its name, GROUP BY 1)
SELECT "employees"."department" AS "department",
  SUM("employees"."salary") AS "sum:salary:ok"
FROM "public"."employees" "employees"
GROUP BY 1

-- @@ viz: COUNT DISTINCT (CNTD) | expect: noisy
-- source: Tableau generated query for CNTD([field]): COUNT(DISTINCT ...) AS "ctd:<field>:ok"
SELECT COUNT(DISTINCT "employees"."region") AS "ctd:region:ok"
FROM "public"."employees" "employees"
HAVING (COUNT(1) > 0)

-- @@ viz: YEAR(date) bucket with AVG | expect: noisy
-- source: Tableau generated query for YEAR([hired]): CAST(EXTRACT(YEAR FROM ...) AS BIGINT) AS "yr:<field>:ok"
SELECT CAST(EXTRACT(YEAR FROM "employees"."hired") AS BIGINT) AS "yr:hired:ok",
  AVG(CAST("employees"."salary" AS DOUBLE PRECISION)) AS "avg:salary:ok"
FROM "public"."employees" "employees"
GROUP BY 1

-- @@ viz: number of records with a filter | expect: noisy
-- source: Tableau generated query for SUM([Number of Records]) (SUM(1)) with a dimension filter
SELECT "employees"."region" AS "region",
  SUM(1) AS "sum:Number of Records:ok"
FROM "public"."employees" "employees"
WHERE ("employees"."region" IN ('N', 'S'))
GROUP BY 1

-- @@ view data (raw rows) | expect: refused 42501
-- source: Tableau's "View Data" underlying rows: SELECT ... FROM table LIMIT 1000
SELECT "employees"."id" AS "id", "employees"."salary" AS "salary"
FROM "public"."employees" "employees"
LIMIT 1000
