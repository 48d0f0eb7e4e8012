-- DBeaver (PostgreSQL extension over pgJDBC) on connect and while the navigator expands the
-- database, the schema, a table (columns, constraints, indexes) and opens its data editor. All
-- taken from github:dbeaver/dbeaver at commit 2428359b (2024-10-24), directory
-- plugins/org.jkiss.dbeaver.ext.postgresql/src/org/jkiss/dbeaver/ext/postgresql/model/.
-- DBeaver binds object ids with setLong and names with setString.

-- @@ bootstrap: current database | expect: rows
-- source: PostgreDataSource.java (initializeRemoteInstance: SELECT current_database())
SELECT current_database()

-- @@ server version | expect: shape
-- source: PostgreDataSource.java (initialize: SELECT version())
SELECT version()

-- @@ databases | expect: shape
-- source: PostgreDataSource.java (prepareDatabaseList: SELECT db.oid,db.* FROM pg_catalog.pg_database db WHERE 1 = 1 ...)
SELECT db.oid,db.* FROM pg_catalog.pg_database db WHERE 1 = 1 AND datallowconn AND NOT datistemplate ORDER BY db.datname

-- @@ database by name | expect: shape | params: string:demo
-- source: PostgreDatabase.java (readDatabaseInfo)
SELECT db.oid,db.* FROM pg_catalog.pg_database db WHERE datname=?

-- @@ database description | expect: rows | params: string:demo
-- source: PostgreDatabase.java (getDescription)
select description from pg_shdescription join pg_database on objoid = pg_database.oid where datname = ?

-- @@ current schema and user | expect: shape
-- source: PostgreExecutionContext.java (refreshDefaults: SELECT current_schema(),session_user)
SELECT current_schema(),session_user

-- @@ search path | expect: rows
-- source: PostgreExecutionContext.java (refreshDefaults: SHOW search_path)
SHOW search_path

-- @@ schemas | expect: rows
-- source: PostgreDatabase.java (SchemaCache.prepareLookupStatement)
SELECT n.oid,n.*,d.description FROM pg_catalog.pg_namespace n
LEFT OUTER JOIN pg_catalog.pg_description d ON d.objoid=n.oid AND d.objsubid=0 AND d.classoid='pg_namespace'::regclass
 ORDER BY nspname

-- @@ roles | expect: shape
-- source: PostgreDatabase.java (RoleCache: SELECT a.oid,a.*,pd.description FROM pg_catalog.pg_roles a ...)
SELECT a.oid,a.*,pd.description FROM pg_catalog.pg_roles a 
left join pg_catalog.pg_shdescription pd on a.oid = pd.objoid
ORDER BY a.rolname

-- @@ access methods | expect: rows
-- source: PostgreDatabase.java (AccessMethodCache)
SELECT am.oid,am.* FROM pg_catalog.pg_am am 
ORDER BY am.oid

-- @@ encodings | expect: rows
-- source: PostgreDatabase.java (EncodingCache)
SELECT c.contoencoding as encid,pg_catalog.pg_encoding_to_char(c.contoencoding) as encname
FROM pg_catalog.pg_conversion c
GROUP BY c.contoencoding
ORDER BY 2

-- @@ tables of a schema (c.* over pg_class) | expect: stats-null reltuples,relpages,relallvisible | params: long:{{nsoid public}}
-- source: PostgreSchema.java (TableCache.prepareLookupStatement, server >= 10)
SELECT c.oid,c.*,d.description,pg_catalog.pg_get_expr(c.relpartbound, c.oid) as partition_expr,  pg_catalog.pg_get_partkeydef(c.oid) as partition_key 
FROM pg_catalog.pg_class c
LEFT OUTER JOIN pg_catalog.pg_description d ON d.objoid=c.oid AND d.objsubid=0 AND d.classoid='pg_class'::regclass
WHERE c.relnamespace=? AND c.relkind not in ('i','I','c')

-- @@ columns of a table (a.* over pg_attribute) | expect: shape | params: long:{{reloid public.employees}}
-- source: PostgreSchema.java (TableCache.prepareChildrenStatement, sequences supported)
SELECT c.relname,a.*,pg_catalog.pg_get_expr(ad.adbin, ad.adrelid, true) as def_value,dsc.description,dep.objid
FROM pg_catalog.pg_attribute a
INNER JOIN pg_catalog.pg_class c ON (a.attrelid=c.oid)
LEFT OUTER JOIN pg_catalog.pg_attrdef ad ON (a.attrelid=ad.adrelid AND a.attnum = ad.adnum)
LEFT OUTER JOIN pg_catalog.pg_description dsc ON (c.oid=dsc.objoid AND a.attnum = dsc.objsubid)
LEFT OUTER JOIN pg_depend dep on dep.refobjid = a.attrelid AND dep.deptype = 'i' and dep.refobjsubid = a.attnum and dep.classid = dep.refclassid
WHERE NOT a.attisdropped AND c.relkind not in ('i','I','c') AND c.oid=?
ORDER BY a.attnum

-- @@ constraints of a table (quoted "substring") | expect: rows | params: long:{{reloid public.employees}}
-- source: PostgreSchema.java (ConstraintCache.prepareObjectsStatement)
SELECT c.oid,c.*,t.relname as tabrelname,rt.relnamespace as refnamespace,d.description, case when c.contype='c' then "substring"(pg_get_constraintdef(c.oid), 7) else null end consrc_copy
FROM pg_catalog.pg_constraint c
INNER JOIN pg_catalog.pg_class t ON t.oid=c.conrelid
LEFT OUTER JOIN pg_catalog.pg_class rt ON rt.oid=c.confrelid
LEFT OUTER JOIN pg_catalog.pg_description d ON d.objoid=c.oid AND d.objsubid=0 AND d.classoid='pg_constraint'::regclass
WHERE c.conrelid=?
ORDER BY c.oid

-- @@ indexes of a table (sizes and scan counts) | expect: stats-null index_rel_size,index_num_scans | params: long:{{reloid public.employees}}
-- source: PostgreSchema.java (IndexCache.prepareObjectsStatement, relation size supported)
SELECT i.*,i.indkey as keys,c.relname,c.relnamespace,c.relam,c.reltablespace,tc.relname as tabrelname,dsc.description,pg_catalog.pg_get_expr(i.indpred, i.indrelid) as pred_expr,pg_catalog.pg_get_expr(i.indexprs, i.indrelid, true) as expr,pg_catalog.pg_relation_size(i.indexrelid) as index_rel_size,pg_catalog.pg_stat_get_numscans(i.indexrelid) as index_num_scans
FROM pg_catalog.pg_index i
INNER JOIN pg_catalog.pg_class c ON c.oid=i.indexrelid
INNER JOIN pg_catalog.pg_class tc ON tc.oid=i.indrelid
LEFT OUTER JOIN pg_catalog.pg_description dsc ON i.indexrelid=dsc.objoid
WHERE  i.indrelid=? ORDER BY c.relname

-- @@ table statistics panel (sizes) | expect: stats-null total_rel_size,rel_size | params: long:{{reloid public.employees}}; long:{{reloid public.employees}}
-- source: PostgreTableReal.java (readTableStats)
select pg_catalog.pg_total_relation_size(?) as total_rel_size,pg_catalog.pg_relation_size(?) as rel_size

-- @@ triggers of a table | expect: rows | params: long:{{reloid public.employees}}
-- source: PostgreTableReal.java (TriggerCache)
SELECT x.oid,x.*,p.pronamespace as func_schema_id,d.description
FROM pg_catalog.pg_trigger x
LEFT OUTER JOIN pg_catalog.pg_proc p ON p.oid=x.tgfoid 
LEFT OUTER JOIN pg_catalog.pg_description d ON d.objoid=x.oid AND d.objsubid=0 
WHERE x.tgrelid = ? AND NOT x.tgisinternal

-- @@ data editor: row count | expect: noisy
-- source: github:dbeaver/dbeaver plugins/org.jkiss.dbeaver.model.sql/src/org/jkiss/dbeaver/model/sql/SQLQueryContainer... (ResultSetViewer "Calculate total row count": SELECT COUNT(*) FROM <table>)
SELECT COUNT(*) FROM public.employees

-- @@ data editor: open the table (raw rows) | expect: refused 42501
-- source: github:dbeaver/dbeaver plugins/org.jkiss.dbeaver.model.jdbc (JDBCTable.readData: SELECT t.* FROM <table> t, max rows 200)
SELECT t.* FROM public.employees t

-- @@ SQL editor: grouped aggregate | expect: noisy
-- source: a user's query in DBeaver's SQL editor, sent unchanged through pgJDBC
SELECT department, count(*), avg(salary) FROM public.employees GROUP BY department ORDER BY department
