/**
 * The tenant-local day a daily CTR covers: the day before the local date of `now`, as the
 * UTC instants [from, to) of its local midnights (a DST day has 23 or 25 hours).
 */
import { instantOfLocal as localMidnight, utcOffsetMinutes } from "../../rules/domain/custom/time-zone";

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, "0");

export interface LocalDay {
  day: string;
  from: string;
  to: string;
}

/** The local day `day` (YYYY-MM-DD) in the zone, as UTC bounds. */
export function localDay(day: string, timeZone: string): LocalDay {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d) + DAY_MS);
  return {
    day,
    from: localMidnight(timeZone, y, m - 1, d).toISOString(),
    to: localMidnight(timeZone, next.getUTCFullYear(), next.getUTCMonth(), next.getUTCDate()).toISOString(),
  };
}

/** Yesterday in the zone, relative to `now`. */
export function previousLocalDay(now: Date, timeZone: string): LocalDay {
  const local = new Date(now.getTime() + utcOffsetMinutes(timeZone, now) * 60_000 - DAY_MS);
  return localDay(
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    timeZone,
  );
}
