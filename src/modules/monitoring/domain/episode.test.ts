import { describe, expect, it } from "vitest";
import { type EpisodeHit, episodeOf, episodeOfHit, extendEpisode, type StoredEpisode } from "./episode";

const day = (d: number) => new Date(Date.UTC(2026, 10, 1) + d * 86_400_000).toISOString();
const stored = (over: Partial<StoredEpisode> = {}): StoredEpisode => ({
  alertId: "a1",
  kind: "aml",
  entityType: "customer",
  entityId: "c1",
  ruleIds: ["AML-STR-002", "AML-VEL-004"],
  createdAt: day(11),
  firstAt: day(5),
  lastAt: day(10),
  ...over,
});
const hit = (over: Partial<EpisodeHit> = {}): EpisodeHit => ({
  kind: "aml",
  entityType: "customer",
  entityId: "c1",
  ruleIds: ["AML-STR-002"],
  window: { firstAt: day(-15), lastAt: day(15) },
  ...over,
});

describe("one alert per episode", () => {
  it("a hit with no new rule whose window overlaps the alert's episode is that episode", () => {
    expect(episodeOfHit([stored()], hit())?.alertId).toBe("a1");
    // Its window reaches the episode's last day exactly.
    expect(episodeOfHit([stored()], hit({ window: { firstAt: day(10), lastAt: day(40) } }))).not.toBeNull();
  });

  it("a new rule, another kind, entity, or a window after the episode is a new episode", () => {
    expect(episodeOfHit([stored()], hit({ ruleIds: ["AML-STR-002", "AML-FIN-008"] }))).toBeNull();
    expect(episodeOfHit([stored()], hit({ kind: "fraud" }))).toBeNull();
    expect(episodeOfHit([stored()], hit({ entityId: "c2" }))).toBeNull();
    expect(episodeOfHit([stored()], hit({ entityType: "account" }))).toBeNull();
    expect(episodeOfHit([stored()], hit({ window: { firstAt: day(11), lastAt: day(41) } }))).toBeNull();
    expect(episodeOfHit([stored()], hit({ ruleIds: [] }))).toBeNull();
  });

  it("takes the latest raised of several matching alerts", () => {
    const older = stored({ alertId: "old", createdAt: day(6) });
    const newer = stored({ alertId: "new", createdAt: day(12) });
    expect(episodeOfHit([newer, older], hit())?.alertId).toBe("new");
    expect(episodeOfHit([older, newer], hit())?.alertId).toBe("new");
  });

  it("an episode is the arrived span inside the window, else the window", () => {
    const window = { firstAt: day(0), lastAt: day(30) };
    expect(episodeOf(window, { from: day(3), to: day(7) })).toEqual({ firstAt: day(3), lastAt: day(7) });
    expect(episodeOf(window, { from: day(-60), to: day(40) })).toEqual(window);
    expect(episodeOf(window, { from: null, to: null })).toEqual(window);
    // A span wholly before the window (a past point judged it): the window.
    expect(episodeOf(window, { from: day(-60), to: day(-50) })).toEqual(window);
  });

  it("extending keeps the earliest first date and the latest last date", () => {
    const a = { firstAt: day(5), lastAt: day(10) };
    expect(extendEpisode(a, { firstAt: day(7), lastAt: day(12) })).toEqual({
      firstAt: day(5),
      lastAt: day(12),
    });
    expect(extendEpisode(a, { firstAt: day(2), lastAt: day(8) })).toEqual({
      firstAt: day(2),
      lastAt: day(10),
    });
  });
});
