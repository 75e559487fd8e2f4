import { z } from "@hono/zod-openapi";
import { IsoDateTime } from "../../../http/openapi";
import { LinkEndSchema } from "./schemas";

// Response shapes of modules/cases/links: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const CaseLinkSchema = z
  .object({
    id: z.uuid(),
    linked: LinkEndSchema.openapi({
      description: "The other end, as seen from the case or alert asked about",
    }),
    createdAt: IsoDateTime,
    createdBy: z.string().openapi({ description: "The analyst (actorId) who linked" }),
    actorKeyId: z.string().nullable().openapi({ description: "The API key that linked" }),
  })
  .openapi("CaseLink");

export const LinkResponse = z.object({ success: z.literal(true), link: CaseLinkSchema });

export const LinkListResponse = z.object({ success: z.literal(true), data: z.array(CaseLinkSchema) });
