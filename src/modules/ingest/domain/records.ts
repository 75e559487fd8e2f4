import { z } from "zod";
import {
  amountToMinor,
  country,
  currency,
  externalKey,
  instant,
  money,
  moneyToMinor,
  nonNegativeAmount,
  optionalText,
  positiveMoney,
  stringList,
  text,
  toIsoInstant,
} from "../../../lib/record-values";

/**
 * Ingestion record shapes (the API's field names, docs/contract.md#ingestion). Unknown fields are ignored, so identity and
 * bookkeeping fields (id, tenantId, updatedAt) can never be set by a client. An optional
 * field that is absent keeps its stored value on upsert; `null` clears it.
 */
export const RESOURCES = ["customers", "agents", "accounts", "transactions"] as const;
export type Resource = (typeof RESOURCES)[number];

export const isResource = (value: string): value is Resource =>
  (RESOURCES as readonly string[]).includes(value);

/** A client's creation date is kept apart (sourceCreatedAt): it never backdates a stored row or drives a score. */
const sourceCreatedAt = instant
  .describe(
    "The source system's creation date. Stored and shown as `sourceCreatedAt`; the row's `createdAt` is when this " +
      "service first recorded it. No score uses it (agent tenure uses `activatedAt`).",
  )
  .optional();

export const customerRecord = z.object({
  externalId: externalKey,
  externalSource: externalKey,
  name: text(200),
  type: text(50).optional(),
  email: z.email("must be an email address").max(254).nullable().optional(),
  phone: optionalText(50),
  status: z.enum(["active", "inactive", "suspended", "closed"]).optional(),
  vertical: optionalText(100),
  riskLevel: optionalText(50),
  // A number is taken as its decimal string (the API types riskScore as a string).
  riskScore: z.preprocess((v) => (typeof v === "number" ? String(v) : v), text(20).nullable()).optional(),
  tags: stringList.nullable().optional(),
  businessInfo: z
    .object({
      legalName: optionalText(200),
      industry: optionalText(100),
      registrationNumber: optionalText(100),
      taxId: optionalText(100),
    })
    .nullable()
    .optional(),
  createdAt: sourceCreatedAt,
});

const linkSource = externalKey.optional();

export const accountRecord = z.object({
  externalId: externalKey,
  externalSource: externalKey,
  customerId: z.uuid().optional(),
  customerExternalId: externalKey.optional(),
  customerExternalSource: linkSource,
  type: text(50).optional(),
  name: optionalText(200),
  status: text(50).optional(),
  currency,
  currentBalance: money,
  availableBalance: money.nullable().optional(),
  creditLimit: money.nullable().optional(),
  createdAt: sourceCreatedAt,
});

export const transactionRecord = z.object({
  externalId: externalKey,
  externalSource: externalKey,
  accountId: z.uuid().optional(),
  accountExternalId: externalKey.optional(),
  accountExternalSource: linkSource,
  type: z.enum(["credit", "debit"]),
  amount: positiveMoney,
  currency,
  transactionDate: instant,
  category: optionalText(100),
  description: optionalText(500),
  // Lower case, so "FAILED" and "failed" are the same status to every module (FAILED_STATUSES).
  status: text(50)
    .transform((s) => s.toLowerCase())
    .optional(),
  merchantName: optionalText(200),
  balanceAfter: money.nullable().optional(),
  agentId: externalKey.nullable().optional(),
  channel: optionalText(50),
  counterpartyName: optionalText(200),
  counterpartyAccount: optionalText(100),
  counterpartyCountry: country.nullable().optional(),
});

export const agentRecord = z.object({
  agentId: externalKey,
  agentCode: text(64),
  agentName: optionalText(200),
  agentType: z.enum(["individual", "corporate", "super_agent"]).optional(),
  agentTier: z.enum(["basic", "standard", "premium", "super"]),
  agentStatus: z.enum(["active", "inactive", "suspended", "pending_verification"]),
  floatBalance: nonNegativeAmount,
  floatLimit: nonNegativeAmount,
  currency: currency.optional(),
  region: optionalText(100),
  servesRegions: stringList.nullable().optional(),
  activatedAt: instant
    .nullable()
    .describe(
      "When the agent started operating; agent tenure is measured from it (else from first recorded here)",
    )
    .optional(),
  lastTransactionAt: instant.nullable().optional(),
  createdAt: sourceCreatedAt,
  externalSource: externalKey.optional(),
  externalId: externalKey.optional(),
});

export const recordSchemas = {
  customers: customerRecord,
  accounts: accountRecord,
  transactions: transactionRecord,
  agents: agentRecord,
} as const;

/** The schema inside optional/nullable/default wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault) {
    inner = inner.unwrap() as z.ZodType;
  }
  return inner;
}

/** The CSV header cells a resource accepts: its fields, and `parent.child` for object fields. */
export function csvColumns(resource: Resource): ReadonlySet<string> {
  const columns = new Set<string>();
  for (const [name, field] of Object.entries(recordSchemas[resource].shape)) {
    const inner = unwrap(field as z.ZodType);
    if (inner instanceof z.ZodObject) {
      for (const child of Object.keys(inner.shape)) columns.add(`${name}.${child}`);
    } else {
      columns.add(name);
    }
  }
  return columns;
}

export type CustomerRecord = z.infer<typeof customerRecord>;
export type AccountRecord = z.infer<typeof accountRecord>;
export type TransactionRecord = z.infer<typeof transactionRecord>;
export type AgentRecord = z.infer<typeof agentRecord>;

/** One message per bad field: "amount: must be greater than 0; currency: ...". */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.join(".");
      const message =
        issue.code === "invalid_type" && issue.input === undefined ? "is required" : issue.message;
      return path ? `${path}: ${message}` : message;
    })
    .join("; ");
}

/** Drops undefined so "absent" survives JSON (absent keeps the stored value). */
export function compact<T extends Record<string, unknown>>(row: T): T {
  for (const key of Object.keys(row)) if (row[key] === undefined) delete row[key];
  return row;
}

/**
 * businessInfo is replaced as a whole, so a null inside it means "no value": the key is
 * dropped and reads never show null there (Customer.businessInfo.* are optional strings).
 */
const presentOnly = (info: Record<string, string | null | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(info).filter((e): e is [string, string] => typeof e[1] === "string"));

const instantOrNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null ? null : toIsoInstant(v);
const minorOrNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null ? null : moneyToMinor(v);

/** Column values (camelCase column keys) of a valid customer record. */
export const customerRow = (r: CustomerRecord) =>
  compact({
    externalId: r.externalId,
    externalSource: r.externalSource,
    name: r.name,
    type: r.type,
    email: r.email === undefined ? undefined : (r.email?.toLowerCase() ?? null),
    phone: r.phone,
    status: r.status,
    vertical: r.vertical,
    riskLevel: r.riskLevel,
    riskScore: r.riskScore === undefined || r.riskScore === null ? r.riskScore : String(r.riskScore),
    tags: r.tags === undefined ? undefined : (r.tags ?? []),
    businessInfo: r.businessInfo === undefined ? undefined : presentOnly(r.businessInfo ?? {}),
    sourceCreatedAt: instantOrNull(r.createdAt) ?? undefined,
  });

export const accountRow = (r: AccountRecord, customerId: string) =>
  compact({
    externalId: r.externalId,
    externalSource: r.externalSource,
    customerId,
    type: r.type,
    name: r.name,
    status: r.status,
    currency: r.currency.toUpperCase(),
    currentBalanceMinor: moneyToMinor(r.currentBalance),
    availableBalanceMinor: minorOrNull(r.availableBalance),
    creditLimitMinor: minorOrNull(r.creditLimit),
    sourceCreatedAt: instantOrNull(r.createdAt) ?? undefined,
  });

export const transactionRow = (r: TransactionRecord, account: { id: string; customerId: string }) =>
  compact({
    externalId: r.externalId,
    externalSource: r.externalSource,
    accountId: account.id,
    customerId: account.customerId,
    agentId: r.agentId,
    type: r.type,
    category: r.category,
    amountMinor: moneyToMinor(r.amount),
    currency: r.currency.toUpperCase(),
    description: r.description,
    status: r.status,
    transactionDate: toIsoInstant(r.transactionDate)!,
    merchantName: r.merchantName,
    balanceAfterMinor: minorOrNull(r.balanceAfter),
    channel: r.channel,
    counterpartyName: r.counterpartyName,
    counterpartyAccount: r.counterpartyAccount,
    counterpartyCountry:
      r.counterpartyCountry === undefined ? undefined : (r.counterpartyCountry?.toUpperCase() ?? null),
  });

/** Default external identity of an agent: source "api", id = the agent identifier. */
export const agentIdentity = (r: AgentRecord) => ({
  externalSource: r.externalSource ?? "api",
  externalId: r.externalId ?? r.agentId,
});

export const agentRow = (r: AgentRecord) =>
  compact({
    ...agentIdentity(r),
    agentId: r.agentId,
    agentCode: r.agentCode,
    agentName: r.agentName,
    agentType: r.agentType,
    agentTier: r.agentTier,
    agentStatus: r.agentStatus,
    floatBalanceMinor: amountToMinor(r.floatBalance),
    floatLimitMinor: amountToMinor(r.floatLimit),
    currency: r.currency?.toUpperCase(),
    region: r.region,
    servesRegions: r.servesRegions === undefined ? undefined : (r.servesRegions ?? []),
    activatedAt: instantOrNull(r.activatedAt),
    lastTransactionAt: instantOrNull(r.lastTransactionAt),
    sourceCreatedAt: instantOrNull(r.createdAt) ?? undefined,
  });

/** The identity key of a record within its resource. */
export const identityKey = (source: string, id: string): string => JSON.stringify([source, id]);
