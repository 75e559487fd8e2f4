import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { addEntries } from "../entries/service";
import { AddEntriesBody, LIMITS_TEXT, ListIdParams } from "../schemas";

export const addEntriesRoute = tenantRoute({
  method: "post",
  path: "/v1/lists/{listId}/entries",
  operationId: "addListEntries",
  tags: ["Lists"],
  summary: "Add entries to a list",
  description:
    "One or a batch: all of them or none. " +
    "Values are normalized (names: NFKC, case folded, spaces collapsed; phones: international form, " +
    "digits with the country code; account numbers: no whitespace, upper case; countries: ISO alpha-2). " +
    "A value the list already holds is not added twice: it is returned in `existing`, unchanged. " +
    "Allowlist entries name an entity (entityType, entityId), optionally a ruleId (absent or null = every " +
    "rule), and an expiresAt within 366 days. A bad entry answers 400 naming `entries.<i>.<field>`. " +
    `${LIMITS_TEXT} Going over the list's cap answers 409; an archived list answers 409.`,
  scope: "aml:write",
  request: { params: ListIdParams, body: jsonBody(AddEntriesBody) },
  responses: {
    200: jsonContent(async () => {
      const { EntrySchema } = await import("../responses");
      return z.object({
        success: z.literal(true),
        added: z.array(EntrySchema),
        existing: z.array(EntrySchema),
      });
    }, "The entries added, and those the list already held"),
    ...errorResponses(409),
  },
});

export const registerAddEntries = (app: App) =>
  app.openapi(addEntriesRoute, async (c) => {
    const result = await addEntries(c.get("ctx"), c.req.valid("param").listId, c.req.valid("json").entries);
    return c.json({ success: true as const, ...result }, 200);
  });
