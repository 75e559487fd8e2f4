import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { adminRoute, jsonBody, jsonContent } from "../../../http/openapi";
import { LoadSanctionsListBody, SanctionsListParams } from "../lists/schemas";
import { loadList } from "../service";

const versionAnswer = async () => {
  const { SanctionsListVersionSchema } = await import("../lists/responses");
  return z.object({
    success: z.literal(true),
    created: z.boolean(),
    version: SanctionsListVersionSchema,
    rescreens: z
      .number()
      .int()
      .openapi({ description: "Tenants whose customers are rescreened against the diff" }),
  });
};

export const loadListVersionRoute = adminRoute({
  method: "post",
  path: "/admin/sanctions/lists/{listId}/versions",
  operationId: "adminLoadSanctionsList",
  scope: "sanctions:write",
  summary: "Load a sanctions list version",
  description:
    "Reads a list file in its published format and stores it as the list's next version: its publication " +
    "date (from the file, or publicationDate when the format states none), the SHA-256 of the text, and the " +
    "diff against the current version (entries added, changed and removed, by the list's own reference). The " +
    "first load creates the list. The same file again changes nothing (200, created false); a publication " +
    "older than the current version is 409; a file that cannot be read is 400 naming content (or uploadId). " +
    "A file over 1 MiB is uploaded first (POST /admin/sanctions/uploads) and named by uploadId. Audited. " +
    "Tenants subscribed to the list are rescreened against the changed entries.",
  request: { params: SanctionsListParams, body: jsonBody(LoadSanctionsListBody) },
  responses: {
    200: jsonContent(versionAnswer, "The same file as the current version: nothing changed"),
    201: jsonContent(versionAnswer, "Version stored"),
  },
});

export const registerLoadListVersion = (app: App) =>
  app.openapi(loadListVersionRoute, async (c) => {
    const { version, created, rescreens } = await loadList(
      c.get("op"),
      c.req.valid("param").listId,
      c.req.valid("json"),
    );
    return c.json({ success: true as const, created, version, rescreens }, created ? 201 : 200);
  });
