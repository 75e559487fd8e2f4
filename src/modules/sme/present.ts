import type { Assessment } from "./service";
import { DISCLAIMER } from "./service";

export const presentAssessment = (
  r: { assessment: Assessment; assessmentId: string | null; source: "calculated" | "stored" | "computed" },
  include: { cohort: boolean; narrative: boolean } = { cohort: true, narrative: true },
) => ({
  success: true as const,
  customerId: r.assessment.customerId,
  customerName: r.assessment.customerName,
  health: r.assessment.health,
  cohort: include.cohort ? r.assessment.cohort : null,
  narrative: include.narrative ? r.assessment.narrative : null,
  evaluatedAt: r.assessment.evaluatedAt,
  windowDays: r.assessment.windowDays,
  assessmentId: r.assessmentId,
  source: r.source,
  calculationVersion: r.assessment.calculationVersion,
  benchmarkSnapshotId: r.assessment.benchmarkSnapshotId || null,
  disclaimer: DISCLAIMER,
});
