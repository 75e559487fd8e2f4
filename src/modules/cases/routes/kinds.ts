/**
 * What the shared case actions need to know of each case kind: where its routes live, the
 * scopes, the case and log-entry shapes it answers with, and its case-work services. The two
 * kinds keep their own logs and tables (fraud: events through the case's Durable Object; AML:
 * entries of aml_case_history); this table only adapts their answers to one shape.
 */
import { z } from "@hono/zod-openapi";
import { uuidParam } from "../../../http/openapi";
import type { Scope } from "../../../lib/scopes";
import { verifyCase as amlVerify } from "../../aml/cases/service";
import * as amlWork from "../../aml/casework/service";
import * as aml from "../../aml/schemas";
import { amlSnoozeTarget } from "../../aml/snoozes/service";
import * as fraudWork from "../../fraud/casework/service";
import * as fraud from "../../fraud/schemas";
import { verifyCase as fraudVerify } from "../../fraud/service";
import { fraudSnoozeTarget } from "../../fraud/snoozes/service";
import type { CaseSnoozeTarget } from "../../lists/snoozes/service";
import type { CaseKind } from "../domain/work";

export const CaseParams = z.object({ caseId: uuidParam("caseId") });

/** An AML action appends one history entry; the routes answer with a list, as fraud's do. */
export const asEvents =
  <A extends unknown[], C, E>(action: (...args: A) => Promise<{ case: C; event: E }>) =>
  async (...args: A) => {
    const { case: found, event } = await action(...args);
    return { case: found, events: [event] };
  };

const workResult = (caseSchema: z.ZodType, entrySchema: z.ZodType, disclaimer: z.ZodType) =>
  z.object({
    success: z.literal(true),
    case: caseSchema,
    events: z.array(entrySchema),
    disclaimer,
  });

/** A kind's response schemas, built only for the OpenAPI document (docs/architecture.md#what-loads-lazily). */
export interface KindResponses {
  disclaimer: z.ZodType;
  entry: z.ZodType;
  /** The answer of assignment, tags and the close decisions: the case and the appended entries. */
  workResult: ReturnType<typeof workResult>;
  /** The answer of `/verify`: the same shape for every kind, named per kind. */
  verification: z.ZodType;
}

/** Loaded once, then shared by every route of the kind. */
const loadedOnce = <T>(load: () => Promise<T>) => {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
};

export interface CaseKindRoutes {
  prefix: string;
  tag: string;
  read: Scope;
  write: Scope;
  /** The kind's word in operation ids (`Assign${op}Case`). */
  op: string;
  /** The kind's case with its article, for operation summaries ("Assign a fraud case"). */
  aCase: string;
  disclaimer: string;
  responses: () => Promise<KindResponses>;
  workDescription: string;
  verifyDescription: string;
}

export const KIND_ROUTES: Record<CaseKind, CaseKindRoutes> = {
  fraud: {
    prefix: "/v1/fraud/cases",
    tag: "Fraud",
    read: "fraud:read",
    write: "fraud:write",
    op: "Fraud",
    aCase: "a fraud case",
    disclaimer: fraud.DISCLAIMER,
    responses: loadedOnce(async () => {
      const { Disclaimer, FraudCaseEventSchema, FraudCaseSchema, FraudCaseVerification } = await import(
        "../../fraud/responses"
      );
      return {
        disclaimer: Disclaimer,
        entry: FraudCaseEventSchema,
        workResult: workResult(FraudCaseSchema, FraudCaseEventSchema, Disclaimer),
        verification: FraudCaseVerification,
      };
    }),
    workDescription: "The case and the appended events",
    verifyDescription: "Recomputes the case's hash chain (case row and every event) from genesis.",
  },
  aml: {
    prefix: "/v1/kyc-aml/cases",
    tag: "KYC/AML",
    read: "aml:read",
    write: "aml:write",
    op: "Aml",
    aCase: "an AML case",
    disclaimer: aml.DISCLAIMER,
    responses: loadedOnce(async () => {
      const { Disclaimer } = await import("../../aml/responses");
      const { AmlCaseHistorySchema, AmlCaseSchema, AmlCaseVerification } = await import(
        "../../aml/cases/responses"
      );
      return {
        disclaimer: Disclaimer,
        entry: AmlCaseHistorySchema,
        workResult: workResult(AmlCaseSchema, AmlCaseHistorySchema, Disclaimer),
        verification: AmlCaseVerification,
      };
    }),
    workDescription: "The case and the appended history entries",
    verifyDescription:
      "Recomputes the case's history chain (the created entry covers the case's immutable fields) " +
      "from genesis and checks its head against the anchor, as for fraud cases.",
  },
};

/** Each kind's case-work services, answering `{ case, events }`. */
export const CASE_WORK = {
  fraud: {
    assignCase: fraudWork.assignCase,
    changeTags: fraudWork.changeTags,
    confirmClose: fraudWork.confirmClose,
    rejectClose: fraudWork.rejectClose,
  },
  aml: {
    assignCase: asEvents(amlWork.assignCase),
    changeTags: amlWork.changeTags,
    confirmClose: asEvents(amlWork.confirmClose),
    rejectClose: asEvents(amlWork.rejectClose),
  },
};

/** Each kind's log check (`/verify`): chain from genesis and anchor; 404 for an unknown case. */
export const CASE_VERIFY = { fraud: fraudVerify, aml: amlVerify };

/** Each kind's side of the snooze flow (lists/snoozes `snoozeFromCase`). */
export const SNOOZE_TARGETS: Record<
  CaseKind,
  CaseSnoozeTarget<{ entityType: string; entityId: string }, unknown>
> = { fraud: fraudSnoozeTarget, aml: amlSnoozeTarget };
