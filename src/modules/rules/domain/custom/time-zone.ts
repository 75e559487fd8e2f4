/**
 * The fixed UTC offset (minutes) of an IANA time zone at one instant. Custom rules read
 * hour-of-day and calendar day with this one offset over the whole window: SQLite has no
 * time-zone database, so a window that crosses a daylight-saving change reads the hours on
 * the other side of it one hour off (docs/methodology/rules.md#time-zones).
 */
export function utcOffsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"));
  const utc = Math.floor(at.getTime() / 60_000) * 60_000;
  return Math.round((local - utc) / 60_000);
}

/**
 * The instant a local wall-clock time (month 0-11) begins in a zone: the offset is read at a first
 * guess, then again at the instant it gives, so a time next to a daylight-saving change lands on
 * the offset in force then. Schedules (monitoring) and local days (goAML CTR) both use it.
 */
export function instantOfLocal(timeZone: string, year: number, month: number, day: number, hour = 0): Date {
  const wall = Date.UTC(year, month, day, hour);
  const guess = new Date(wall - utcOffsetMinutes(timeZone, new Date(wall)) * 60_000);
  return new Date(wall - utcOffsetMinutes(timeZone, guess) * 60_000);
}
