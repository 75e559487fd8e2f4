// One file per module (the owner of its tables, docs/architecture.md#tables-and-their-owners);
// the barrel is for src/db, src/durable-objects and tests: modules import their own file.

export * from "./admin";
export * from "./agent-health";
export * from "./aml";
export * from "./audit";
export * from "./bhi";
export * from "./cases";
export * from "./data";
export * from "./events";
export * from "./fraud";
export * from "./goaml";
export * from "./idempotency";
export * from "./ingest";
export * from "./lending";
export * from "./lists";
export * from "./monitoring";
export * from "./privacy";
export * from "./rules";
export * from "./sanctions";
export * from "./sme";
export * from "./users";
export * from "./webhooks";
export * from "./workflows";
