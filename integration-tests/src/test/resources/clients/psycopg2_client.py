"""psycopg2 against the dpjdbc proxy: connect, introspect, typed parameters, a named cursor, errors.

Usage: psycopg2_client.py PORT USER PASSWORD
Prints one `key value` line per step (values of noisy aggregates, or `ERR <sqlstate> <message>`).
Exit code 3 when psycopg2 is missing.
"""
import datetime
import decimal
import sys
import uuid

try:
    import psycopg2
    import psycopg2.extras
except ImportError:
    print("psycopg2 missing")
    sys.exit(3)

port, user, password = sys.argv[1], sys.argv[2], sys.argv[3]
psycopg2.extras.register_uuid()
conn = psycopg2.connect(host="localhost", port=port, user=user, password=password,
                        dbname="demo", sslmode="disable", application_name="psycopg2-it")
conn.autocommit = True
cur = conn.cursor()
print("server_version", conn.server_version)


def budget():
    cur.execute("SHOW dp.budget")
    names = [d[0] for d in cur.description]
    return dict(zip(names, cur.fetchone()))


def one(key, sql, params=None):
    try:
        cur.execute(sql, params)
        rows = cur.fetchall()
        print(key, rows[0][0] if len(rows) == 1 and len(rows[0]) == 1 else rows)
    except psycopg2.Error as e:
        print(key, "ERR", e.pgcode, str(e).strip().splitlines()[0])


# introspection through pg_catalog (information_schema.tables/columns list only what the
# proxy's catalog role holds privileges on, which is nothing: see docs/clients.md)
cur.execute("SELECT c.relname FROM pg_catalog.pg_class c"
            " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
            " WHERE n.nspname = %s AND c.relkind = 'r' ORDER BY 1", ("public",))
print("tables", ",".join(r[0] for r in cur.fetchall()))
cur.execute("SELECT a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_catalog.pg_attribute a"
            " WHERE a.attrelid = %s::regclass AND a.attnum > 0 AND NOT a.attisdropped"
            " ORDER BY a.attnum", ("public.employees",))
print("columns", ",".join(r[0] + ":" + r[1] for r in cur.fetchall()))
cur.execute("SELECT * FROM departments WHERE 1 = 0")
print("description", ",".join(d.name for d in cur.description))

# aggregates with parameters of every common type (psycopg2 binds them client-side as literals)
one("p_int", "SELECT COUNT(*) FROM employees WHERE age > %s", (30,))
one("p_bigint", "SELECT COUNT(*) FROM employees WHERE id < %s", (10 ** 12,))
one("p_numeric", "SELECT COUNT(*) FROM employees WHERE salary > %s",
    (decimal.Decimal("1000.25"),))
one("p_float", "SELECT COUNT(*) FROM employees WHERE salary < %s", (150000.5,))
one("p_text", "SELECT COUNT(*) FROM employees WHERE region = %s", ("N",))
one("p_date", "SELECT COUNT(*) FROM employees WHERE hired >= %s", (datetime.date(2010, 1, 1),))
one("p_timestamp", "SELECT COUNT(*) FROM employees WHERE hired < %s",
    (datetime.datetime(2020, 6, 30, 12, 0),))
one("p_timestamptz", "SELECT COUNT(*) FROM employees WHERE hired < %s",
    (datetime.datetime(2020, 6, 30, 12, 0, tzinfo=datetime.timezone.utc),))
one("p_bool", "SELECT COUNT(*) FROM employees WHERE (age > 20) = %s", (True,))
one("p_tuple", "SELECT SUM(salary) FROM employees WHERE department IN %s", (("Sales", "Finance"),))
one("p_named", "SELECT AVG(age) FROM employees WHERE hired BETWEEN %(lo)s AND %(hi)s",
    {"lo": datetime.date(2005, 1, 1), "hi": datetime.date(2020, 1, 1)})
# uuid and arrays (= ANY) on the catalog path
one("p_uuid", "SELECT c.relname FROM pg_catalog.pg_class c"
    " WHERE c.relname = 'employees' AND %s IS NOT NULL",
    (uuid.UUID("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"),))
cur.execute("SELECT c.relname FROM pg_catalog.pg_class c"
            " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
            " WHERE n.nspname = 'public' AND c.relkind = ANY(%s) ORDER BY 1", (["r", "p"],))
print("p_array", ",".join(r[0] for r in cur.fetchall()))
cur.execute("SELECT department, COUNT(*) AS n, AVG(salary) AS avg_salary FROM employees"
            " WHERE hired BETWEEN %s AND %s GROUP BY department ORDER BY department",
            (datetime.date(2005, 1, 1), datetime.date(2020, 1, 1)))
print("grouped", ",".join(r[0] for r in cur.fetchall()))

# a named (server-side) cursor: DECLARE ... FETCH FORWARD n
conn.autocommit = False
before = budget()["queries"]
named = conn.cursor("by_region")
named.itersize = 2
named.execute("SELECT region, COUNT(*) AS n FROM employees WHERE age >= %s"
              " GROUP BY region ORDER BY region", (18,))
print("cursor_regions", ",".join(r[0] for r in named))
named.close()
conn.commit()
conn.autocommit = True
print("cursor_charged", budget()["queries"] - before)

# errors: data-independent ones leave the budget unchanged
before = budget()
try:
    cur.execute("SELECT name, salary FROM employees WHERE age > %s", (30,))
    print("err_rowlevel none")
except psycopg2.Error as e:
    print("err_rowlevel", e.pgcode, str(e).strip().splitlines()[0])
try:
    cur.execute("SELECT COUNT(*) FROM employees WHERE age > %s", ("forty",))
    print("err_param none")
except psycopg2.Error as e:
    print("err_param", e.pgcode, str(e).strip().splitlines()[0])
try:  # a list is an ARRAY[...]: = ANY over an array is refused in a DP query (use a tuple, IN)
    cur.execute("SELECT COUNT(*) FROM employees WHERE region = ANY(%s)", (["N", "S"],))
    print("err_any_array none")
except psycopg2.Error as e:
    print("err_any_array", e.pgcode, str(e).strip().splitlines()[0])
print("err_budget_unchanged", budget() == before)
conn.close()
print("done")
