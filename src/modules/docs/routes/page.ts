import type { App } from "../../../http/context";

/** Self-hosted Scalar bundle (public/assets, copied from node_modules at install): no CDN. */
export const SCALAR_ASSET_PATH = "/assets/scalar/standalone.js";

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Credit Operations API reference</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="${SCALAR_ASSET_PATH}"></script>
    <script>
      Scalar.createApiReference("#app", {
        url: "/v1/openapi.json",
        withDefaultFonts: false,
        hideClientButton: false,
        telemetry: false,
        showDeveloperTools: "never",
        // Hosted AI and MCP helpers need outside services: off for a self-contained page.
        agent: { disabled: true },
        mcp: { disabled: true },
      });
    </script>
  </body>
</html>`;

export function registerDocsPage(app: App): void {
  app.get("/v1/docs", (c) => c.html(page));
}
