import type { App } from "../../../http/context";
import { registerCreateSubscription } from "./create-subscription";
import { registerDeleteSubscription } from "./delete-subscription";
import { registerGetDelivery } from "./get-delivery";
import { registerGetSubscription } from "./get-subscription";
import { registerListDeliveries } from "./list-deliveries";
import { registerListEventTypes } from "./list-event-types";
import { registerListSubscriptions } from "./list-subscriptions";
import { registerReplayDelivery } from "./replay-delivery";
import { registerRotateSecret } from "./rotate-secret";
import { registerTestSubscription } from "./test-subscription";
import { registerUpdateSubscription } from "./update-subscription";

export function registerWebhookRoutes(app: App): void {
  registerCreateSubscription(app);
  registerListSubscriptions(app);
  registerGetSubscription(app);
  registerUpdateSubscription(app);
  registerDeleteSubscription(app);
  registerRotateSecret(app);
  registerTestSubscription(app);
  registerListDeliveries(app);
  registerGetDelivery(app);
  registerReplayDelivery(app);
  registerListEventTypes(app);
}
