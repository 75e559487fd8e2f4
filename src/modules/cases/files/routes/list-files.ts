import { z } from "@hono/zod-openapi";
import type { App } from "../../../../http/context";
import { jsonContent, tenantRoute } from "../../../../http/openapi";
import { KIND_ROUTES } from "../../routes/kinds";
import type { CaseKind as CaseFileKind } from "../domain/upload";
import { CaseParams } from "../schemas";
import { listFiles } from "../service";

const listRoute = (kind: CaseFileKind) =>
  tenantRoute({
    method: "get",
    path: `${KIND_ROUTES[kind].prefix}/{caseId}/files`,
    operationId: `list${KIND_ROUTES[kind].op}CaseFiles`,
    tags: [KIND_ROUTES[kind].tag],
    summary: `List ${KIND_ROUTES[kind].aCase}'s evidence files`,
    description: "Oldest first, at most 500.",
    scope: KIND_ROUTES[kind].read,
    request: { params: CaseParams },
    responses: {
      200: jsonContent(async () => {
        const { CaseFileSchema } = await import("../responses");
        return z.object({ success: z.literal(true), data: z.array(CaseFileSchema) });
      }, "The files"),
    },
  });

export const registerListFiles = (app: App, kind: CaseFileKind) =>
  app.openapi(listRoute(kind), async (c) => {
    const data = await listFiles(c.get("ctx"), kind, c.req.valid("param").caseId);
    return c.json({ success: true as const, data }, 200);
  });
