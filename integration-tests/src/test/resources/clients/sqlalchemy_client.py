"""SQLAlchemy (postgresql+psycopg2) and pandas against the dpjdbc proxy.

Usage: sqlalchemy_client.py PORT USER PASSWORD
Prints one `key value` line per step. Exit code 3 when SQLAlchemy, pandas or psycopg2 is missing;
with `--no-pandas` pandas is not needed (its steps are skipped).
"""
import datetime
import decimal
import sys
import warnings

try:
    import sqlalchemy
    from sqlalchemy import create_engine, inspect, text
    import psycopg2  # noqa: F401  (the dialect's DBAPI)
except ImportError as e:
    print("missing", e)
    sys.exit(3)
try:
    import pandas as pd
except ImportError as e:
    if "--no-pandas" not in sys.argv:
        print("missing", e)
        sys.exit(3)
    pd = None

port, user, password = sys.argv[1], sys.argv[2], sys.argv[3]
engine = create_engine(
    "postgresql+psycopg2://%s:%s@localhost:%s/demo" % (user, password, port),
    connect_args={"sslmode": "disable"}, future=True)
print("sqlalchemy", sqlalchemy.__version__)


def first_line(e):
    return str(getattr(e, "orig", e)).strip().splitlines()[0]


def budget(conn):
    return dict(conn.execute(text("SHOW dp.budget")).mappings().one())


# introspection: SQLAlchemy's Inspector
insp = inspect(engine)
print("schemas", ",".join(s for s in insp.get_schema_names() if s == "public"))
print("tables", ",".join(sorted(insp.get_table_names(schema="public"))))
print("views", len(insp.get_view_names(schema="public")))
print("columns", ",".join("%s:%s" % (c["name"], c["type"]) for c in insp.get_columns("employees")))
print("pk", ",".join(insp.get_pk_constraint("employees")["constrained_columns"]))
print("fks", ",".join("%s->%s.%s" % (fk["constrained_columns"][0], fk["referred_table"],
                                      fk["referred_columns"][0])
                      for fk in insp.get_foreign_keys("employees")))
print("indexes", len(insp.get_indexes("employees")))
print("uniques", len(insp.get_unique_constraints("employees")))
print("checks", len(insp.get_check_constraints("employees")))
print("comment", insp.get_table_comment("employees")["text"])

with engine.connect() as conn:
    # text() with bound parameters of every common type
    def one(key, sql, **params):
        try:
            print(key, conn.execute(text(sql), params).scalar_one())
        except sqlalchemy.exc.DBAPIError as e:
            print(key, "ERR", e.orig.pgcode, first_line(e))
            conn.rollback()

    one("p_int", "SELECT COUNT(*) FROM employees WHERE age > :age", age=30)
    one("p_numeric", "SELECT SUM(salary) FROM employees WHERE salary > :s",
        s=decimal.Decimal("1000.25"))
    one("p_float", "SELECT AVG(salary) FROM employees WHERE salary < :s", s=150000.5)
    one("p_text", "SELECT COUNT(*) FROM employees WHERE department = :d", d="Sales")
    one("p_date", "SELECT COUNT(*) FROM employees WHERE hired >= :d", d=datetime.date(2010, 1, 1))
    one("p_timestamp", "SELECT COUNT(*) FROM employees WHERE hired < :t",
        t=datetime.datetime(2020, 6, 30, 12, 0))
    one("p_bool", "SELECT COUNT(*) FROM employees WHERE (age > 20) = :b", b=True)
    stmt = text("SELECT COUNT(*) FROM employees WHERE region IN :rs").bindparams(
        sqlalchemy.bindparam("rs", expanding=True))
    print("p_expanding", conn.execute(stmt, {"rs": ["N", "S"]}).scalar_one())
    conn.commit()

    # a server-side cursor: stream_results (a psycopg2 named cursor underneath)
    before = budget(conn)["queries"]
    conn.commit()
    streamed = conn.execute(
        text("SELECT region, COUNT(*) AS n FROM employees WHERE hired >= :d"
             " GROUP BY region ORDER BY region").execution_options(
                 stream_results=True, max_row_buffer=2), {"d": datetime.date(2000, 1, 1)})
    print("stream_regions", ",".join(r.region for r in streamed))
    conn.commit()
    print("stream_charged", budget(conn)["queries"] - before)
    conn.commit()

    # errors
    before = budget(conn)
    conn.commit()
    try:
        conn.execute(text("SELECT name FROM employees WHERE age > :a"), {"a": 30}).all()
        print("err_rowlevel none")
    except sqlalchemy.exc.DBAPIError as e:
        print("err_rowlevel", e.orig.pgcode, first_line(e))
        conn.rollback()
    try:
        conn.execute(text("SELECT COUNT(*) FROM no_such_table")).all()
        print("err_missing none")
    except sqlalchemy.exc.DBAPIError as e:
        print("err_missing", e.orig.pgcode, first_line(e))
        conn.rollback()
    print("err_budget_unchanged", budget(conn) == before)
    conn.commit()

# pandas: a grouped DP aggregate into a DataFrame
if pd is not None:
    legacy = create_engine(  # pandas 1.5 drives SQLAlchemy 1.4 in its 1.x (non-future) style
        "postgresql+psycopg2://%s:%s@localhost:%s/demo" % (user, password, port),
        connect_args={"sslmode": "disable"})
    df = pd.read_sql_query(
        text("SELECT department, COUNT(*) AS n, AVG(salary) AS avg_salary FROM employees"
             " WHERE hired BETWEEN :lo AND :hi AND age >= :age GROUP BY department"
             " ORDER BY department"),
        legacy, params={"lo": datetime.date(2005, 1, 1), "hi": datetime.date(2020, 1, 1),
                        "age": 18})
    legacy.dispose()
    print("pandas_shape", "%dx%d" % df.shape)
    print("pandas_columns", ",".join(df.columns))
    print("pandas_departments", ",".join(df["department"]))
    print("pandas_n_min", int(df["n"].min()))
    warnings.simplefilter("ignore", UserWarning)  # pandas prefers SQLAlchemy to a DBAPI connection
    raw = psycopg2.connect(host="localhost", port=port, user=user, password=password,
                           dbname="demo", sslmode="disable")
    df2 = pd.read_sql_query("SELECT region, SUM(salary) AS total FROM employees"
                            " WHERE salary > %(s)s GROUP BY region ORDER BY region",
                            raw, params={"s": 1000})
    raw.close()
    print("pandas_dbapi_regions", ",".join(df2["region"]))
engine.dispose()
print("done")
