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
