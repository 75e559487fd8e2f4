// Budget figures: each bench prints its figures as `BENCH_FIGURE {json}` lines, which
// `npm run bench -- --summary` (bench/run-all.mjs) collects into one object. A goal is
// `{ max }` or `{ min }`; a figure without a goal is context.

/** Prints one figure line and returns whether it meets its goal (null without one). */
export function figure(name, value, unit, goal = null) {
  const pass = goal ? ("max" in goal ? value <= goal.max : value >= goal.min) : null;
  console.log(`BENCH_FIGURE ${JSON.stringify({ name, value: Number(value.toFixed(3)), unit, goal, pass })}`);
  return pass;
}

/** The figure lines of a bench's output. */
export const parseFigures = (output) =>
  output
    .split("\n")
    .filter((line) => line.startsWith("BENCH_FIGURE "))
    .map((line) => JSON.parse(line.slice("BENCH_FIGURE ".length)));
