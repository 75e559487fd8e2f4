// Vite's import.meta.glob, as the tests that read source and fixture files at transform time call
// it (layout, import cycles, tenant predicates, table ownership, audit inserts, sanctions
// fixtures): one declaration for all of them. Vite replaces each call; the Worker never runs one.
interface ImportMeta {
  glob(
    pattern: string | string[],
    options: { query: "?raw"; import: "default"; eager: true },
  ): Record<string, string>;
  glob(pattern: string | string[], options?: { eager?: boolean }): Record<string, unknown>;
}
