import { z } from "@hono/zod-openapi";
import { IsoDateTime, PaginationQuery, PaginationSchema } from "../../http/openapi";
import { CONTROL_CHARACTERS, MAX_SEARCH_LENGTH } from "./domain/search";
import { FlowEnum } from "./flows/schemas";

export const CUSTOMER_STATUSES = ["active", "inactive", "suspended", "closed"] as const;
export const TRANSACTION_TYPES = ["credit", "debit"] as const;
export const AGENT_TIERS = ["basic", "standard", "premium", "super"] as const;
export const AGENT_STATUSES = ["active", "inactive", "suspended", "pending_verification"] as const;
export const AGENT_TYPES = ["individual", "corporate", "super_agent"] as const;

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
