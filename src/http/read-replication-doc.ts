import { type RouteConfig, z } from "@hono/zod-openapi";
import { BOOKMARK_PATTERN } from "../db/d1-session";
import type { App } from "./context";
import { BOOKMARK_HEADER, BOOKMARK_MESSAGE } from "./middleware/d1-session";

// How read replication shows in the OpenAPI document (docs/decisions/read-replication.md):
// added to every operation by the route builders, never by hand.

export const BookmarkHeader = z
  .string()
  .regex(BOOKMARK_PATTERN, BOOKMARK_MESSAGE)
  .optional()
  .openapi({
    param: { name: BOOKMARK_HEADER, in: "header" },
    description:
      "The `x-d1-bookmark` of an earlier answer: a GET then reads data at least as new as that answer saw " +
      "(read-your-writes across replicas). Ignored by writes and fresh reads, which start at the primary. " +
      "A malformed value is 400.",
    example: "00000000-00000022-00000000-00000000000000000000000000000000",
  });

const FRESH_NOTE =
  "\n\nFresh read: served by the primary database, never by a lagging replica (`x-d1-session: first-primary`).";

/** `x-d1-session` on every operation; a fresh GET also says so in its description. */
export function withReplicationDocument(route: RouteConfig, primary: boolean): Record<string, unknown> {
  const fresh = primary && route.method === "get";
  return {
    "x-d1-session": primary ? "first-primary" : "first-unconstrained",
    ...(fresh ? { description: `${route.description ?? route.summary ?? ""}${FRESH_NOTE}`.trim() } : {}),
  };
}

const BOOKMARK_HEADER_COMPONENT = "D1Bookmark";

/** One shared header component, referenced by every response (keeps the document small). */
export function registerBookmarkHeader(app: App): void {
  app.openAPIRegistry.registerComponent("headers", BOOKMARK_HEADER_COMPONENT, {
    description:
      "The D1 session's bookmark after this request, when it used the database: send it back as `x-d1-bookmark` " +
      "to read at least this state",
    schema: { type: "string", pattern: BOOKMARK_PATTERN.source },
  });
}

const BOOKMARK_RESPONSE_HEADER = {
  [BOOKMARK_HEADER]: { $ref: `#/components/headers/${BOOKMARK_HEADER_COMPONENT}` },
};

type Responses = NonNullable<RouteConfig["responses"]>;

/** Every response of an operation documents the x-d1-bookmark it may carry. */
export function withBookmarkResponses<R extends Responses>(responses: R): R {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [
      status,
      "$ref" in response
        ? response
        : { ...response, headers: { ...(response.headers as object), ...BOOKMARK_RESPONSE_HEADER } },
    ]),
  ) as R;
}
