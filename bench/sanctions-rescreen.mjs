#!/usr/bin/env node
// Sanctions rescreen in the Worker (issue 39 item 5): the built Worker under plain Miniflare (real
// local D1, Queues). A tenant with `customers` customers (seeded straight into its shard: realistic
// names from bench/sanctions/synthetic.mjs, none written to match), subscribed to a national_csv
// list of `entries` entries; the operator loads the next version, which changes `diff` entries (half
// changed, half added), and the Worker rescreens the book against the diff on the jobs queue
// (`sanctions.screen {listId, version}`, page after page). Timed from the load request to the end
// of the run: the customer with the largest id (the last page's) is named as a diff entry, so its
// case appears when the last page is screened. Prints the seconds, customers/s and the cases opened.
// Usage: node bench/sanctions-rescreen.mjs [customers=100000] [diff=500] [entries=5000]
import { loadavg } from "node:os";
import { figure } from "./lib/figures.mjs";
import { seqUuid } from "./lib/seeded.mjs";
import { ADMIN_TOKEN, api, startService } from "./lib/server.mjs";
import { syntheticEntries, syntheticQueries } from "./sanctions/synthetic.mjs";

const [CUSTOMERS = 100_000, DIFF = 500, ENTRIES = 5_000] = process.argv.slice(2).map(Number);
const TIMEOUT_MS = 10 * 60_000;
const LIST = "bench-national";

const csvOf = (entries) =>
  [
    "reference,type,name,aliases,weak_aliases,date_of_birth,nationality,program,remarks",
    ...entries.map((e) => {
      const of = (strength) =>
        e.names
          .filter((n) => n.strength === strength)
          .map((n) => n.name)
          .join(";");
      return [
        e.ref,
        e.kind,
        e.names[0].name,
        of("strong"),
        of("weak"),
        e.datesOfBirth[0] ?? "",
        "",
        "Bench",
        "",
      ]
        .map((v) => (/[",]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v))
        .join(",");
    }),
  ].join("\n");

const service = await startService();
try {
  const created = await api(service.url, ADMIN_TOKEN, "POST", "/admin/tenants", {
    name: "Rescreen",
    shard: 0,
  });
  const tenant = { id: created.body.tenant.id, key: created.body.apiKey.key };

  // The list: version 1, then version 2 with DIFF entries changed (an alias more) or added.
  const v1 = syntheticEntries(ENTRIES, 39);
  const changed = v1.slice(0, DIFF / 2).map((e) => ({
    ...e,
    names: [...e.names, { name: `${e.names[0].name} Junior`, strength: "strong" }],
  }));
  const added = syntheticEntries(DIFF - changed.length, 40).map((e, i) => ({ ...e, ref: `NEW-${i}` }));
  const v2 = [...changed, ...v1.slice(changed.length), ...added];

  // The book: names drawn from the same pools (variants of people who are not listed, and fresh
  // names), so the common tokens crowd as they do in a real book; the last one is a listed name.
  const names = syntheticQueries(syntheticEntries(20_000, 77), CUSTOMERS, 43).map((q) => q.name);
  names[CUSTOMERS - 1] = added[0].names[0].name;
  const shard = await service.mf.getD1Database("SHARD_0");
  let started = performance.now();
  for (let i = 0; i < CUSTOMERS; i += 2_000) {
    const part = JSON.stringify(names.slice(i, i + 2_000));
    await shard
      .prepare(
        `INSERT INTO customers (id, tenant_id, external_id, external_source, type, name, status, tags, business_info, created_at, updated_at)
         SELECT ${seqUuid("00000000", "(?2 + j.key)")}, ?1, 'cus-' || (?2 + j.key), 'bench',
           CASE WHEN j.key % 4 = 0 THEN 'business' ELSE 'individual' END, j.value, 'active', '[]', '{}',
           strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         FROM json_each(?3) AS j`,
      )
      .bind(tenant.id, i, part)
      .run();
  }
  const lastId = `00000000-0000-4000-8000-${String(CUSTOMERS - 1).padStart(12, "0")}`;
  console.log(
    `seeded ${CUSTOMERS.toLocaleString()} customers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const load = (entries, publicationDate) =>
    api(service.url, ADMIN_TOKEN, "POST", `/admin/sanctions/lists/${LIST}/versions`, {
      format: "national_csv",
      content: csvOf(entries),
      publicationDate,
    });
  const first = await load(v1, "2026-10-01");
  if (first.status !== 201) throw new Error(`load v1: ${first.status} ${JSON.stringify(first.body)}`);
  const settings = await api(service.url, tenant.key, "PUT", "/v1/sanctions/settings", { lists: [LIST] });
  if (settings.status !== 200)
    throw new Error(`settings: ${settings.status} ${JSON.stringify(settings.body)}`);

  console.log(
    `load average before the rescreen ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  started = performance.now();
  const second = await load(v2, "2026-10-08");
  if (second.status !== 201) throw new Error(`load v2: ${second.status} ${JSON.stringify(second.body)}`);
  const loadedMs = performance.now() - started;
  const { added: a, changed: c } = second.body.version;
  console.log(
    `version 2 loaded in ${loadedMs.toFixed(0)} ms: ${a} added, ${c} changed; rescreens ${second.body.rescreens}`,
  );

  const casesOf = (query) =>
    api(service.url, tenant.key, "GET", `/v1/sanctions/cases?limit=1${query}`).then((r) => r.body);
  for (;;) {
    if ((await casesOf(`&subjectId=${lastId}`)).data?.length > 0) break;
    if (performance.now() - started > TIMEOUT_MS)
      throw new Error("the rescreen did not finish in 10 minutes");
    await new Promise((r) => setTimeout(r, 200));
  }
  const seconds = (performance.now() - started) / 1000;
  const opened = (await casesOf("")).pagination?.total;
  console.log(
    `rescreen of ${CUSTOMERS.toLocaleString()} customers against a ${a + c}-entry diff: ${seconds.toFixed(1)} s ` +
      `(${Math.round(CUSTOMERS / seconds).toLocaleString()} customers/s), ${opened} cases opened; ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
  );
  figure(
    `sanctions.rescreen_s@${CUSTOMERS}x${a + c}`,
    seconds,
    "s",
    CUSTOMERS >= 100_000 ? { max: 60 } : null,
  );
} finally {
  await service.dispose();
}
