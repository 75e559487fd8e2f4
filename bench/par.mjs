#!/usr/bin/env node
// Portfolio at risk at scale: seeds a tenant with 100,000 loans and 2,000,000 installments (20
// monthly installments each, a deterministic share paid, the per-loan derived columns set the
// way ingest sets them) plus three month-end snapshots of every loan (history and roll rates),
// then times GET /v1/lending/portfolio-at-risk (tenant, by branch, by segment) and a filtered
// GET /v1/loans, printing seconds (median of --runs, default 3) and the D1 statements
// (x-d1-queries). `--loans N` for a reduced size (installments stay 20 per loan).
// Served by plain Miniflare over the built Worker (bench/lib/server.mjs); state under
// bench/.data/par (gitignored), reused unless --fresh.
import { benchState, seededTenant, seedRows, seqUuid } from "./lib/seeded.mjs";
import { startService } from "./lib/server.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const LOANS = arg("--loans", 100_000);
const PER_LOAN = 20;
const CUSTOMERS = Math.max(1, Math.floor(LOANS / 10));
const RUNS = arg("--runs", 3);
const state = benchState(`par-${LOANS}`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Loan i was disbursed (i % 24) + 1 months before today; installment k (1..20) is due k months
// after that; the first `paid(i)` installments are paid, so loans spread over every bucket.
const months = "((i % 24) + 1)";
const paid = `MIN(${PER_LOAN}, MAX(0, ${months} - ((i * 7) % 5)))`;
const dueOf = (k) => `date('now', '-' || ${months} || ' months', '+' || (${k}) || ' months')`;

async function seed(mf, tenantId) {
  const db = await mf.getD1Database("SHARD_0");
  const t0 = performance.now();
  const now = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
  await seedRows(
    db,
    tenantId,
    { total: CUSTOMERS, chunk: 50_000 },
    `
    INSERT INTO customers (id, tenant_id, external_id, external_source, type, name, status, vertical, tags, business_info, created_at, updated_at)
    SELECT ${seqUuid("00000000", "i")}, ?1, 'cus-' || i, 'bench', 'business', 'Borrower ' || i, 'active',
      CASE i % 3 WHEN 0 THEN 'retail' WHEN 1 THEN 'agri' ELSE 'services' END, '[]', '{}', ${now}, ${now} FROM seq`,
  );
  await seedRows(
    db,
    tenantId,
    { total: LOANS, chunk: 50_000, label: "loans" },
    `
    INSERT INTO loans (id, tenant_id, external_source, external_id, customer_id, product, principal_minor, interest_rate,
      term_count, term_unit, disbursement_date, status, branch, officer, currency, outstanding_principal_minor,
      outstanding_total_minor, oldest_unpaid_due_date, state_bucket, state_repaid, created_at, updated_at)
    SELECT ${seqUuid("30000000", "i")}, ?1, 'bench', 'loan-' || i, ${seqUuid("00000000", `i % ${CUSTOMERS}`)},
      CASE i % 2 WHEN 0 THEN 'micro' ELSE 'sme' END, ${PER_LOAN} * 100000, '24', ${PER_LOAN}, 'months',
      date('now', '-' || ${months} || ' months'), 'active', 'branch-' || (i % 40), 'officer-' || (i % 200), 'GHS',
      (${PER_LOAN} - ${paid}) * 100000, (${PER_LOAN} - ${paid}) * 110000,
      CASE WHEN ${paid} >= ${PER_LOAN} THEN NULL ELSE ${dueOf(`${paid} + 1`)} END, 'current', 0, ${now}, ${now} FROM seq`,
  );
  await seedRows(
    db,
    tenantId,
    { total: LOANS * PER_LOAN, chunk: 100_000, label: "installments" },
    `
    INSERT INTO loan_installments (tenant_id, loan_id, seq, due_date, principal_due_minor, interest_due_minor, fee_due_minor,
      principal_paid_minor, interest_paid_minor, fee_paid_minor)
    SELECT ?1, ${seqUuid("30000000", `i / ${PER_LOAN}`)}, (i % ${PER_LOAN}) + 1,
      date('now', '-' || (((i / ${PER_LOAN}) % 24) + 1) || ' months', '+' || ((i % ${PER_LOAN}) + 1) || ' months'),
      100000, 9000, 1000,
      CASE WHEN (i % ${PER_LOAN}) + 1 <= MIN(${PER_LOAN}, MAX(0, (((i / ${PER_LOAN}) % 24) + 1) - (((i / ${PER_LOAN}) * 7) % 5))) THEN 100000 ELSE 0 END,
      CASE WHEN (i % ${PER_LOAN}) + 1 <= MIN(${PER_LOAN}, MAX(0, (((i / ${PER_LOAN}) % 24) + 1) - (((i / ${PER_LOAN}) * 7) % 5))) THEN 9000 ELSE 0 END,
      CASE WHEN (i % ${PER_LOAN}) + 1 <= MIN(${PER_LOAN}, MAX(0, (((i / ${PER_LOAN}) % 24) + 1) - (((i / ${PER_LOAN}) * 7) % 5))) THEN 1000 ELSE 0 END
    FROM seq`,
  );
  for (const back of [1, 2, 3]) {
    const monthEnd = `date('now', 'start of month', '-${back - 1} months', '-1 day')`;
    await seedRows(
      db,
      tenantId,
      { total: LOANS, chunk: 50_000, label: `snapshot rows (${back} month-ends back)` },
      `
      INSERT INTO lending_snapshots (tenant_id, month_end, loan_id, currency, dpd, bucket, outstanding_principal_minor,
        branch, product, officer, segment, created_at)
      SELECT ?1, ${monthEnd}, ${seqUuid("30000000", "i")}, 'GHS', d, CASE WHEN d = 0 THEN 'current' WHEN d <= 30 THEN '1-30'
        WHEN d <= 60 THEN '31-60' WHEN d <= 90 THEN '61-90' ELSE '90+' END, 100000 * (1 + i % 20), 'branch-' || (i % 40),
        'micro', 'officer-' || (i % 200), 'retail', ${now}
      FROM (SELECT i, ((i * 13 + ${back} * 29) % 7) * ((i * 13 + ${back} * 29) % 23) AS d FROM seq)`,
    );
  }
  // Roll rates as the daily job stores them with each later month-end (portfolio/repo.writeRollRates).
  for (const back of [1, 2]) {
    const to = `date('now', 'start of month', '-${back - 1} months', '-1 day')`;
    await db
      .prepare(`INSERT OR IGNORE INTO lending_roll_rates (tenant_id, from_month, to_month, currency, from_bucket,
        to_bucket, loans, principal_minor, created_at)
      SELECT ?1, a.month_end, ${to}, a.currency, a.bucket, COALESCE(b.bucket, 'closed'), COUNT(*),
        SUM(a.outstanding_principal_minor), ${now}
      FROM lending_snapshots a
      LEFT JOIN lending_snapshots b ON b.tenant_id = ?1 AND b.loan_id = a.loan_id AND b.month_end = ${to}
      WHERE a.tenant_id = ?1 AND a.month_end = date(${to}, 'start of month', '-1 day')
      GROUP BY a.currency, a.bucket, COALESCE(b.bucket, 'closed')`)
      .bind(tenantId)
      .run();
  }
  return (performance.now() - t0) / 1000;
}

async function timed(url, key, path) {
  const t0 = performance.now();
  const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${key}` } });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return { seconds: (performance.now() - t0) / 1000, queries: res.headers.get("x-d1-queries"), body };
}

const service = await startService({ persistTo: state });
try {
  const tenant = await seededTenant(
    service.url,
    state,
    { name: "PAR bench", shard: 0, settings: { currency: "GHS" } },
    `${LOANS.toLocaleString()} loans, ${(LOANS * PER_LOAN).toLocaleString()} installments`,
    (id) => seed(service.mf, id),
  );
  const paths = [
    "/v1/lending/portfolio-at-risk",
    "/v1/lending/portfolio-at-risk?groupBy=branch",
    "/v1/lending/portfolio-at-risk?groupBy=segment",
    "/v1/loans?arrearsBucket=90%2B&limit=50",
  ];
  for (const path of paths) {
    const runs = [];
    let last;
    for (let r = 0; r < RUNS; r++) {
      last = await timed(service.url, tenant.key, path);
      runs.push(last.seconds);
    }
    const b = last.body;
    const summary = b.portfolio
      ? `loans ${b.portfolio.loans}, PAR1 ${b.portfolio.par1}, PAR30 ${b.portfolio.par30}, PAR90 ${b.portfolio.par90}, groups ${b.groups.length}, history ${b.history.length}, roll months ${b.rollRates.length}`
      : `total ${b.pagination.total}`;
    console.log(
      `${path}: median ${median(runs).toFixed(3)} s over ${RUNS} (runs ${runs.map((s) => s.toFixed(3)).join(", ")}), D1 statements ${last.queries}; ${summary}`,
    );
  }
} finally {
  await service.dispose();
}
