// One file per domain; each later module adds its tables in its own file and exports here.

export * from "./agent-health";
export * from "./aml";
export * from "./audit";
export * from "./bhi";
export * from "./data";
export * from "./fraud";
export * from "./ingest";
export * from "./rules";
export * from "./sme";
export * from "./webhooks";
export * from "./workflows";
