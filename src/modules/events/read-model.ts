/**
 * The events module's read model: the outbox table, read only, for the modules that react to
 * events in SQL (the webhooks fan-out joins it to subscriptions; workflows finds risk alerts
 * that started no review). Events are written only through ./service.ts.
 */
export { events } from "../../db/shard/events";
