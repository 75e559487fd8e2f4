import type { App } from "../../../http/context";

/** Self-hosted Scalar bundle (public/assets, copied from node_modules at install): no CDN. */
export const SCALAR_ASSET_PATH = "/assets/scalar/standalone.js";

// The document it loads names this origin as its server (docs/decisions/http-conventions.md#docs-page-server).
const INIT_SCRIPT = `
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
    `;

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
    <script>${INIT_SCRIPT}</script>
  </body>
</html>`;

const sha256Base64 = async (text: string) =>
  btoa(
    String.fromCharCode(
      ...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))),
    ),
  );

/**
 * Everything the page loads is this origin's (docs/decisions/http-conventions.md#docs-page-csp):
 * the bundle, the document, the try-it requests. The one inline script is allowed by its
 * hash; Scalar injects <style> elements, hence 'unsafe-inline' for styles only.
 */
export async function docsPageCsp(): Promise<string> {
  return [
    "default-src 'none'",
    `script-src 'self' 'sha256-${await sha256Base64(INIT_SCRIPT)}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function registerDocsPage(app: App): void {
  app.get("/v1/docs", async (c) => {
    c.header("Content-Security-Policy", await docsPageCsp());
    // Public and the same for everyone: a browser may keep it briefly.
    c.header("Cache-Control", "public, max-age=300");
    return c.html(page);
  });
}
