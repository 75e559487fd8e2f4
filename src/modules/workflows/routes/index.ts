import type { App } from "../../../http/context";
import { registerGetWorkflow } from "./get";
import { registerGetRun } from "./get-run";
import { registerListWorkflows } from "./list";
import { registerListRuns } from "./list-runs";
import { registerTriggerWorkflow } from "./trigger";

export function registerWorkflowRoutes(app: App): void {
  registerListWorkflows(app);
  // The runs paths first: "/v1/workflows/runs" must never be read as a workflowId.
  registerListRuns(app);
  registerGetRun(app);
  registerGetWorkflow(app);
  registerTriggerWorkflow(app);
}
