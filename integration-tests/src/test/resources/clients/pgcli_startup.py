"""The real pgcli program against the dpjdbc proxy, in a pseudo-terminal (prompt_toolkit needs one).

Usage: pgcli_startup.py PORT USER PASSWORD
Starts pgcli with HOME in a fresh directory, waits for its prompt and its background completion
refresher, sends `\\dt`, a DP aggregate, `\\d employees` and `\\q`, then prints the terminal output
between `--- output ---` and `--- end ---` and pgcli's log between `--- log ---` and `--- end ---`.
Exit code 3 when pgcli is missing, 4 when pgcli did not exit.
"""
import os
import pty
import select
import shutil
import subprocess
import sys
import tempfile
import time

pgcli = shutil.which("pgcli") or ("/usr/bin/pgcli" if os.path.exists("/usr/bin/pgcli") else None)
if pgcli is None:
    print("pgcli missing")
    sys.exit(3)
port, user, password = sys.argv[1], sys.argv[2], sys.argv[3]
home = tempfile.mkdtemp(prefix="dpjdbc-pgcli-")
env = dict(os.environ, HOME=home, PGPASSWORD=password, TERM="xterm", COLUMNS="200",
           LINES="50", PAGER="cat", LESS="", XDG_CONFIG_HOME=os.path.join(home, ".config"))
env.pop("PGSERVICEFILE", None)
master, slave = pty.openpty()
proc = subprocess.Popen(
    [pgcli, "--less-chatty", "-h", "localhost", "-p", port, "-U", user, "demo"],
    stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True, start_new_session=True)
os.close(slave)
out = bytearray()


def pump(seconds, until=None):
    """Reads the terminal for up to `seconds`, or until `until` appears after `start`."""
    start = len(out)
    deadline = time.time() + seconds
    while time.time() < deadline:
        r, _, _ = select.select([master], [], [], 0.2)
        if r:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return False
            if not chunk:
                return False
            out.extend(chunk)
            if until is not None and until in out[start:]:
                return True
        elif proc.poll() is not None:
            return False
    return False


def send(line):
    os.write(master, line.encode() + b"\r")


pump(30, b"demo>")
pump(4)  # the completion refresher runs its metadata queries in a background thread
for line, marker in [("\\dt", b"employees"),
                     ("SELECT COUNT(*) AS dp_count FROM employees WHERE age > 30", b"dp_count"),
                     ("\\d employees", b"salary")]:
    send(line)
    pump(30, marker)
    pump(1.5)
send("\\q")
pump(15)
try:
    proc.wait(timeout=15)
    code = proc.returncode
except subprocess.TimeoutExpired:
    proc.kill()
    code = None
os.close(master)
print("--- output ---")
print(out.decode("utf-8", "replace"))
print("--- end ---")
log_text = ""
for root, _dirs, files in os.walk(home):
    for f in files:
        if f == "log":
            with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
                log_text += fh.read()
print("--- log ---")
print(log_text)
print("--- end ---")
print("exit", code)
shutil.rmtree(home, ignore_errors=True)
sys.exit(0 if code is not None else 4)
