import type { App } from "../../../http/context";
import { registerGetErasure } from "./get-erasure";
import { registerRequestErasure } from "./request-erasure";

export function registerPrivacyRoutes(app: App): void {
  registerRequestErasure(app);
  registerGetErasure(app);
}
