import { z } from "@hono/zod-openapi";
import { Money, orNull } from "../../http/openapi";
import { FlowEnum } from "./flows/schemas";
import { CUSTOMER_STATUSES, TRANSACTION_TYPES } from "./schemas";

// Response shapes of modules/data: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

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
