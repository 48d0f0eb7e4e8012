"""pgcli's own metadata queries (pgcli.pgexecute.PGExecute, as its completion refresher runs them)
against the dpjdbc proxy.

Usage: pgcli_metadata.py PORT USER PASSWORD
Prints `<method> <n> <first items>` per method, or `<method> ERR <sqlstate> <message>`.
Exit code 3 when pgcli is missing.
"""
import sys

try:
    from pgcli.pgexecute import PGExecute
except ImportError:
    print("pgcli missing")
    sys.exit(3)

port, user, password = sys.argv[1], sys.argv[2], sys.argv[3]
ex = PGExecute("demo", user, password, "localhost", port, None, sslmode="disable")
for name in ["search_path", "schemata", "tables", "views", "table_columns", "view_columns",
             "databases", "functions", "datatypes", "foreignkeys"]:
    try:
        items = list(getattr(ex, name)())
        shown = [str(i if not isinstance(i, tuple) else ".".join(str(x) for x in i[:3]))
                 for i in items if "employees" in str(i) or "departments" in str(i)
                 or name in ("search_path", "schemata", "databases")]
        print(name, len(items), "|".join(shown[:12]))
    except Exception as e:  # pgcli raises psycopg2 errors
        print(name, "ERR", getattr(e, "pgcode", None), str(e).strip().splitlines()[0])
print("done")
