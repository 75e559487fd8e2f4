/**
 * Example 1: load a customer's data (customer, account, transactions) through ingest, find
 * the customer's id, score it, and read its Business Health Index back.
 */
import { type CreditOpsClient, type components, ok, paginate, type paths } from "../src/index.js";

type CustomerRecord = components["schemas"]["CustomerRecord"];
type AccountRecord = components["schemas"]["AccountRecord"];
type TransactionRecord = components["schemas"]["TransactionRecord"];
type Ingest = paths["/v1/ingest/{resource}"]["post"];
type Resource = Ingest["parameters"]["path"]["resource"];
type IngestBody = Ingest["requestBody"]["content"]["application/json"];

export interface CustomerData {
  customer: CustomerRecord;
  accounts: AccountRecord[];
  transactions: TransactionRecord[];
}

export async function onboardAndScore(api: CreditOpsClient, data: CustomerData) {
  // Load order matters: accounts name their customer, transactions their account.
  const batches: [Resource, IngestBody][] = [
    ["customers", [data.customer]],
    ["accounts", data.accounts],
    ["transactions", data.transactions],
  ];
  for (const [resource, records] of batches) {
    const result = await ok(
      api.POST("/v1/ingest/{resource}", { params: { path: { resource } }, body: records }),
    );
    if (result.errors.length) throw new Error(`${resource}: ${JSON.stringify(result.errors)}`);
  }

  // Ingest answers counts, not ids: find the customer by its external id.
  const { externalId, externalSource, name } = data.customer;
  let customerId: string | undefined;
  const customers = paginate((page) =>
    ok(api.GET("/v1/customers", { params: { query: { ...page, search: name } } })),
  );
  for await (const c of customers) {
    if (c.externalId === externalId && c.externalSource === externalSource) customerId = c.id;
  }
  if (!customerId) throw new Error(`customer ${externalSource}/${externalId} not found after ingest`);

  await ok(api.POST("/v1/bhi/calculate-from-db", { body: { customerId } }));
  const { bhi } = await ok(api.GET("/v1/bhi/{customerId}", { params: { path: { customerId } } }));
  return { customerId, bhi };
}

/**
 * A steady small business: 20,000.00 in the bank and, every week for 12 weeks, 1,000.00 in and
 * 700.00 out (the API's methodology scores it 100, "excellent").
 */
export function steadyBusiness(externalId: string, now = new Date()): CustomerData {
  const source = "example-core";
  const accountId = `${externalId}-current`;
  const weekAgo = (k: number) => new Date(now.getTime() - (7 * k + 3) * 86_400_000).toISOString();
  const transactions = Array.from({ length: 12 }, (_, k) =>
    (["credit", "debit"] as const).map(
      (type): TransactionRecord => ({
        externalId: `${accountId}-w${k}-${type}`,
        externalSource: source,
        accountExternalId: accountId,
        type,
        amount: type === "credit" ? "1000.00" : "700.00",
        currency: "GHS",
        transactionDate: weekAgo(k),
      }),
    ),
  ).flat();
  return {
    customer: { externalId, externalSource: source, name: `Kofi Hardware ${externalId}` },
    accounts: [
      {
        externalId: accountId,
        externalSource: source,
        customerExternalId: externalId,
        currency: "GHS",
        currentBalance: "20000.00",
      },
    ],
    transactions,
  };
}
