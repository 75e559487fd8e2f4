/**
 * The case kinds (fraud, AML, any later one) as the cases module sees them: each kind's module
 * registers one definition (its routes' facts, its case-work services, how to find a case and how
 * to append an entry to its log), and the shared routes, links and files work through it. So the
 * cases module imports no kind: fraud and aml depend on cases, never the other way round
 * (docs/decisions/case-work.md#one-case-module).
 */
import type { z } from "@hono/zod-openapi";
import type { PageRequest } from "../../../db/keyset";
import type { PageSweeper } from "../../../db/reanchor-page";
import type { TenantContext } from "../../../db/tenant-context";
import type { PageState } from "../../../lib/pagination";
import type { AnchorTally } from "../../../lib/reanchor";
import type { Scope } from "../../../lib/scopes";
import type { CaseSnoozeTarget } from "../../lists/snoozes/service";
import type { WorkAction } from "../domain/projection";
import type { WITHDRAWN_LATE_HISTORY } from "../domain/withdrawn";
import type { CaseKind, CaseWork } from "../domain/work";

/** A kind's response schemas, built only for the OpenAPI document (docs/architecture.md#what-loads-lazily). */
export interface KindResponses {
  disclaimer: z.ZodType;
  entry: z.ZodType;
  /** The answer of assignment, tags and the close decisions: the case and the appended entries. */
  workResult: z.ZodType;
  /** The answer of `/verify`: the same shape for every kind, named per kind. */
  verification: z.ZodType;
}

/** Where a kind's routes live and what they answer. */
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

/** A note's contract, which each kind published on its own (fraud 201 with the event, AML 200 with the case). */
export interface CaseNoteContract {
  operationId: string;
  summary: string;
  detail: string;
  body: z.ZodType;
  status: 200 | 201;
  response: () => Promise<z.ZodType>;
  description: string;
  errors: Record<number, unknown>;
  /** Takes the body validated against `body` (and the key id): `never` accepts any, the route casts at the call. */
  add(ctx: TenantContext, caseId: string, input: never): Promise<Record<string, unknown>>;
}

/** An entry the cases module writes into a kind's log (a link, an uploaded file). */
export interface CaseLogEntry {
  eventType: "linked" | "unlinked" | "evidence_added";
  actorId: string;
  actorName: string | null;
  actorKeyId: string | null;
  /** The entry's text as the analyst gave it (null: none). */
  text: string | null;
  /** Text for logs whose entries always carry one, when `text` is null. */
  summary?: string;
  /** The structured facts (fraud: the event's evidenceReference; AML: the entry's details, hashed). */
  facts: Record<string, unknown>;
  /** evidence_added: the evidence's type. */
  evidenceType?: "file";
}

export interface CaseKindDefinition {
  kind: CaseKind;
  /** "Fraud case", for 404 messages. */
  name: string;
  routes: CaseKindRoutes;
  /** Its log's side of assignment, tags and the close decisions (cases/work/service.ts). */
  workLog: CaseWorkLog;
  note: CaseNoteContract;
  verify(ctx: TenantContext, caseId: string): Promise<Record<string, unknown>>;
  snooze: CaseSnoozeTarget<{ entityType: string; entityId: string }, unknown>;
  /** Whether the tenant has this case (another tenant's is absent). */
  exists(ctx: TenantContext, caseId: string): Promise<boolean>;
  /**
   * Appends `entry` to the case's log. A kind whose log is a D1 table commits `statements` in the
   * entry's batch (atomic); a kind that appends through a Durable Object cannot, and says so with
   * `takesStatements: false` (the caller writes them itself, before or after).
   */
  append(ctx: TenantContext, caseId: string, entry: CaseLogEntry, statements?: unknown[]): Promise<void>;
  takesStatements: boolean;
}

const registered = new Map<CaseKind, CaseKindDefinition>();

/** Called once by each kind's module when it loads (fraud/routes, aml/routes). */
export function registerCaseKind(definition: CaseKindDefinition): void {
  registered.set(definition.kind, definition);
}

/** A registered kind; a kind nobody registered is a programming error, not a request's. */
export function caseKind(kind: CaseKind): CaseKindDefinition {
  const found = registered.get(kind);
  if (!found) throw new Error(`case kind ${kind} is not registered`);
  return found;
}

/** An action that appends one entry, answered with a list as every kind's work services do. */
export const asEvents =
  <A extends unknown[], C, E>(action: (...args: A) => Promise<{ case: C; event: E }>) =>
  async (...args: A) => {
    const { case: found, event } = await action(...args);
    return { case: found, events: [event] };
  };

// ---- services of a kind for modules above it ----------------------------------------------------

/** A page of a kind's list as its list endpoint answers it. */
export interface KindPage {
  data: unknown[];
  page: PageState;
}

/**
 * What a module outside the kinds does with a case of any kind, so it calls cases and not fraud
 * and aml each (issue 37 item 4; docs/decisions/case-work.md#one-interface-over-the-kinds):
 * GraphQL reads, monitoring opens cases from a screening page, the key-rotation sweep re-anchors
 * case heads. Filled in src/ports.ts (above every module) for every kind, so requests, queue
 * consumers and cron all see them, whichever routes loaded. The input types are the kind's own
 * (validated or built by the caller for that kind): `never` accepts any, and the caller casts.
 */
export interface CaseKindServices {
  reads: {
    /** The list's filter, as the kind's `GET` list validates it (limit, offset, cursor included). */
    listQuery: z.ZodType;
    list(ctx: TenantContext, filter: never, page: PageRequest): Promise<KindPage>;
    /** The case with its log, as the kind's `GET` of one case answers it (404 of the kind). */
    get(ctx: TenantContext, caseId: string): Promise<Record<string, unknown>>;
    /** One page of the case's log, for a case read from a list. */
    entries(ctx: TenantContext, caseId: string, page: PageRequest): Promise<KindPage>;
    disclaimer: string;
  };
  /**
   * Cases opened and annotated by screening (monitoring): the kind's own subjects and entries, its
   * own answers. `actor` is the opener recorded by kinds whose `created` entry names one (fraud).
   */
  open: {
    /** One subject's case(s), unless open. */
    one(ctx: TenantContext, subject: never, actor: CaseOpener): Promise<unknown>;
    /**
     * A page's subjects at once, answered in order. `entries` (per subject, the kind's own entry or
     * null): a later subject whose case an earlier one opens in this call gets its entry chained in
     * the opening batch (answered `chained: true`), not appended through the case's object.
     */
    page(ctx: TenantContext, subjects: never[], actor: CaseOpener, entries?: unknown[]): Promise<unknown[]>;
    /** One entry (an alert hit) on an open case. */
    note(ctx: TenantContext, caseId: string, entry: never): Promise<unknown>;
    /** Many cases' entries, answered per entry in order: null (appended) or its Error. */
    notes(ctx: TenantContext, entries: never[]): Promise<Array<Error | null>>;
  };
  /**
   * A system close of a case nobody worked whose every alert was withdrawn (monitoring's late
   * history; docs/decisions/case-work.md#system-close): the kind reads its case and log, decides
   * with cases/domain/withdrawn.ts `systemCloseDecision`, and appends its closing entry (the kind's
   * status and outcome for it, `SYSTEM_CLOSE`) in the case's order, only if the log has not moved
   * since it decided. Not closed: answers why, and the caller notes the case instead.
   */
  close: {
    untouched(ctx: TenantContext, caseId: string, close: SystemCloseRequest): Promise<SystemCloseResult>;
  };
  /** After a SECRETS_KEY rotation (admin/reseal): the kind's anchored heads per key, and one page of re-anchoring. */
  anchors: {
    /** Over one shard's raw client (a system sweep across its tenants). */
    tally(db: Parameters<PageSweeper>[0]): Promise<AnchorTally>;
    page: PageSweeper;
  };
}

/** What a system close says: its actor, why, the entry's text, and the alerts the case holds. */
export interface SystemCloseRequest {
  actor: CaseOpener;
  reason: typeof WITHDRAWN_LATE_HISTORY;
  note: string;
  /** The alerts that opened the case or were added to it, as cases/domain/withdrawn.ts reads them. */
  alerts: ReadonlyArray<{ alertId: string; status: string; opensCase?: boolean }>;
}

export type SystemCloseResult = { closed: true; toStatus: string } | { closed: false; why: string };

/** Who opens a case from screening (a system actor). */
export interface CaseOpener {
  actorType: "system";
  actorId: string;
  actorName: string | null;
  actorKeyId: string | null;
}

const services = new Map<CaseKind, CaseKindServices>();

/** Called once by src/ports.ts, with every kind's services. */
export function provideCaseKindServices(provided: Record<CaseKind, CaseKindServices>): void {
  for (const [kind, kindServices] of Object.entries(provided) as Array<[CaseKind, CaseKindServices]>)
    services.set(kind, kindServices);
}

/** A kind's services; a kind nobody provided is a programming error, not a request's. */
export function caseKindServices(kind: CaseKind): CaseKindServices {
  const found = services.get(kind);
  if (!found) throw new Error(`case kind ${kind} has no services provided (src/ports.ts)`);
  return found;
}

/** The actor of a case action (cases/service.ts caseActor), with the key that wrote it. */
export interface WorkActor {
  actorId: string;
  actorName?: string;
  /** The API key that authenticated the request. */
  actorKeyId: string | null;
  /** From the credential (cases/domain/actor.ts): a user, or an integration key; default user. */
  actorType?: "user" | "integration";
  /** The credential's principal (`user:<id>`, `integration:<key id>`), compared by four-eyes. */
  principal?: string;
}

/** An appended entry as the kind publishes it, and the case after it (read only when answered). */
export interface AppendedWork {
  event: unknown;
  case(): Promise<unknown>;
}

/** What a kind's log does for the shared case work. */
export interface CaseWorkLog {
  /** The case's projection as stored (a 404 of the kind for an unknown case). */
  work(ctx: TenantContext, caseId: string): Promise<CaseWork>;
  /**
   * Appends the entry of `action`, decided in the case's order against its projection there
   * (cases/domain/projection.ts decideWork) and written through `workWrites`. Answers the entry
   * and the case as the kind's endpoints publish them. Throws `NoWorkChange` when the action changed
   * nothing by then (a tag added or removed meanwhile), and `refusal(...)` when it is refused.
   */
  appendWork(
    ctx: TenantContext,
    caseId: string,
    action: WorkAction,
    actor: WorkActor & { note?: string },
  ): Promise<AppendedWork>;
}
