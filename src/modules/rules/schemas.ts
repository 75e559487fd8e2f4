import { z } from "@hono/zod-openapi";
import { IsoDateTime, orNull, PaginationSchema } from "../../http/openapi";
import { CustomRuleSchema, OpensCase, Window } from "./custom/schemas";
import { SEVERITIES, TREE_LIMITS } from "./domain/custom/tree";
import { RULE_SET_CHOICES, RULE_SET_KINDS } from "./domain/document";
import { PUBLICATION_ACTIONS } from "./domain/publication";
import { FeedbackSchema } from "./feedback/schemas";

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

/** Request field of the evaluate endpoints: which rule set runs. */
export const RuleSetChoiceField = z.enum(RULE_SET_CHOICES).default("live").openapi({
  description:
    "live (default): the published live version. draft: the tenant's current draft of the kind, evaluated without side effects (no case, nothing stored); 400 when there is no draft",
});

// ---- content -------------------------------------------------------------------------------

const Parameters = z.record(z.string(), z.number());
/** Outer bounds for the document; each name's own range is checked on save (domain/validate.ts). */
const ParameterInputs = z.record(z.string(), z.number().min(0).max(1e14));
const builtinFields = {
  enabled: z.boolean(),
  severity: z.enum(SEVERITIES),
  windowDays: Window.optional().openapi({ description: "Look-back window; absent: the request's window" }),
  opensCase: OpensCase,
};

const CreateCaseThreshold = z.number().min(0).max(100).optional().openapi({
  description:
    "Fraud only: the overall score (0-100) from which monitoring opens a case; absent: 30 (docs/methodology/rules.md#case-opening)",
});

export const BuiltinConfigInput = z
  .strictObject({
    ...builtinFields,
    parameters: ParameterInputs.default({}).openapi({
      description:
        "Fraud: the signal's parameters (minor units), left-out ones default. AML: per-rule overrides of thresholds the rule reads",
    }),
    weight: z
      .number()
      .min(0)
      .max(10)
      .default(1)
      .openapi({ description: "Score multiplier, 0..10, default 1" }),
  })
  .openapi("BuiltinConfigInput");

export const RuleSetContentInput = z
  .strictObject({
    builtins: z.record(z.string(), BuiltinConfigInput).optional().openapi({
      description: "By built-in id (signalId or AML ruleId); left-out built-ins keep their defaults",
    }),
    thresholds: z.record(z.string(), z.number().min(0).max(1_000_000_000)).optional().openapi({
      description:
        "AML only: named thresholds (major units); left-out ones default; ranges as PUT /v1/kyc-aml/thresholds",
    }),
    custom: z.array(CustomRuleSchema).max(TREE_LIMITS.maxCustomRules).optional(),
    createCaseThreshold: CreateCaseThreshold,
  })
  .openapi("RuleSetContentInput");

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
    rolledBackTo: orNull(z.number().int().min(1)),
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

// ---- requests ------------------------------------------------------------------------------

const Reason = z
  .string()
  .trim()
  .min(1)
  .max(1000)
  .openapi({ description: "Why (kept in the publication log)" });
export const PublishBody = z.strictObject({ reason: Reason }).openapi("PublishRuleSetRequest");
export const RollbackBody = z
  .strictObject({ version: z.number().int().min(1).max(1_000_000_000), reason: Reason })
  .openapi("RollbackRuleSetRequest");
