import type { App } from "../../../http/context";
import { registerFlowMappingRoutes } from "./flow-mapping";
import { registerGetAgent } from "./get-agent";
import { registerGetCustomer } from "./get-customer";
import { registerListAccounts } from "./list-accounts";
import { registerListAgents } from "./list-agents";
import { registerListCustomers } from "./list-customers";
import { registerListTransactions } from "./list-transactions";

export function registerDataRoutes(app: App): void {
  registerListCustomers(app);
  registerGetCustomer(app);
  registerListAccounts(app);
  registerListTransactions(app);
  registerListAgents(app);
  registerGetAgent(app);
  registerFlowMappingRoutes(app);
}
