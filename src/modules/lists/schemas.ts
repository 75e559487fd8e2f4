import { z } from "@hono/zod-openapi";
import { booleanQuery, IsoDateTime, PaginationQuery, PaginationSchema, uuidParam } from "../../http/openapi";
import {
  ENTITY_TYPES,
  ENTRY_TYPES,
  entryTypeFor,
  LIST_KINDS,
  MAX_ENTRIES_PER_LIST,
  MAX_ENTRIES_PER_REQUEST,
  MAX_LISTS_PER_TENANT,
} from "./domain/kinds";

export const LIMITS_TEXT =
  `A tenant holds at most ${MAX_LISTS_PER_TENANT} live lists and a list at most ` +
  `${MAX_ENTRIES_PER_LIST} entries; one request adds at most ${MAX_ENTRIES_PER_REQUEST}.`;

const Name = z.string().trim().min(1).max(100).openapi({ example: "FATF grey list" });
const Description = z.string().trim().max(500);

export const ListKindSchema = z.enum(LIST_KINDS).openapi({
  description:
    "high_risk_countries: ISO 3166-1 alpha-2 codes (the geography rule reads the union of live ones); " +
    "watchlist: names, phones, account numbers or counterparties; allowlist: entities cleared for a rule or all rules",
});

export const CreateListBody = z
  .strictObject({
    name: Name,
    kind: ListKindSchema,
    entryType: z
      .enum(ENTRY_TYPES)
      .optional()
      .openapi({
        description:
          "watchlist: required, one of name, phone, account_number, counterparty; " +
          "high_risk_countries: country (default); allowlist: entity (default)",
      }),
    description: Description.optional(),
  })
  .superRefine((body, ctx) => {
    const checked = entryTypeFor(body.kind, body.entryType);
    if (!checked.ok) ctx.addIssue({ code: "custom", path: ["entryType"], message: checked.message });
  })
  .openapi("CreateList");

export const UpdateListBody = z
  .strictObject({ name: Name.optional(), description: Description.nullable().optional() })
  .refine((b) => Object.keys(b).length > 0, { message: "give at least one field to change" })
  .openapi("UpdateList", { minProperties: 1 });

export const EntryInputSchema = z
  .strictObject({
    value: z.string().min(1).max(200).optional().openapi({
      description:
        "Watchlists and high-risk countries (required there): stored normalized (docs/decisions/lists.md#normalization)",
      example: "+233 24 123 4567",
    }),
    entityType: z.enum(ENTITY_TYPES).optional().openapi({ description: "Allowlists (required there)" }),
    entityId: z
      .string()
      .trim()
      .min(1)
      .max(128)
      .optional()
      .openapi({ description: "Allowlists (required there)" }),
    ruleId: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,100}$/)
      .nullable()
      .optional()
      .openapi({
        description: "Allowlists: the rule the entity is cleared for; null or absent = every rule",
      }),
    expiresAt: IsoDateTime.optional().openapi({
      description:
        "Allowlists (required there): in the future, at most 366 days ahead; the entry stops applying then",
    }),
    note: z.string().trim().max(500).optional().openapi({ description: "Why the entry was added" }),
  })
  .openapi("ListEntryInput");

export const AddEntriesBody = z
  .strictObject({ entries: z.array(EntryInputSchema).min(1).max(MAX_ENTRIES_PER_REQUEST) })
  .openapi("AddListEntries");

export const ListIdParams = z.object({ listId: uuidParam("listId") });
export const EntryIdParams = z.object({ listId: uuidParam("listId"), entryId: uuidParam("entryId") });

export const ListListsQuery = PaginationQuery.extend({
  kind: z.enum(LIST_KINDS).optional(),
  includeArchived: booleanQuery(false).openapi({ description: "Also archived lists (default false)" }),
});

export const ListEntriesQuery = PaginationQuery.extend({
  prefix: z.string().min(1).max(200).optional().openapi({
    description: "Entries whose normalized value starts with this (normalized the same way)",
  }),
});

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ success: z.literal(true), data: z.array(item), pagination: PaginationSchema });
