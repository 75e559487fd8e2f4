import { z } from "@hono/zod-openapi";
import { storableText } from "../../../http/storable";
import { isCountryCode, isCurrencyCode, toIsoInstant } from "../../../lib/record-values";
import { sharedByKey } from "../../../lib/shared-by-key";

/**
 * POST /v1/screening/transactions (docs/decisions/pre-transaction-screening.md): a proposed
 * transaction in the field names and units of an ingested transaction record
 * (ingest/domain/records.ts), plus the entity it belongs to by stored id.
 */
const Text = sharedByKey((max: number) => z.string().trim().min(1).max(max));
const MONEY = /^\d{1,13}(\.\d{1,2})?$/;

export const ScreenTransactionBody = storableText(
  z
    .strictObject({
      customerId: z.uuid().optional().openapi({ description: "The customer (a stored customer id)" }),
      accountId: z.uuid().optional().openapi({
        description: "The account (a stored account id); with customerId it must be one of that customer's",
      }),
      agentId: Text(128)
        .nullable()
        .optional()
        .openapi({ description: "The agent's identifier, as ingested" }),
      type: z.enum(["credit", "debit"]),
      amount: z
        .string()
        .trim()
        .regex(MONEY, 'a decimal string with at most 2 fraction digits, e.g. "1250.00"')
        .refine((v) => Number(v) > 0, "must be greater than 0")
        .openapi({ description: "Major units as a decimal string, > 0 (as ingested)", example: "1250.00" }),
      currency: z
        .string()
        .trim()
        .regex(/^[A-Za-z]{3}$/)
        .refine((v) => isCurrencyCode(v.toUpperCase()), "must be an ISO 4217 currency code, e.g. GHS"),
      transactionDate: z
        .string()
        .refine((v) => toIsoInstant(v) !== null, "must be an ISO 8601 date-time with a timezone or a date")
        .optional()
        .openapi({
          description: "Default now; at most 24 hours ahead; the evaluation runs as of max(now, this)",
        }),
      category: Text(100).nullable().optional(),
      description: Text(500).nullable().optional(),
      status: Text(50).optional().openapi({ description: "Default completed (as ingested)" }),
      merchantName: Text(200).nullable().optional(),
      channel: Text(50).nullable().optional(),
      counterpartyName: Text(200).nullable().optional(),
      counterpartyAccount: Text(100).nullable().optional(),
      counterpartyCountry: z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/)
        .refine((v) => isCountryCode(v.toUpperCase()), "must be an ISO 3166-1 alpha-2 country code")
        .nullable()
        .optional(),
      windowDays: z.number().int().min(7).max(365).default(30).openapi({
        description: "Fraud and AML window in days (rules with their own window keep it), default 30",
      }),
    })
    .refine((b) => b.customerId !== undefined || b.accountId !== undefined, {
      path: ["customerId"],
      message: "customerId or accountId is required",
    }),
).openapi("ScreenTransactionRequest");

export type ScreenTransactionInput = z.infer<typeof ScreenTransactionBody>;
