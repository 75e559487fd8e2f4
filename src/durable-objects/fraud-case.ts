import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";

/**
 * One instance per fraud case (idFromName(caseId)): serializes the case's event appends so
 * eventSequence is gapless. The fraud module gives it its methods.
 */
export class FraudCaseObject extends DurableObject<Env> {}
