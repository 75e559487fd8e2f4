import { env } from "cloudflare:workers";
import { ago } from "../aml/helpers";
import { call, insertAccount, insertCustomer, insertTransactions, json, type TestTenant } from "../harness";
import { CUSTOMER, REPORTING_ENTITY } from "./demo";

export interface ReportBody {
  report: {
    id: string;
    kind: string;
    caseId: string | null;
    day: string | null;
    status: string;
    sha256: string;
    transactionCount: number;
    fiuRefNumber: string | null;
    prevRejectedRefNumber: string | null;
    history: Array<{ fromStatus: string | null; toStatus: string; fiuRefNumber: string | null }>;
  };
}
export interface ErrorBody {
  error: { code: string; message: string; details?: Array<{ path: string; message: string }> };
}

/** Stores the Ghana default profile with the demo reporting entity. */
export async function setUpGoaml(t: TestTenant) {
  const { profile } = await json<{ profile: unknown }>(
    await call("GET", "/v1/goaml/profile", { key: t.key }),
  );
  const res = await call("PUT", "/v1/goaml/profile", {
    key: t.key,
    body: { profile, reportingEntity: REPORTING_ENTITY },
  });
  if (res.status !== 200) throw new Error(`profile: ${res.status} ${await res.text()}`);
}

export async function demoCustomer(t: TestTenant, txs: Parameters<typeof insertTransactions>[2]) {
  const customer = await insertCustomer(t, CUSTOMER);
  const account = await insertAccount(t, customer.id!, { type: "savings", name: "Kwame Y. Mensah" });
  const rows = await insertTransactions(t, { id: account.id!, customerId: customer.id! }, txs);
  return { customerId: customer.id!, accountId: account.id!, rows };
}

export const sha256 = async (text: string) =>
  [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");

let fixtureDays = 0;

/** A CTR report of the owner written straight to the shard and R2 (the security suite's fixture). */
export async function storedCtrReport(
  t: TestTenant,
  insert: (row: Record<string, unknown>) => Promise<void>,
) {
  const id = crypto.randomUUID();
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<report><entity_reference>CTR-security</entity_reference></report>\n`;
  const objectKey = `tenants/${t.id}/goaml/ctr/${id}.xml`;
  await env.FILES.put(objectKey, xml);
  const at = new Date().toISOString();
  // Each fixture its own day (one first CTR per tenant and day): a counter, since random days
  // collide now and then across the dozens of fixtures one security-suite tenant gets.
  const day = new Date(Date.UTC(2000, 0, 1) + fixtureDays++ * 86_400_000).toISOString().slice(0, 10);
  await insert({
    id,
    tenantId: t.id,
    kind: "ctr",
    reportDay: day,
    status: "draft",
    reportCode: "CTR",
    objectKey,
    sha256: await sha256(xml),
    sizeBytes: xml.length,
    transactionCount: 1,
    createdBy: "system",
    createdAt: at,
    updatedAt: at,
  });
  return id;
}

/** A customer with two cash deposits over GH¢50,000 and a transfer out, and its large-cash case. */
export async function largeCashCase(t: TestTenant) {
  const { customerId, rows } = await demoCustomer(t, [
    {
      amountMinor: 6_000_000,
      transactionDate: ago(3),
      channel: "cash",
      description: "Cash deposit at the counter",
    },
    {
      amountMinor: 5_500_000,
      transactionDate: ago(2),
      channel: "cash",
      description: "Cash deposit at the counter",
    },
    {
      amountMinor: 9_500_000,
      transactionDate: ago(1),
      type: "debit",
      channel: "transfer",
      description: "Transfer to Esi Boateng Enterprise",
      counterpartyName: "Esi Boateng Enterprise",
      counterpartyCountry: "GH",
    },
  ]);
  const res = await call("POST", "/v1/kyc-aml/evaluate", {
    key: t.key,
    body: { entityType: "customer", entityId: customerId, ruleIds: ["AML-LCT-001"] },
  });
  const caseId = (await json<{ result: { cases: Array<{ caseId: string }> } }>(res)).result.cases[0].caseId;
  return { customerId, caseId, rows };
}
