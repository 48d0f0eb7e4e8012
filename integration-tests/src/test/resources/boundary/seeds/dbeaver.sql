-- Seeds for CatalogFuzzIT: the kinds of catalog SQL DBeaver's PostgreSQL plugin sends when it
-- connects and when a user browses a schema (encodings, keywords, inheritance, rules, policies,
-- roles, tables with c.*, constraints, sizes, columns, databases, indexes with sizes and scan
-- counts, triggers, tablespaces, namespaces, dependencies). Written for this project after
-- DBeaver's observed traffic (DBeaver, Apache-2.0, plugins/org.jkiss.dbeaver.ext.postgresql), with
-- OIDs and names adapted to the boundary schema; not a verbatim capture. One statement per
-- "-- @@" block.
-- @@
SELECT c.contoencoding AS encid, pg_catalog.pg_encoding_to_char(c.contoencoding) AS encname
FROM pg_catalog.pg_conversion c GROUP BY c.contoencoding ORDER BY 2
-- @@
SELECT string_agg(word, ',') FROM pg_catalog.pg_get_keywords()
WHERE word <> ALL ('{a,abs,absolute,action,add,all,and,any,array,as}'::text[])
-- @@
SHOW TRANSACTION ISOLATION LEVEL
-- @@
SELECT i.*, c.relnamespace FROM pg_catalog.pg_inherits i, pg_catalog.pg_class c
WHERE i.inhrelid = 16400 AND c.oid = i.inhparent ORDER BY i.inhseqno
-- @@
SELECT description FROM pg_catalog.pg_shdescription
JOIN pg_catalog.pg_database ON objoid = pg_database.oid WHERE datname = 'boundary'
-- @@
SELECT r.oid, r.*, pg_catalog.pg_get_ruledef(r.oid) AS definition FROM pg_catalog.pg_rewrite r
WHERE r.ev_class = 16400 AND r.rulename <> '_RETURN'::name
-- @@
SELECT * FROM pg_catalog.pg_policies WHERE schemaname = 'public' AND tablename = 'people'
-- @@
SELECT a.oid, a.*, pd.description FROM pg_catalog.pg_roles a
LEFT JOIN pg_catalog.pg_shdescription pd ON a.oid = pd.objoid ORDER BY a.rolname
-- @@
SELECT c.oid, c.*, d.description, pg_catalog.pg_get_expr(c.relpartbound, c.oid) AS partition_expr,
  pg_catalog.pg_get_partkeydef(c.oid) AS partition_key
FROM pg_catalog.pg_class c
LEFT OUTER JOIN pg_catalog.pg_description d
  ON d.objoid = c.oid AND d.objsubid = 0 AND d.classoid = 'pg_class'::regclass
WHERE c.relnamespace = 2200 AND c.relkind NOT IN ('i', 'I', 'c')
-- @@
SELECT c.oid, c.*, t.relname AS tabrelname, rt.relnamespace AS refnamespace, d.description,
  CASE WHEN c.contype = 'c' THEN "substring"(pg_get_constraintdef(c.oid), 7) ELSE NULL END consrc_copy
FROM pg_catalog.pg_constraint c
INNER JOIN pg_catalog.pg_class t ON t.oid = c.conrelid
LEFT OUTER JOIN pg_catalog.pg_class rt ON rt.oid = c.confrelid
LEFT OUTER JOIN pg_catalog.pg_description d
  ON d.objoid = c.oid AND d.objsubid = 0 AND d.classoid = 'pg_constraint'::regclass
WHERE t.relnamespace = 2200 ORDER BY c.oid
-- @@
SELECT c.oid, pg_catalog.pg_total_relation_size(c.oid) AS total_rel_size,
  pg_catalog.pg_relation_size(c.oid) AS rel_size
FROM pg_catalog.pg_class c WHERE c.relnamespace = 2200
-- @@
SELECT c.relname, a.*, pg_catalog.pg_get_expr(ad.adbin, ad.adrelid, true) AS def_value,
  dsc.description
FROM pg_catalog.pg_attribute a
INNER JOIN pg_catalog.pg_class c ON (a.attrelid = c.oid)
LEFT OUTER JOIN pg_catalog.pg_attrdef ad ON (a.attrelid = ad.adrelid AND a.attnum = ad.adnum)
LEFT OUTER JOIN pg_catalog.pg_description dsc ON (c.oid = dsc.objoid AND a.attnum = dsc.objsubid)
WHERE NOT a.attisdropped AND c.relname = 'people' ORDER BY a.attnum
-- @@
SELECT db.oid, db.* FROM pg_catalog.pg_database db WHERE datname = 'boundary'
-- @@
SELECT i.*, i.indkey AS keys, c.relname, c.relnamespace, c.relam, c.reltablespace,
  tc.relname AS tabrelname, dsc.description,
  pg_catalog.pg_get_expr(i.indpred, i.indrelid) AS pred_expr,
  pg_catalog.pg_get_expr(i.indexprs, i.indrelid, true) AS expr,
  pg_catalog.pg_relation_size(i.indexrelid) AS index_rel_size,
  pg_catalog.pg_stat_get_numscans(i.indexrelid) AS index_num_scans
FROM pg_catalog.pg_index i
INNER JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid
INNER JOIN pg_catalog.pg_class tc ON tc.oid = i.indrelid
LEFT OUTER JOIN pg_catalog.pg_description dsc ON i.indexrelid = dsc.objoid
WHERE tc.relname = 'people' ORDER BY c.relname
-- @@
SELECT x.oid, x.*, p.pronamespace AS func_schema_id, d.description
FROM pg_catalog.pg_trigger x
LEFT OUTER JOIN pg_catalog.pg_proc p ON p.oid = x.tgfoid
LEFT OUTER JOIN pg_catalog.pg_description d ON d.objoid = x.oid AND d.objsubid = 0
WHERE NOT x.tgisinternal
-- @@
SELECT t.oid, t.*, pg_catalog.pg_tablespace_location(t.oid) loc
FROM pg_catalog.pg_tablespace t ORDER BY t.oid
-- @@
SELECT n.oid, n.*, d.description FROM pg_catalog.pg_namespace n
LEFT OUTER JOIN pg_catalog.pg_description d
  ON d.objoid = n.oid AND d.objsubid = 0 AND d.classoid = 'pg_namespace'::regclass
ORDER BY nspname
-- @@
SELECT p.oid, p.proname, p.pronamespace, pg_catalog.pg_get_function_arguments(p.oid) AS args,
  pg_catalog.format_type(p.prorettype, NULL) AS ret
FROM pg_catalog.pg_proc p WHERE p.pronamespace = 2200 ORDER BY p.proname
-- @@
SELECT DISTINCT dep.deptype, dep.classid, dep.objid, cl.relkind, attr.attname,
  pg_get_expr(ad.adbin, ad.adrelid) adefval,
  CASE WHEN cl.relkind IS NOT NULL THEN cl.relkind::text || COALESCE(dep.objsubid::text, '')::text
    WHEN tg.oid IS NOT NULL THEN 'T'::text
    WHEN ty.oid IS NOT NULL THEN 'y'::text
    WHEN pr.oid IS NOT NULL THEN 'p'::text
    WHEN co.oid IS NOT NULL THEN 'C'::text || contype::text
    ELSE '' END AS type,
  COALESCE(coc.relname, tgr.relname) AS ownertable,
  COALESCE(cl.relname, co.conname, pr.proname, tg.tgname, ty.typname) AS refname,
  COALESCE(nsc.nspname, nso.nspname, nsp.nspname) AS nspname
FROM pg_depend dep
LEFT JOIN pg_class cl ON dep.objid = cl.oid
LEFT JOIN pg_namespace nsc ON cl.relnamespace = nsc.oid
LEFT JOIN pg_proc pr ON dep.objid = pr.oid
LEFT JOIN pg_namespace nsp ON pr.pronamespace = nsp.oid
LEFT JOIN pg_trigger tg ON dep.objid = tg.oid
LEFT JOIN pg_class tgr ON tg.tgrelid = tgr.oid
LEFT JOIN pg_type ty ON dep.objid = ty.oid
LEFT JOIN pg_constraint co ON dep.objid = co.oid
LEFT JOIN pg_class coc ON co.conrelid = coc.oid
LEFT JOIN pg_namespace nso ON co.connamespace = nso.oid
LEFT JOIN pg_attrdef ad ON ad.oid = dep.objid
LEFT JOIN pg_attribute attr ON attr.attrelid = ad.adrelid AND attr.attnum = ad.adnum
WHERE dep.refobjid = 'people'::regclass
ORDER BY type
