import type { App } from "../../../http/context";
import { registerLendingIngest } from "./ingest-lending";
import { registerLoanReads } from "./loans";
import { registerPortfolioAtRisk } from "./portfolio-at-risk";
import { registerSnapshotBackfill } from "./snapshot-backfill";

/** Registered before the ingest routes: /v1/ingest/loans must win over /v1/ingest/{resource}. */
export function registerLendingRoutes(app: App): void {
  registerLendingIngest(app);
  registerLoanReads(app);
  registerPortfolioAtRisk(app);
  registerSnapshotBackfill(app);
}
