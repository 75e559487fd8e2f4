// One file per domain; each later module adds its tables in its own file and exports here.

export * from "./bhi";
export * from "./data";
