import { insertAccount, insertAgent, insertCustomer, insertTransactions, type TestTenant } from "../harness";
import { pathFixtures } from "../security/fixtures";

/**
 * A tenant with a little data, and the ids of its objects by parameter name, so that generated
 * path and body ids are mostly real objects (of the sender, or of another tenant for the
 * cross-tenant mutation). The path objects come from the security suite's fixtures, which
 * already know how to make one object for every templated path.
 */
export interface FuzzTenant {
  tenant: TestTenant;
  idsFor(template: string): Record<string, string[]>;
}

/** Built-in workflows: every tenant has the same set (x-shared-catalog). */
const WORKFLOWS = ["bhi-refresh", "risk-review", "monthly-reports"];

const fixtureKey = (template: string) =>
  Object.keys(pathFixtures)
    .filter((prefix) => template.startsWith(prefix))
    .sort((a, b) => b.length - a.length)[0];

export async function seedTenant(tenant: TestTenant, templates: string[]): Promise<FuzzTenant> {
  const customer = await insertCustomer(tenant, { name: "Fuzz Customer" });
  const account = await insertAccount(tenant, customer.id!);
  const day = 86_400_000;
  await insertTransactions(
    tenant,
    { id: account.id!, customerId: customer.id! },
    Array.from({ length: 8 }, (_, i) => ({
      amountMinor: 10_000 + i * 2_500,
      type: i % 3 === 0 ? "debit" : "credit",
      transactionDate: new Date(Date.now() - i * 7 * day).toISOString(),
    })),
  );
  const agent = await insertAgent(tenant);
  const body: Record<string, string[]> = {
    customerId: [customer.id!],
    accountId: [account.id!],
    agentId: [agent.agentId],
    workflowId: WORKFLOWS,
  };
  const byFixture = new Map<string, Record<string, string>>();
  for (const key of new Set(templates.map(fixtureKey).filter(Boolean)))
    byFixture.set(key, await pathFixtures[key](tenant));
  for (const params of byFixture.values())
    for (const [name, id] of Object.entries(params)) if (name === "customerId") body.customerId.push(id);
  return {
    tenant,
    idsFor(template) {
      const fixture = byFixture.get(fixtureKey(template) ?? "") ?? {};
      return { ...body, ...Object.fromEntries(Object.entries(fixture).map(([k, v]) => [k, [v]])) };
    },
  };
}
