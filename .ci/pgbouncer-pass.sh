#!/usr/bin/env bash
# The server tests that matter to several app machines on one primary, run with the app reaching
# PostgreSQL through PgBouncer in transaction mode (docs/scaling.md "PgBouncer"): money under
# concurrency across two server processes, WORKERS=2, a worker process, migrations at start (and
# four at once on a new database), the advisory locks' races, the job schedule across two
# connections. Each test file's database is made and dropped directly (TEST_DATABASE_URL); the app,
# its second connections and the server processes it starts go through 127.0.0.1:6432
# (TEST_PGBOUNCER_URL). Debian 12's PgBouncer 1.18 keeps no named prepared statement across server
# connections, so the app runs with DATABASE_NAMED_STATEMENTS=false. Prints how long it took.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${TEST_DATABASE_URL:?the PostgreSQL that makes the test databases, e.g. postgres://postgres@127.0.0.1:5432/postgres}"

bash .ci/pgbouncer.sh
started=$SECONDS
# Only the tests that run on PostgreSQL alone (their describe says so) and the job schedule's two
# processes: the rest of these files ran in the PostgreSQL pass already. Left out as well: the
# killed-worker test (the process supervisor, not the database) and the schedule's retry test (one
# process, timed by 50 ms pauses that a loaded machine overran once behind PgBouncer).
TEST_PGBOUNCER_URL=postgres://postgres@127.0.0.1:6432/ DATABASE_NAMED_STATEMENTS=false \
  npx vitest run --project server \
  -t '^(?!.*(mid-stream|retries a failed slot)).*(PostgreSQL|WORKERS=2|persisted job schedule)' \
  apps/server/test/db/pgbouncer.test.ts \
  apps/server/test/wallet/concurrency.test.ts \
  apps/server/test/compensation/concurrency.test.ts \
  apps/server/test/main.test.ts \
  apps/server/test/jobs/schedule.test.ts \
  apps/server/test/promotions/promocodes.test.ts \
  apps/server/test/notifications/chatbot.test.ts
echo "PgBouncer pass: $((SECONDS - started)) s"
