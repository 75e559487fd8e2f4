// One file per domain; each later module adds its tables in its own file and exports here.
export * from "./data";
export * from "./webhooks";
