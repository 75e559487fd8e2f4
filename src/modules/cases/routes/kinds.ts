/**
 * What the shared case actions need to know of each case kind, read from the kinds' registered
 * definitions (kinds/service.ts): where its routes live, the scopes, the shapes it answers with,
 * and its case-work services. The kinds keep their own logs and tables (fraud: events through the
 * case's Durable Object; AML: entries of aml_case_history).
 */
import { z } from "@hono/zod-openapi";
import { uuidParam } from "../../../http/openapi";
import { CASE_KINDS, type CaseKind } from "../domain/work";
import { type CaseKindDefinition, caseKind } from "../kinds/service";
import { assignCase, changeTags, confirmClose, rejectClose } from "../work/service";

export type { CaseKindRoutes, KindResponses } from "../kinds/service";

export const CaseParams = z.object({ caseId: uuidParam("caseId") });

/** One property per kind, read from its definition when used (kinds register as their modules load). */
const byKind = <T>(pick: (definition: CaseKindDefinition) => T): Record<CaseKind, T> =>
  Object.defineProperties(
    {} as Record<CaseKind, T>,
    Object.fromEntries(
      CASE_KINDS.map((kind) => [kind, { get: () => pick(caseKind(kind)), enumerable: true }]),
    ),
  );

export const KIND_ROUTES = byKind((k) => k.routes);

/** The case-work services, one for every kind (cases/work/service.ts), answering `{ case, events }`. */
export const CASE_WORK = { assignCase, changeTags, confirmClose, rejectClose };

/** Each kind's log check (`/verify`): chain from genesis and anchor; 404 for an unknown case. */
export const CASE_VERIFY = byKind((k) => k.verify);

/** Each kind's side of the snooze flow (lists/snoozes `snoozeFromCase`). */
export const SNOOZE_TARGETS = byKind((k) => k.snooze);

/** Each kind's note contract. */
export const NOTES = byKind((k) => k.note);
