"""psycopg2 named (server-side) cursor against the dpjdbc proxy.

Usage: psycopg2_named_cursor.py PORT USER PASSWORD
Prints one line per step: `page1 <n>`, `page2 <n>`, `page3 <n>`, `regions <r,...>`,
`queries_before <q>`, `queries_after <q>`. Exit code 3 when psycopg2 is missing.
"""
import sys

try:
    import psycopg2
except ImportError:
    print("psycopg2 missing")
    sys.exit(3)

port, user, password = sys.argv[1], sys.argv[2], sys.argv[3]
conn = psycopg2.connect(host="localhost", port=port, user=user, password=password,
                        dbname="demo", sslmode="disable")


def queries():
    with conn.cursor() as c:
        c.execute("SHOW dp.budget")
        cols = [d[0] for d in c.description]
        return c.fetchone()[cols.index("queries")]


before = queries()
conn.commit()
cur = conn.cursor("c")  # DECLARE "c" CURSOR WITHOUT HOLD FOR ... then FETCH FORWARD n FROM "c"
cur.execute("SELECT region, COUNT(*) AS n FROM employees GROUP BY region ORDER BY region")
page1 = cur.fetchmany(3)
page2 = cur.fetchmany(3)
page3 = cur.fetchmany(3)
cur.close()
conn.commit()
# SQLAlchemy stream_results / itersize iteration: FETCH FORWARD itersize in a loop
cur = conn.cursor("streamed")
cur.itersize = 2
cur.execute("SELECT region, COUNT(*) AS n FROM employees GROUP BY region ORDER BY region")
streamed = [r[0] for r in cur]
cur.close()
conn.commit()
after = queries()
print("page1", len(page1))
print("page2", len(page2))
print("page3", len(page3))
print("regions", ",".join(r[0] for r in page1 + page2))
print("streamed", ",".join(streamed))
print("queries_before", before)
print("queries_after", after)
conn.close()
