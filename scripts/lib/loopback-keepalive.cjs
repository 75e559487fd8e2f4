// Miniflare's loopback server (Node's http) closes a keep-alive socket after Node's default 5 s
// idle. The local queue broker logs through it after every batch, on a socket idle for as long
// as the batch ran: a batch over 5 s fails there with EPIPE inside the broker, which then never
// delivers another message (local only; seen as a queued run stalling after its first step).
// Imported for its effect by bench/lib/server.mjs, and preloaded into `wrangler dev` by
// scripts/start.mjs (`--require` in NODE_OPTIONS: CommonJS so Node 20.3 takes it), before
// Miniflare creates its server.
const http = require("node:http");

const createServer = http.createServer;
http.createServer = (...args) => {
  const server = createServer(...args);
  server.keepAliveTimeout = 15 * 60_000;
  return server;
};
