import type { z } from "@hono/zod-openapi";
import {
  accountRecord,
  agentRecord,
  customerRecord,
  type Resource,
  transactionRecord,
} from "./domain/records";

/** Record shapes as named OpenAPI components (the same zod schemas validate each record). */
export const RECORD_COMPONENTS: Record<Resource, { name: string; schema: z.ZodType }> = {
  customers: { name: "CustomerRecord", schema: customerRecord },
  accounts: { name: "AccountRecord", schema: accountRecord },
  transactions: { name: "TransactionRecord", schema: transactionRecord },
  agents: { name: "AgentRecord", schema: agentRecord },
};
