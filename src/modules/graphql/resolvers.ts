import { notFound } from "../../lib/errors";
import { type PageState, pagination } from "../../lib/pagination";
import { DISCLAIMER as AML_DISCLAIMER } from "../aml/schemas";
import { listRules } from "../aml/service";
import { presentRecord } from "../bhi/present";
import { BhiListQuery } from "../bhi/schemas";
import {
  calculateFromDb,
  getHistory,
  getLatest,
  getSummary,
  latestRecordsOf,
  listRecords,
} from "../bhi/service";
import { caseKindServices } from "../cases/kinds/service";
import { AccountListQuery, AgentListQuery, CustomerListQuery, TransactionListQuery } from "../data/schemas";
import {
  getAgent,
  getCustomersByIds,
  listAccounts,
  listAccountsOfCustomers,
  listAgents,
  listCustomers,
  listTransactions,
  listTransactionsOfParents,
  presentAgent,
  presentCustomer,
} from "../data/service";
import { listSubscriptions } from "../webhooks/service";
import { CalculateArgs, CustomerIdArg, IdArg, parseArgs } from "./args";
import type { GraphQLContext } from "./context";

/** Arguments as the schema wrapper hands them over: `limit`/`offset` already checked and defaulted. */
type Args = Record<string, unknown> & { limit: number; offset: number };
type Resolver = (parent: never, args: Args, g: GraphQLContext) => unknown;

const page = (args: Args) => ({
  limit: args.limit,
  offset: args.offset,
  cursor: typeof args.cursor === "string" ? args.cursor : undefined,
});
const pageOf = <T>(found: { data: T[]; page: PageState }, args: Args) => ({
  data: found.data,
  pagination: pagination(found.page, args.limit),
});
const joined = (list: unknown) => (Array.isArray(list) && list.length ? list.join(",") : undefined);
const key = (...parts: unknown[]) => JSON.stringify(parts);

interface Parent {
  id: string;
}

/**
 * Transactions of a customer or account (nested fields): the same page for every sibling
 * parent, read together in one statement.
 */
async function transactionsOf(
  g: GraphQLContext,
  parent: "customerId" | "accountId",
  parentId: string,
  args: Args,
) {
  const {
    limit: _l,
    offset: _o,
    customerId: _c,
    accountId: _a,
    ...filter
  } = parseArgs(TransactionListQuery, { ...args, [parent]: parentId });
  const found = await g.batch(key("transactions", parent, filter, page(args)), parentId, (ids) =>
    listTransactionsOfParents(g.ctx, parent, ids, filter, page(args)),
  );
  return found ?? [];
}

/** A customer by id: siblings' customers are read together, each once per request. */
async function customerOf(g: GraphQLContext, id: string) {
  const row = await g.batch("customer", id, (ids) => getCustomersByIds(g.ctx, ids));
  if (!row) throw notFound("Customer");
  return presentCustomer(row);
}

/** Case reads go through the cases module's interface over the kinds (issue 37 item 4). */
const reads = (kind: "fraud" | "aml") => caseKindServices(kind).reads;

/** A case list as the kind's GET list answers it: the filter validated by the kind's own query schema. */
async function casesOf(g: GraphQLContext, kind: "fraud" | "aml", args: Args, given: Record<string, unknown>) {
  const { listQuery, list, disclaimer } = reads(kind);
  const {
    limit: _l,
    offset: _o,
    cursor: _k,
    ...filter
  } = parseArgs(listQuery, given) as Record<string, unknown>;
  return { ...pageOf(await list(g.ctx, filter as never, page(args)), args), disclaimer };
}

const amlCaseOf = (g: GraphQLContext, id: string) =>
  g.load(key("amlCase", id), () => reads("aml").get(g.ctx, id)) as Promise<{
    history: unknown[];
    chainValid: boolean;
  }>;

export const resolvers: Record<string, Record<string, Resolver>> = {
  Query: {
    customers: async (_, args, g) => {
      const { limit: _l, offset: _o, cursor: _k, ...filter } = parseArgs(CustomerListQuery, args);
      return pageOf(await listCustomers(g.ctx, filter, page(args)), args);
    },
    customer: async (_, args, g) => {
      const { id } = parseArgs(IdArg, args);
      return customerOf(g, id);
    },
    accounts: async (_, args, g) => {
      const { limit: _l, offset: _o, cursor: _k, ...filter } = parseArgs(AccountListQuery, args);
      return pageOf(await listAccounts(g.ctx, filter, page(args)), args);
    },
    transactions: async (_, args, g) => {
      const { limit: _l, offset: _o, cursor: _k, ...filter } = parseArgs(TransactionListQuery, args);
      return pageOf(await listTransactions(g.ctx, filter, page(args)), args);
    },
    agents: async (_, args, g) => {
      const { limit: _l, offset: _o, cursor: _k, ...filter } = parseArgs(AgentListQuery, args);
      return pageOf(await listAgents(g.ctx, filter, page(args)), args);
    },
    agent: async (_, args, g) => presentAgent(await getAgent(g.ctx, String(args.agentId))),
    bhiRecords: async (_, args, g) => {
      const isLatest = typeof args.isLatest === "boolean" ? String(args.isLatest) : undefined;
      const { limit: _l, offset: _o, cursor: _k, ...filter } = parseArgs(BhiListQuery, { ...args, isLatest });
      return pageOf(await listRecords(g.ctx, filter, page(args)), args);
    },
    bhi: async (_, args, g) => {
      const { customerId } = parseArgs(CustomerIdArg, args);
      return presentRecord(await getLatest(g.ctx, customerId));
    },
    bhiHistory: async (_, args, g) => {
      const { customerId } = parseArgs(CustomerIdArg, { customerId: args.customerId });
      const { history, page: found } = await getHistory(g.ctx, customerId, page(args));
      return { customerId, ...pageOf({ data: history, page: found }, args) };
    },
    bhiSummary: (_, _args, g) => getSummary(g.ctx),
    fraudCases: (_, args, g) =>
      casesOf(g, "fraud", args, { ...args, severity: joined(args.severity), status: joined(args.status) }),
    fraudCase: async (_, args, g) => {
      const { id } = parseArgs(IdArg, args);
      return reads("fraud").get(g.ctx, id);
    },
    amlCases: (_, args, g) => casesOf(g, "aml", args, { ...args, status: joined(args.status) }),
    amlCase: async (_, args, g) => {
      const { id } = parseArgs(IdArg, args);
      return amlCaseOf(g, id);
    },
    amlRules: async (_, _args, g) => ({ ...(await listRules(g.ctx)), disclaimer: AML_DISCLAIMER }),
    webhookSubscriptions: async (_, args, g) => pageOf(await listSubscriptions(g.ctx, page(args)), args),
  },
  Mutation: {
    calculateBhi: async (_, args, g) => {
      const input = parseArgs(CalculateArgs, args);
      const result = await calculateFromDb(g.ctx, input);
      // Named customers always run at once; only an all-customers run can be queued.
      if (result.kind !== "done") throw new Error("calculateBhi: unexpected background run");
      const { outcome, total } = result;
      const { successful, failed, byBand, alertCount } = outcome;
      return { results: outcome.results, summary: { total, successful, failed, byBand, alertCount } };
    },
  },
  Customer: {
    accounts: async (parent: Parent, args, g) =>
      (await g.batch(key("accounts", page(args)), parent.id, (ids) =>
        listAccountsOfCustomers(g.ctx, ids, page(args)),
      )) ?? [],
    transactions: (parent: Parent, args, g) => transactionsOf(g, "customerId", parent.id, args),
    latestBhi: async (parent: Parent, _args, g) =>
      (await g.batch("latestBhi", parent.id, (ids) => latestRecordsOf(g.ctx, ids))) ?? null,
  },
  Account: {
    customer: (parent: Parent & { customerId: string }, _args, g) => customerOf(g, parent.customerId),
    transactions: (parent: Parent, args, g) => transactionsOf(g, "accountId", parent.id, args),
  },
  BhiRecord: {
    customer: (parent: Parent & { customerId: string }, _args, g) => customerOf(g, parent.customerId),
  },
  Transaction: {
    customer: (parent: Parent & { customerId: string }, _args, g) => customerOf(g, parent.customerId),
  },
  FraudCase: {
    events: async (parent: Parent & { events?: unknown[] }, args, g) => {
      // A case read by id comes with its events; a case from a list reads one page of them.
      if (parent.events) return parent.events.slice(args.offset, args.offset + args.limit);
      return (await reads("fraud").entries(g.ctx, parent.id, page(args))).data;
    },
  },
  AmlCase: {
    disclaimer: () => AML_DISCLAIMER,
    history: async (parent: Parent & { history?: unknown[] }, _args, g) =>
      parent.history ?? (await amlCaseOf(g, parent.id)).history,
    chainValid: async (parent: Parent & { chainValid?: boolean }, _args, g) =>
      parent.chainValid ?? (await amlCaseOf(g, parent.id)).chainValid,
  },
};
