/** Request shapes of team queues (docs/decisions/case-work.md#team-queues). */
import { z } from "@hono/zod-openapi";
import { PaginationQuery, uuidParam } from "../../../http/openapi";
import { storableText } from "../../../http/storable";
import { RISK_LEVELS } from "./domain/routing";

export const QueueParams = z.object({ queueId: uuidParam("queueId") });

const Name = z.string().trim().min(1).max(120).openapi({ description: "Unique in the tenant" });
const Priority = z
  .number()
  .int()
  .min(0)
  .max(1_000_000)
  .openapi({ description: "Routing order: the lowest-priority matching queue takes a new case" });
const Kinds = z
  .array(z.enum(["fraud", "aml"]))
  .max(2)
  .openapi({ description: "Case kinds routed here; empty for any" });
const Typologies = z
  .array(z.string().trim().min(1).max(100))
  .max(100)
  .openapi({ description: "AML rule ids or fraud signal ids; a case matches on any one; empty for any" });
const MinRiskLevel = z
  .enum(RISK_LEVELS)
  .nullable()
  .openapi({ description: "Lowest case level routed here (fraud severity, AML risk level); null for any" });
const Members = z
  .array(z.string().trim().min(1).max(200))
  .max(200)
  .openapi({ description: "The queue's analysts: ids of the tenant's enabled users (/v1/users)" });

export const CreateQueueBody = storableText(
  z.strictObject({
    name: Name,
    priority: Priority,
    kinds: Kinds.default([]),
    typologies: Typologies.default([]),
    minRiskLevel: MinRiskLevel.default(null),
    members: Members.default([]),
  }),
).openapi("CaseQueueCreateRequest");

export const UpdateQueueBody = storableText(
  z.strictObject({
    name: Name.optional(),
    priority: Priority.optional(),
    kinds: Kinds.optional(),
    typologies: Typologies.optional(),
    minRiskLevel: MinRiskLevel.optional(),
    members: Members.optional(),
  }),
).openapi("CaseQueueUpdateRequest");

export const QueueCasesQuery = PaginationQuery;
