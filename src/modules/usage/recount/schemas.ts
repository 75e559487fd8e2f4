import { z } from "@hono/zod-openapi";

export const RecountParams = z.object({
  tenantId: z.uuid().openapi({ param: { name: "tenantId", in: "path" } }),
  recountId: z.uuid().openapi({ param: { name: "recountId", in: "path" } }),
});
