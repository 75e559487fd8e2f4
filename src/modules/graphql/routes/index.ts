import type { App } from "../../../http/context";
import { registerGraphQL } from "./graphql";

export function registerGraphQLRoutes(app: App): void {
  registerGraphQL(app);
}
