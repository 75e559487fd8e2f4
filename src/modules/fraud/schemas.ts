import { z } from "@hono/zod-openapi";
import { storableText } from "../../http/storable";
import { RuleSetChoiceField } from "../rules/schemas";
import { CASE_STATUSES } from "./domain/case-state";
import { ENTITY_TYPES, SEVERITIES } from "./domain/types";

export const DISCLAIMER =
  "Advisory only: fraud signals are deterministic, rule-based indicators, not findings of fraud. " +
  "They never block transactions or trigger automated decisions; a human must review the evidence before any action.";
export const EntityType = z.enum(ENTITY_TYPES).openapi("FraudEntityType");
export const Severity = z.enum(SEVERITIES).openapi("FraudSeverity");
export const CaseStatus = z.enum(CASE_STATUSES).openapi("FraudCaseStatus");
export const EntityId = z.string().trim().min(1).max(200).openapi({
  description: "customer or account uuid, the tenant's agent identifier, or a merchant name",
});

const WindowDays = z
  .number()
  .int()
  .min(1)
  .max(365)
  .default(30)
  .openapi({ description: "1..365, default 30" });
const SignalIds = z.array(z.string().min(1)).max(50).optional().openapi({
  description:
    "Signals to run (unknown ids: 400). Omitted: every enabled signal applicable to the entity type",
});

export const EvaluateBody = z
  .strictObject({
    entityType: EntityType,
    entityId: EntityId,
    windowDays: WindowDays,
    signalIds: SignalIds,
    ruleSet: RuleSetChoiceField,
  })
  .openapi("FraudEvaluateRequest");

export const EvaluateAndCreateBody = storableText(
  z.strictObject({
    entityType: EntityType,
    entityId: EntityId,
    windowDays: WindowDays,
    signalIds: SignalIds,
    createCaseThreshold: z.number().min(0).max(100).default(30),
    autoCreateCase: z.boolean().default(true),
    ruleSet: RuleSetChoiceField.openapi({
      description:
        "live (default) or draft: the tenant's fraud draft, evaluated without side effects (caseCreated false, case null: no case is looked up or opened); 400 when there is no draft",
    }),
  }),
).openapi("FraudEvaluateAndCreateRequest");
