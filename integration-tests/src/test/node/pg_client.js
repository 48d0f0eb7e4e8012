// node-postgres (pg, pg-cursor) against the dpjdbc proxy: connect, introspect, parameters of every
// common type (sent untyped, as node-postgres does), a server-side cursor, errors.
// Usage: node pg_client.js PORT USER PASSWORD   (run from this folder after `npm ci`)
// Prints one `key value` line per step. Exit code 3 when the pg package is missing.
'use strict';
let pg, Cursor;
try {
  pg = require('pg');
  Cursor = require('pg-cursor');
} catch (e) {
  console.log('pg missing: ' + e.message);
  process.exit(3);
}
const [port, user, password] = process.argv.slice(2);

async function main() {
  const client = new pg.Client({host: 'localhost', port: Number(port), user, password,
    database: 'demo', application_name: 'node-postgres-it'});
  await client.connect();
  const budget = async () => (await client.query('SHOW dp.budget')).rows[0];
  const one = async (key, sql, params) => {
    try {
      const r = await client.query(sql, params);
      const row = r.rows[0];
      console.log(key, r.rows.length === 1 && r.fields.length === 1
        ? String(row[r.fields[0].name]) : JSON.stringify(r.rows));
    } catch (e) {
      console.log(key, 'ERR', e.code, e.message);
    }
  };

  console.log('server_version', (await client.query('SHOW server_version')).rows[0].server_version);
  const tables = await client.query(
    "SELECT c.relname FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n"
    + " ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = ANY($2) ORDER BY 1",
    ['public', ['r', 'p']]);
  console.log('tables', tables.rows.map((r) => r.relname).join(','));
  const cols = await client.query(
    'SELECT a.attname FROM pg_catalog.pg_attribute a WHERE a.attrelid = $1::regclass'
    + ' AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum', ['employees']);
  console.log('columns', cols.rows.map((r) => r.attname).join(','));

  await one('p_int', 'SELECT COUNT(*) FROM employees WHERE age > $1', [30]);
  await one('p_bigint', 'SELECT COUNT(*) FROM employees WHERE id < $1::bigint', [BigInt(10) ** BigInt(12)]);
  await one('p_numeric', 'SELECT SUM(salary) FROM employees WHERE salary > $1::numeric', ['1000.25']);
  await one('p_float', 'SELECT AVG(salary) FROM employees WHERE salary < $1::float8', [150000.5]);
  await one('p_text', 'SELECT COUNT(*) FROM employees WHERE region = $1', ['N']);
  await one('p_text42', 'SELECT COUNT(*) FROM employees WHERE department <> $1', ['42']);
  await one('p_date_object', 'SELECT COUNT(*) FROM employees WHERE hired >= $1',
    [new Date(Date.UTC(2010, 0, 1))]);
  await one('p_date_string', 'SELECT COUNT(*) FROM employees WHERE hired BETWEEN $1 AND $2',
    ['2005-01-01', '2020-01-01']);
  await one('p_timestamp', 'SELECT COUNT(*) FROM employees WHERE hired < $1::timestamp',
    ['2020-06-30 12:00:00']);
  await one('p_timestamptz', 'SELECT COUNT(*) FROM employees WHERE hired < $1::timestamptz',
    ['2020-06-30T12:00:00Z']);
  await one('p_bool', 'SELECT COUNT(*) FROM employees WHERE (age > 20) = $1', [true]);
  await one('p_uuid', "SELECT c.relname FROM pg_catalog.pg_class c WHERE c.relname = 'employees'"
    + ' AND $1::uuid IS NOT NULL', ['a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11']);
  const grouped = await client.query(
    'SELECT department, COUNT(*) AS n FROM employees WHERE hired >= $1 GROUP BY department'
    + ' ORDER BY department', [new Date(Date.UTC(2000, 0, 1))]);
  console.log('grouped', grouped.rows.map((r) => r.department).join(','));

  // a server-side cursor: pg-cursor (an unnamed portal read with row limits)
  let before = (await budget()).queries;
  const cursor = client.query(new Cursor(
    'SELECT region, COUNT(*) AS n FROM employees WHERE age >= $1 GROUP BY region ORDER BY region',
    [18]));
  const pages = [];
  for (;;) {
    const rows = await cursor.read(3);
    if (rows.length === 0) break;
    pages.push(rows.map((r) => r.region).join(','));
  }
  await cursor.close();
  console.log('cursor_pages', pages.join('|'));
  console.log('cursor_charged', Number((await budget()).queries) - Number(before));

  // a SQL cursor: DECLARE / FETCH / CLOSE in a transaction
  before = (await budget()).queries;
  await client.query('BEGIN');
  await client.query('DECLARE c CURSOR FOR SELECT department, COUNT(*) FROM employees'
    + ' GROUP BY department ORDER BY department');
  const f1 = await client.query('FETCH 2 FROM c');
  const f2 = await client.query('FETCH ALL FROM c');
  await client.query('CLOSE c');
  await client.query('COMMIT');
  console.log('declare_rows', f1.rows.length + '+' + f2.rows.length);
  console.log('declare_charged', Number((await budget()).queries) - Number(before));

  // errors: data-independent ones leave the budget unchanged
  const b0 = JSON.stringify(await budget());
  await one('err_rowlevel', 'SELECT name FROM employees WHERE age > $1', [30]);
  await one('err_param', 'SELECT COUNT(*) FROM employees WHERE age > $1', ['forty']);
  await one('err_date', 'SELECT COUNT(*) FROM employees WHERE hired > $1', ['not a date']);
  await one('err_any_array', 'SELECT COUNT(*) FROM employees WHERE region = ANY($1)', [['N', 'S']]);
  console.log('err_budget_unchanged', JSON.stringify(await budget()) === b0);
  await client.end();
  console.log('done');
}

main().catch((e) => {
  console.log('fatal', e.code, e.message);
  process.exit(1);
});
