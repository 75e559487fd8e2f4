// Node stand-in for `cloudflare:workers` used only to build the OpenAPI document offline.
export class DurableObject {}
export class WorkerEntrypoint {}
export const env = {};
