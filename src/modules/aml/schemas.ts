import { z } from "@hono/zod-openapi";
import { storableText } from "../../http/storable";
import { AML_ENTITY_TYPES, AML_RULES } from "../detection/domain/aml/rules";
import { THRESHOLD_DEFINITIONS } from "../detection/domain/aml/thresholds";
import { RuleSetChoiceField } from "../rules/schemas";
import { AML_CASE_STATUSES } from "./domain/case-machine";

export const DISCLAIMER =
  "Advisory only. These AML trigger rules are deterministic indicators for human review; they perform no identity verification, document validation or sanctions screening, make no automated decision and block no transaction. Filing a report is the decision of the institution's AML reporting officer.";
export const CaseStatus = z.enum(AML_CASE_STATUSES);
export const EntityType = z.enum(AML_ENTITY_TYPES);

/** Checked by the service (one 400 lists every unknown id), documented as the list of rules. */
export const RuleId = z.string().openapi({ enum: AML_RULES.map((r) => r.ruleId) });

export const CountryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, "ISO 3166-1 alpha-2 country code")
  .transform((c) => c.toUpperCase());

/**
 * Threshold values as the document states them: each known name with its type and range
 * (THRESHOLD_DEFINITIONS), no other name. Parsed loosely at run time so the service reports
 * every bad name and value at once (validateThresholds applies exactly these ranges).
 */
export const thresholdValues = (description: string) =>
  z.record(z.string(), z.unknown()).openapi({
    type: "object",
    properties: Object.fromEntries(
      THRESHOLD_DEFINITIONS.map((d) => [
        d.name,
        {
          type: d.integer ? "integer" : "number",
          minimum: d.min,
          maximum: d.max,
          // Not multipleOf 0.01: binary floats make validators refuse 20000.07 (2000007.0000000002).
          description: `${d.description} (${d.unit}${d.unit === "money" ? ", at most 2 fraction digits" : ""}; default ${d.defaultValue})`,
        },
      ]),
    ),
    additionalProperties: false,
    description,
    example: { largeCashAmount: 20000 },
  });

export const PutThresholdsBody = z
  .object({
    thresholds: thresholdValues("Replaces the tenant's overrides ({} restores defaults)"),
  })
  .strict();

export const EvaluateBody = storableText(
  z
    .object({
      entityType: EntityType,
      entityId: z.string().trim().min(1).max(200),
      windowDays: z.number().int().min(7).max(365).default(30),
      ruleIds: z.array(RuleId).min(1).max(50).optional(),
      dryRun: z.boolean().default(false),
      highRiskCountries: z.array(CountryCode).max(250).optional(),
      ruleSet: RuleSetChoiceField.openapi({
        description:
          "live (default) or draft: the tenant's AML draft, evaluated as a dry run whatever dryRun says (no case, nothing stored); 400 when there is no draft",
      }),
    })
    .strict(),
);
