import type { App } from "../../../http/context";
import { requireScope } from "../../../http/middleware/auth";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { AppError, badRequest } from "../../../lib/errors";
import { formatOf, MAX_RECORDS } from "../domain/parse";
import { isResource, RESOURCES, type Resource } from "../domain/records";
import { countingContext } from "../query-count";
import { IngestResultSchema, RECORD_COMPONENTS } from "../schemas";
import { ingestBody } from "../service";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function ingestRoute(resource: Resource) {
  const { name } = RECORD_COMPONENTS[resource];
  const list = { type: "array" as const, maxItems: MAX_RECORDS, items: ref(name) };
  const text = { type: "string" as const };
  return tenantRoute({
    method: "post",
    path: `/v1/ingest/${resource}`,
    operationId: `ingest${resource[0].toUpperCase()}${resource.slice(1)}`,
    tags: ["Ingestion"],
    summary: `Upsert up to ${MAX_RECORDS} ${resource} by (externalSource, externalId)`,
    description:
      "Body: a JSON array, NDJSON (one record per line) or CSV (header row; `a.b` columns nest, list " +
      "fields are `;`-separated). Each record is validated on its own: bad ones come back in `errors` " +
      "and are skipped, good ones are written together. Re-sending a batch changes nothing.",
    scope: "data:write",
    request: {
      body: {
        required: true,
        content: {
          "application/json": { schema: list },
          "application/x-ndjson": { schema: text },
          "text/csv": { schema: text },
        },
      },
    },
    responses: { 200: jsonContent(IngestResultSchema, "Written records and the skipped ones") },
  });
}

export function registerIngest(app: App): void {
  for (const resource of RESOURCES) {
    const { name, schema } = RECORD_COMPONENTS[resource];
    app.openAPIRegistry.register(name, schema);
    app.openapi(ingestRoute(resource), async (c) => {
      const format = formatOf(c.req.header("content-type"));
      if (!format) {
        throw new AppError(
          "unsupported_media_type",
          "Send application/json (an array), application/x-ndjson or text/csv",
        );
      }
      const body = await c.req.text();
      if (c.env.ENVIRONMENT === "production") {
        const { recordsWritten, errors } = await ingestBody(c.get("ctx"), resource, format, body);
        return c.json({ success: true as const, recordsWritten, errors }, 200);
      }
      const counted = countingContext(c.get("ctx"));
      const { recordsWritten, errors } = await ingestBody(counted.ctx, resource, format, body);
      c.header("x-d1-queries", String(counted.queries()));
      return c.json({ success: true as const, recordsWritten, errors }, 200);
    });
  }
  // Not in the document: a resource name that does not exist is a bad request, not a 404.
  app.post("/v1/ingest/:resource", requireScope("data:write"), (c) => {
    const resource = c.req.param("resource");
    if (isResource(resource)) throw new AppError("internal", "unreachable");
    throw badRequest(`Unknown resource "${resource}": use one of ${RESOURCES.join(", ")}`, [
      { path: "resource", message: `must be one of ${RESOURCES.join(", ")}` },
    ]);
  });
}
