"""How long the storage figures' COUNT takes for a tenant with millions of rows
(docs/decisions/fairness.md#storage-quotas). SQLite, as D1 runs it, through Python's stdlib.

python3 bench/usage-count.py [rows]   (default 10,000,000: about 80 s to build, 2.8 GB in /tmp)
"""
import os
import sqlite3
import sys
import time

rows = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000
path = "/tmp/usage-count-bench.db"
if os.path.exists(path):
    os.remove(path)
db = sqlite3.connect(path)
# The outbox's shape and its tenant index (migrations/shard: events_tenant_idx).
db.execute("CREATE TABLE events (id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, type TEXT, payload TEXT, created_at TEXT, dispatched_at TEXT)")
db.execute("CREATE INDEX events_tenant_idx ON events (tenant_id, created_at DESC, id DESC)")
started = time.time()
# Nine rows in ten belong to the measured tenant, the rest to another.
db.execute(
    """WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i < ?)
       INSERT INTO events SELECT printf('%032x', i), CASE WHEN i % 10 = 0 THEN 'other' ELSE 't1' END, 'x.y',
         '{"a":1,"customerId":"0000000000000000"}', printf('2026-01-%08d', i), NULL FROM s""",
    (rows - 1,),
)
db.commit()
print(f"built {rows} rows in {time.time() - started:.1f} s; sqlite {sqlite3.sqlite_version}; {os.path.getsize(path)} bytes")
for attempt in range(3):
    started = time.time()
    n = db.execute("SELECT count(*) FROM events WHERE tenant_id = 't1'").fetchone()[0]
    print(f"count({n} rows of one tenant): {time.time() - started:.3f} s")
os.remove(path)
