import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { ErrorBodySchema } from "../../../http/errors";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { AppError } from "../../../lib/errors";
import { formatOf, MAX_RECORDS } from "../domain/parse";
import { RESOURCES } from "../domain/records";
import { RECORD_COMPONENTS } from "../schemas";
import { ingestBody } from "../service";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const recordLists = RESOURCES.map((resource) => ({
  type: "array" as const,
  maxItems: MAX_RECORDS,
  items: ref(RECORD_COMPONENTS[resource].name),
}));

export const ingestRoute = tenantRoute({
  method: "post",
  path: "/v1/ingest/{resource}",
  operationId: "ingestRecords",
  tags: ["Ingestion"],
  summary: "Upsert customers, accounts, transactions or agents",
  description:
    `Up to ${MAX_RECORDS} records of the resource, by (externalSource, externalId). ` +
    "Body: a JSON array of the resource's records (CustomerRecord, AccountRecord, TransactionRecord or " +
    "AgentRecord), NDJSON (one record per line) or CSV (header row; `a.b` columns nest, list fields are " +
    "`;`-separated). Each record is validated on its own: bad ones come back in `errors` and are skipped, " +
    "good ones are written together. Re-sending a batch changes nothing. Load order: customers, agents, " +
    "accounts, transactions. A batch whose new rows would pass the tenant's storage quota is refused whole: " +
    "403 `storage_quota_exceeded` (docs/decisions/fairness.md#storage-quotas).",
  scope: "data:write",
  request: {
    params: z.object({
      resource: z.enum(RESOURCES).openapi({ param: { name: "resource", in: "path" } }),
    }),
    body: {
      required: true,
      content: {
        "application/json": { schema: { oneOf: recordLists } },
        "application/x-ndjson": { schema: { type: "string" as const } },
        "text/csv": { schema: { type: "string" as const } },
      },
    },
  },
  responses: {
    200: jsonContent(
      async () => (await import("../responses")).IngestResultSchema,
      "Written records and the skipped ones",
    ),
    403: {
      description:
        "Missing scope (forbidden), or `storage_quota_exceeded`: the batch's new rows would take the tenant past its storage quota (GET /v1/usage); nothing of the batch was written. Updates of stored rows are never refused",
      content: { "application/json": { schema: ErrorBodySchema } },
    },
  },
});

export function registerIngest(app: App): void {
  for (const resource of RESOURCES) {
    const { name, schema } = RECORD_COMPONENTS[resource];
    app.openAPIRegistry.register(name, schema);
  }
  app.openapi(ingestRoute, async (c) => {
    const { resource } = c.req.valid("param");
    const format = formatOf(c.req.header("content-type"));
    if (!format) {
      throw new AppError(
        "unsupported_media_type",
        "Send application/json (an array), application/x-ndjson or text/csv",
      );
    }
    const body = await c.req.text();
    const { recordsWritten, errors } = await ingestBody(c.get("ctx"), resource, format, body);
    return c.json({ success: true as const, recordsWritten, errors }, 200);
  });
}
