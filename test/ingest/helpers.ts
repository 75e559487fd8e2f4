import { call, json, type TestTenant } from "../harness";

export interface IngestBody {
  success: boolean;
  recordsWritten: number;
  errors: { index: number; message: string }[];
}

export async function ingest(
  tenant: TestTenant,
  resource: string,
  body: unknown,
  contentType = "application/json",
): Promise<IngestBody & { status: number }> {
  const res = await call("POST", `/v1/ingest/${resource}`, {
    key: tenant.key,
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": contentType },
  });
  return { status: res.status, ...(await json<IngestBody>(res)) };
}

export const customer = (i: number, extra: Record<string, unknown> = {}) => ({
  externalId: `C-${i}`,
  externalSource: "core",
  name: `Customer ${i}`,
  email: `c${i}@example.com`,
  ...extra,
});

export const account = (i: number, customerExternalId: string, extra: Record<string, unknown> = {}) => ({
  externalId: `A-${i}`,
  externalSource: "core",
  customerExternalId,
  currency: "GHS",
  currentBalance: "1000.00",
  ...extra,
});

export const transaction = (i: number, accountExternalId: string, extra: Record<string, unknown> = {}) => ({
  externalId: `T-${i}`,
  externalSource: "core",
  accountExternalId,
  type: i % 3 === 0 ? "debit" : "credit",
  amount: `${100 + (i % 50)}.25`,
  currency: "GHS",
  transactionDate: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  description: `Payment ${i}, invoice "${i}"`,
  channel: "mobile_money",
  ...extra,
});
