import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { adminRoute, errorResponses, jsonContent } from "../../../http/openapi";
import { MAX_LIST_FILE_BYTES, storeListFile } from "../uploads/service";

const FILE_TYPES = ["application/xml", "text/xml", "text/csv", "text/plain", "application/octet-stream"];

export const uploadListFileRoute = adminRoute({
  method: "post",
  path: "/admin/sanctions/uploads",
  operationId: "adminUploadSanctionsListFile",
  scope: "sanctions:write",
  summary: "Upload a sanctions list file",
  description:
    `The first step of loading a list file over 1 MiB: the raw file as published (at most ${MAX_LIST_FILE_BYTES} ` +
    "bytes, with its Content-Length) is streamed to storage as it arrives and answered with an uploadId; " +
    "POST /admin/sanctions/lists/{listId}/versions with that uploadId reads, checks and loads it (and " +
    "removes it). Nothing is parsed or versioned here.",
  request: {
    body: {
      required: true,
      description: "The list file's bytes (XML or CSV as published)",
      content: Object.fromEntries(
        FILE_TYPES.map((t) => [t, { schema: z.string().openapi({ format: "binary" }) }]),
      ),
    },
  },
  responses: {
    201: jsonContent(async () => {
      const { SanctionsListUploadSchema } = await import("../lists/responses");
      return z.object({ success: z.literal(true), upload: SanctionsListUploadSchema });
    }, "The file, stored"),
    ...errorResponses(413),
  },
});

export const registerUploadListFile = (app: App) =>
  app.openapi(uploadListFileRoute, async (c) => {
    const length = c.req.header("content-length");
    // With an Idempotency-Key the body was read already (hashed through Hono's body cache), and
    // its stream is locked: the cached bytes are streamed instead.
    const body = c.req.raw.bodyUsed ? new Response(await c.req.arrayBuffer()).body : c.req.raw.body;
    const upload = await storeListFile(
      c.get("op"),
      body,
      length !== undefined && /^\d+$/.test(length) ? Number(length) : null,
    );
    return c.json({ success: true as const, upload }, 201);
  });
