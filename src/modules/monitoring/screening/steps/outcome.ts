import type { AlertCaseRef } from "../../../../db/shard/monitoring";
import type { EventType } from "../../../events/service";
import type { Episode } from "../../domain/episode";
import type { RiskScore } from "../../domain/risk-score";
import type { NewAlert } from "../repo";

/** What one kind's hit leaves behind: the alert (with its case refs) and the events to record with it. */
export interface Outcome {
  alert: NewAlert;
  events: Array<{ type: EventType; data: Record<string, unknown> }>;
}

/** What every alert of one screening shares. */
export interface ScreeningBase {
  screeningId: string;
  trigger: NewAlert["trigger"];
  runId: string | null;
  at: Date;
  /** The screening's subject risk score and the alert score it was read against (kept on its alerts). */
  risk?: RiskScore & { alertScore: number };
  /** The dates of the episode its alerts are about (kept in their detail as firstAt, lastAt). */
  episode?: Episode;
  /** The instant its window ended (kept in its alerts' detail: late history judges them again as of it). */
  asOf?: string;
}

/** Who writes monitoring's entries into case logs. */
export const MONITORING_ACTOR = {
  actorType: "system" as const,
  actorId: "monitoring",
  actorName: null,
  actorKeyId: null,
};

export type CaseRef = AlertCaseRef;
