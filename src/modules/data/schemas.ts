import { z } from "@hono/zod-openapi";
import { IsoDateTime, Money, orNull, PaginationQuery, PaginationSchema } from "../../http/openapi";
import { CONTROL_CHARACTERS, MAX_SEARCH_LENGTH } from "./domain/search";
import { FlowEnum } from "./flows/schemas";

export const CUSTOMER_STATUSES = ["active", "inactive", "suspended", "closed"] as const;
export const TRANSACTION_TYPES = ["credit", "debit"] as const;
export const AGENT_TIERS = ["basic", "standard", "premium", "super"] as const;
export const AGENT_STATUSES = ["active", "inactive", "suspended", "pending_verification"] as const;
export const AGENT_TYPES = ["individual", "corporate", "super_agent"] as const;

/** The source's creation date: shown, never scored (tenure uses activatedAt, else createdAt). */
const SourceCreatedAt = z
  .string()
  .nullable()
  .openapi({
    description:
      "The creation date the source system sent (ingest `createdAt`), kept as given; null when none was sent. " +
      "Informational only: no score uses it.",
  });
const RecordedAt = z
  .string()
  .openapi({ description: "When this service first recorded the row (never taken from a client)" });

export const CustomerSchema = z
  .object({
    id: z.uuid(),
    tenantId: z.uuid(),
    externalId: z.string(),
    externalSource: z.string(),
    type: z.string().openapi({ example: "business" }),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    status: z.enum(CUSTOMER_STATUSES),
    vertical: z.string().nullable(),
    riskLevel: z.string().nullable(),
    riskScore: z.string().nullable(),
    tags: z.array(z.string()),
    businessInfo: z.object({
      legalName: z.string().optional(),
      industry: z.string().optional(),
      registrationNumber: z.string().optional(),
      taxId: z.string().optional(),
    }),
    sourceCreatedAt: SourceCreatedAt,
    createdAt: RecordedAt,
    updatedAt: z.string(),
  })
  .openapi("Customer");

export const AccountSchema = z
  .object({
    id: z.uuid(),
    tenantId: z.uuid(),
    customerId: z.uuid(),
    externalId: z.string(),
    type: z.string(),
    name: z.string().nullable(),
    status: z.string(),
    currency: z.string(),
    currentBalance: Money,
    availableBalance: Money.nullable(),
    creditLimit: Money.nullable(),
    sourceCreatedAt: SourceCreatedAt,
    createdAt: RecordedAt,
  })
  .openapi("Account");

export const TransactionSchema = z
  .object({
    id: z.uuid(),
    tenantId: z.uuid(),
    customerId: z.uuid(),
    accountId: z.uuid(),
    agentId: z.string().nullable(),
    externalId: z.string(),
    type: z.enum(TRANSACTION_TYPES),
    category: z.string().nullable(),
    amount: Money,
    currency: z.string(),
    description: z.string().nullable(),
    status: z.string(),
    transactionDate: z.string(),
    merchantName: z.string().nullable(),
    balanceAfter: Money.nullable(),
    channel: z.string().nullable(),
    counterpartyName: z.string().nullable(),
    counterpartyCountry: z.string().nullable(),
    flow: orNull(FlowEnum).openapi({
      description:
        "Flow class (docs/methodology/flows.md): from the tenant's category mapping, loan links, own-account evidence, " +
        "the category, the description, else the direction. Own transfers, loan disbursements and refunds are not revenue. " +
        "Null only for a row stored before classification existed, until the backfill reaches it.",
    }),
  })
  .openapi("Transaction");

export const AgentSchema = z
  .object({
    id: z.uuid(),
    tenantId: z.uuid(),
    agentId: z.string().openapi({ description: "The tenant's own agent identifier" }),
    agentCode: z.string(),
    agentName: z.string().nullable(),
    agentType: z.string(),
    agentTier: z.string(),
    agentStatus: z.string(),
    floatBalance: Money,
    floatLimit: Money,
    currency: z.string(),
    region: z.string().nullable(),
    servesRegions: z.array(z.string()),
    activatedAt: z.string().nullable(),
    lastTransactionAt: z.string().nullable(),
    sourceCreatedAt: SourceCreatedAt,
    createdAt: RecordedAt,
    updatedAt: z.string(),
  })
  .openapi("Agent");

export const CustomerListQuery = PaginationQuery.extend({
  search: z
    .string()
    .trim()
    .min(1)
    .max(MAX_SEARCH_LENGTH)
    .regex(new RegExp(`^[^${CONTROL_CHARACTERS}]*$`), "must not contain control characters")
    .optional()
    .openapi({
      description: `Matches name or email (case-insensitive substring; 1 to ${MAX_SEARCH_LENGTH} characters after trimming, no control characters). Every character is literal: quotes, \`*\`, \`^\`, \`:\`, \`NEAR\`, \`AND\`/\`OR\`/\`NOT\` and \`%\`/\`_\` are matched as written.`,
    }),
  status: z.enum(CUSTOMER_STATUSES).optional(),
});

export const AccountListQuery = PaginationQuery.extend({ customerId: z.uuid().optional() });

export const TransactionListQuery = PaginationQuery.extend({
  customerId: z.uuid().optional(),
  accountId: z.uuid().optional(),
  type: z.enum(TRANSACTION_TYPES).optional(),
  flow: FlowEnum.optional().openapi({ description: "Only transactions of this flow class" }),
  startDate: IsoDateTime.optional().openapi({
    description: "Inclusive lower bound on transactionDate; not after endDate (else 400 on startDate)",
  }),
  endDate: IsoDateTime.optional().openapi({
    description: "Inclusive upper bound on transactionDate; not before startDate",
  }),
}).refine((q) => !q.startDate || !q.endDate || Date.parse(q.startDate) <= Date.parse(q.endDate), {
  message: "startDate must not be after endDate",
  path: ["startDate"],
});

export const AgentListQuery = PaginationQuery.extend({
  tier: z.enum(AGENT_TIERS).optional(),
  region: z.string().trim().min(1).max(100).optional(),
  status: z.enum(AGENT_STATUSES).optional(),
});

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ success: z.literal(true), data: z.array(item), pagination: PaginationSchema });
