import { z } from "@hono/zod-openapi";
import { IsoDateTime, orNull, PaginationSchema } from "../../http/openapi";
import { CustomRuleSchema } from "./custom/schemas";
import { RULE_SET_KINDS } from "./domain/document";
import { PUBLICATION_ACTIONS } from "./domain/publication";
import { FeedbackSchema } from "./feedback/responses";
import { builtinFields, CreateCaseThreshold } from "./schemas";

// Response shapes of modules/rules: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

/** Stamped on alerts, evaluations and cases: the rule-set version that produced them. */
export const RuleSetStampSchema = z
  .object({
    kind: z.enum(RULE_SET_KINDS),
    version: z
      .number()
      .int()
      .min(0)
      .openapi({ description: "Rule-set version (0: the built-in defaults, nothing published)" }),
    hash: z.string().openapi({ description: "sha256 (hex) of the version's canonical content" }),
    draft: z
      .object({ draftId: z.uuid(), revision: z.number().int().min(1) })
      .optional()
      .openapi({
        description:
          "Present only when a draft was evaluated (ruleSet: draft): version is then the version the draft is based on and hash the draft's content hash",
      }),
  })
  .openapi("RuleSetStamp");

// ---- content -------------------------------------------------------------------------------

const Parameters = z.record(z.string(), z.number());

const BuiltinConfigSchema = z
  .object({ ...builtinFields, parameters: Parameters, weight: z.number() })
  .openapi("BuiltinConfig");

export const RuleSetContentSchema = z
  .object({
    builtins: z.record(z.string(), BuiltinConfigSchema),
    thresholds: z.record(z.string(), z.number()).optional().openapi({ description: "AML only" }),
    custom: z.array(CustomRuleSchema),
    createCaseThreshold: CreateCaseThreshold,
  })
  .openapi("RuleSetContent");

// ---- responses -----------------------------------------------------------------------------

const Hash = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .openapi({ description: "sha256 (hex) of the canonical JSON of content" });

export const LiveRuleSetSchema = z
  .object({
    version: z.number().int().min(0).openapi({ description: "0: nothing published, the built-in defaults" }),
    hash: Hash,
    publishedAt: orNull(IsoDateTime),
    content: RuleSetContentSchema,
  })
  .openapi("LiveRuleSet");

export const RuleSetDraftSchema = z
  .object({
    draftId: z.uuid(),
    basedOnVersion: z.number().int().min(0),
    revision: z.number().int().min(1),
    hash: Hash,
    createdBy: z.string(),
    updatedBy: z.string(),
    editors: z.array(z.string()).openapi({ description: "Every key id that wrote the draft" }),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
    content: RuleSetContentSchema,
  })
  .openapi("RuleSetDraft");

const versionFields = {
  version: z.number().int().min(1),
  hash: Hash,
  basedOnVersion: z.number().int().min(0),
  fromDraftId: orNull(z.uuid()),
  createdBy: z.string(),
  updatedBy: z.string(),
  publishedBy: z.string(),
  createdAt: IsoDateTime,
  publishedAt: IsoDateTime,
};

export const RuleSetVersionSummarySchema = z.object(versionFields).openapi("RuleSetVersionSummary");

export const RuleSetVersionSchema = z
  .object({ ...versionFields, content: RuleSetContentSchema })
  .openapi("RuleSetVersion");

export const PublicationSchema = z
  .object({
    publicationId: z.uuid(),
    version: z.number().int().min(1),
    action: z.enum(PUBLICATION_ACTIONS),
    actorKeyId: z.string(),
    fromDraftId: orNull(z.uuid()),
    basedOnVersion: z.number().int().min(0),
    rolledBackTo: orNull(z.number().int().min(0)),
    reason: orNull(z.string()),
    hash: Hash,
    publishedAt: IsoDateTime,
  })
  .openapi("RuleSetPublication");

export const RuleSetResponse = z
  .object({
    success: z.literal(true),
    kind: z.enum(["fraud", "aml"]),
    live: LiveRuleSetSchema,
    draft: orNull(RuleSetDraftSchema),
    requiresSecondApprover: z.boolean(),
    feedback: FeedbackSchema.openapi({
      description:
        "Case feedback: precision per rule from closed cases (docs/methodology/rules.md#case-feedback)",
    }),
  })
  .openapi("RuleSetResponse");

export const DraftResponse = z.object({ success: z.literal(true), draft: RuleSetDraftSchema });

export const VersionResponse = z.object({ success: z.literal(true), version: RuleSetVersionSchema });

export const PublishResponse = z.object({
  success: z.literal(true),
  version: RuleSetVersionSchema,
  publication: PublicationSchema,
});

export const VersionListResponse = z.object({
  success: z.literal(true),
  data: z.array(RuleSetVersionSummarySchema),
  pagination: PaginationSchema,
});

export const PublicationListResponse = z.object({
  success: z.literal(true),
  data: z.array(PublicationSchema),
  pagination: PaginationSchema,
});
