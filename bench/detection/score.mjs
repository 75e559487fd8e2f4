// Scoring of the detection benchmark, at the level of holders (a customer with its accounts, and
// for an agent its agent record): a holder is flagged when any alert or case names one of its
// entities, as the customer, an account, the agent, the merchant name or the counterparty account.
// Positives are the participants of planted laundering and fraud schemes. Pure: the bench feeds
// it what it read through the API.

/** The benchmark's goals (issue 34): the detection work is judged by them. */
export const GOALS = {
  f1: { min: 0.6 },
  alertRate: { max: 0.05 },
  minTypologyRecall: { min: 0.8 },
  f1OverTopVolume: { min: 3 },
  lookalikeShare: { max: 0.1 },
};

/**
 * Resolves an alert's or case's entity to a holder id, or null for a party outside the tenant's
 * holders (an outside counterparty, a merchant that is not a holder). `ids` maps the service's
 * customer and account uuids to their external ids.
 */
export function entityResolver(data, ids) {
  const byCustomer = new Map();
  const byAccount = new Map();
  const byAgent = new Map();
  const byMerchant = new Map();
  for (const h of data.holders) {
    byCustomer.set(h.customer, h.id);
    for (const a of h.accounts) byAccount.set(a, h.id);
    if (h.agentId) byAgent.set(h.agentId, h.id);
    if (h.merchantName) byMerchant.set(h.merchantName, h.id);
  }
  return (entityType, entityId) => {
    if (entityType === "customer") return byCustomer.get(ids.customers.get(entityId)) ?? null;
    if (entityType === "account") return byAccount.get(ids.accounts.get(entityId)) ?? null;
    if (entityType === "agent") return byAgent.get(entityId) ?? null;
    if (entityType === "merchant") return byMerchant.get(entityId) ?? null;
    if (entityType === "counterparty") return byAccount.get(entityId) ?? null;
    return null;
  };
}

/** Flagged holders from alerts or cases: holder id -> the rules that fired on it (kind:ruleId). */
export function flaggedHolders(items, resolve) {
  const flagged = new Map();
  let outside = 0;
  for (const item of items) {
    const holder = resolve(item.entityType, item.entityId);
    if (!holder) {
      outside++;
      continue;
    }
    const rules = flagged.get(holder) ?? new Set();
    for (const rule of item.rules) rules.add(rule);
    flagged.set(holder, rules);
  }
  return { flagged, outside };
}

/** The entry of `key` in `object`, made by `make` the first time. */
function entry(object, key, make) {
  if (!(key in object)) object[key] = make();
  return object[key];
}

const isPositive = (h) => h.label.class === "laundering" || h.label.class === "fraud";

/** Precision, recall and F1 of `flagged` (a set of holder ids) against the positives. */
export function prf(holders, flagged) {
  let tp = 0;
  let positives = 0;
  for (const h of holders) {
    if (!isPositive(h)) continue;
    positives++;
    if (flagged.has(h.id)) tp++;
  }
  const precision = flagged.size ? tp / flagged.size : 0;
  const recall = positives ? tp / positives : 0;
  return {
    flagged: flagged.size,
    tp,
    positives,
    precision,
    recall,
    f1: flagged.size + positives ? (2 * tp) / (flagged.size + positives) : 0,
    alertRate: flagged.size / holders.length,
  };
}

/** Total amount each holder moved (credits and debits on its accounts), in cedis. */
export function volumes(data) {
  const volume = new Map(data.holders.map((h) => [h.id, 0]));
  data.transactions.forEach((t, i) => {
    volume.set(data.owners[i], volume.get(data.owners[i]) + Number(t.amount));
  });
  return volume;
}

/** The top-volume baseline: the `k` holders that moved the most money (ties by id). */
export function topVolume(data, k) {
  const volume = volumes(data);
  const ranked = [...volume.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return new Set(ranked.slice(0, k).map(([id]) => id));
}

/**
 * The random baseline at `k` flags: its expected figures. With k of N holders drawn at random,
 * the expected true positives are k * P / N, so expected precision is P / N, expected recall
 * k / N, and (F1 = 2 TP / (k + P) being linear in TP) expected F1 = 2 k P / (N (k + P)). A
 * typology's expected recall is k / N.
 */
export function randomBaseline(holders, k) {
  const n = holders.length;
  const p = holders.filter(isPositive).length;
  return {
    flagged: k,
    tp: (k * p) / n,
    positives: p,
    precision: p / n,
    recall: k / n,
    f1: k + p ? (2 * k * p) / (n * (k + p)) : 0,
    alertRate: k / n,
  };
}

/**
 * Per typology: participants, how many are flagged, recall, which rules fired on them, and the
 * same split by role and by whether the scheme ended within the last `windowDays` of the history
 * (the rules' windows end at the screening: an older scheme is judged on what came after it).
 */
export function byTypology(data, flagged, windowDays = 30) {
  const recent = new Set(
    data.schemes.filter((s) => s.endDay >= data.options.days - windowDays).map((s) => s.id),
  );
  const rows = new Map();
  for (const h of data.holders) {
    if (!isPositive(h)) continue;
    const key = h.label.typology;
    const row = rows.get(key) ?? {
      typology: key,
      class: h.label.class,
      participants: 0,
      found: 0,
      schemes: new Set(),
      roles: {},
      recent: { participants: 0, found: 0 },
      older: { participants: 0, found: 0 },
      rules: new Map(),
    };
    row.participants++;
    row.schemes.add(h.label.scheme);
    const role = entry(row.roles, h.label.role, () => ({ participants: 0, found: 0 }));
    const when = recent.has(h.label.scheme) ? row.recent : row.older;
    role.participants++;
    when.participants++;
    const rules = flagged.get(h.id);
    if (rules) {
      row.found++;
      role.found++;
      when.found++;
      for (const rule of rules) row.rules.set(rule, (row.rules.get(rule) ?? 0) + 1);
    }
    rows.set(key, row);
  }
  return [...rows.values()].map((r) => ({ ...r, schemes: r.schemes.size, recall: r.found / r.participants }));
}

/**
 * The rules that implement each planted typology (docs/methodology/typologies.md#planted-typologies):
 * a mule is a fan-in on a new or dormant hub.
 */
export const TYPOLOGY_RULES = {
  fan_in: ["AML-FNI-016"],
  fan_out: ["AML-FNO-017"],
  cycle: ["AML-CYC-012"],
  scatter_gather: ["AML-SGA-013"],
  gather_scatter: ["AML-GSC-014"],
  layering: ["AML-LAY-015"],
  structuring: ["AML-SMF-018"],
  mule: ["AML-FNI-016"],
  account_takeover: ["new_payee_drain"],
  refund_abuse: ["refund_beyond_purchase"],
};

/**
 * Per typology (issue 34, item 7): recall = its participants flagged by any alert (the goal's
 * figure); the holders its rules flag (alert rate over all holders) and their precision (the
 * share in any planted scheme: a fan-in rule that flags a mule is right); F1 of the two.
 * `flagged`: holder id -> the rules that flagged it.
 */
export function typologyTable(holders, flagged, rulesOf = TYPOLOGY_RULES) {
  const byId = new Map(holders.map((h) => [h.id, h]));
  const out = [];
  for (const [typology, rules] of Object.entries(rulesOf)) {
    const participants = holders.filter((h) => isPositive(h) && h.label.typology === typology);
    if (!participants.length) continue;
    const found = participants.filter((h) => flagged.has(h.id)).length;
    const byRule = [...flagged].filter(([, fired]) => rules.some((r) => fired.has(r))).map(([h]) => h);
    const tp = byRule.filter((h) => isPositive(byId.get(h))).length;
    const recall = found / participants.length;
    const precision = byRule.length ? tp / byRule.length : 0;
    out.push({
      typology,
      class: participants[0].label.class,
      participants: participants.length,
      found,
      recall,
      ruleFlagged: byRule.length,
      precision,
      f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0,
      alertRate: byRule.length / holders.length,
    });
  }
  return out;
}

/** Recall of a set of flags per typology (for the baselines' columns). */
export function recallByTypology(holders, flaggedIds) {
  const out = {};
  for (const h of holders) {
    if (!isPositive(h)) continue;
    const r = entry(out, h.label.typology, () => ({ participants: 0, found: 0 }));
    r.participants++;
    if (flaggedIds.has(h.id)) r.found++;
  }
  return out;
}

/** The look-alikes among the flags: their share, and per kind how many of the kind are flagged. */
export function lookalikes(holders, flagged) {
  const kinds = {};
  let flaggedLookalikes = 0;
  for (const h of holders) {
    if (h.label.class !== "lookalike") continue;
    const k = entry(kinds, h.label.kind, () => ({ holders: 0, flagged: 0, rules: new Map() }));
    k.holders++;
    const rules = flagged.get(h.id);
    if (!rules) continue;
    k.flagged++;
    flaggedLookalikes++;
    for (const rule of rules) k.rules.set(rule, (k.rules.get(rule) ?? 0) + 1);
  }
  return { share: flagged.size ? flaggedLookalikes / flagged.size : 0, flagged: flaggedLookalikes, kinds };
}

/** False flags by population (look-alikes and ordinary holders), with the rules that made them. */
export function falseFlags(holders, flagged) {
  const out = {};
  for (const h of holders) {
    if (isPositive(h)) continue;
    const group = h.label.class === "lookalike" ? `lookalike:${h.label.kind}` : h.population;
    const row = entry(out, group, () => ({ holders: 0, flagged: 0, rules: new Map() }));
    row.holders++;
    const rules = flagged.get(h.id);
    if (!rules) continue;
    row.flagged++;
    for (const rule of rules) row.rules.set(rule, (row.rules.get(rule) ?? 0) + 1);
  }
  return out;
}

/** The flags left when `rule` is taken out: holders on which another rule fired, with those rules. */
export function withoutRule(flagged, rule) {
  const left = new Map();
  for (const [holder, set] of flagged) {
    const others = new Set([...set].filter((r) => r !== rule));
    if (others.size) left.set(holder, others);
  }
  return left;
}

/**
 * Each rule that fired: the holders it flags alone (its own precision and recall) and what is left
 * without it (a holder stays flagged when another rule fired on it: an alert is stored when any
 * of its rules fired, so this is exact for alerts).
 */
export function ruleTable(holders, flagged) {
  const rules = new Set();
  for (const set of flagged.values()) for (const rule of set) rules.add(rule);
  return [...rules]
    .map((rule) => {
      const alone = new Set();
      for (const [holder, set] of flagged) if (set.has(rule)) alone.add(holder);
      return { rule, alone: prf(holders, alone), without: prf(holders, withoutRule(flagged, rule)) };
    })
    .sort((a, b) => b.alone.flagged - a.alone.flagged || (a.rule < b.rule ? -1 : 1));
}

/** The worst recall among laundering typologies with at least `min` participants (null when none). */
export function minTypologyRecall(rows, min = 5) {
  const eligible = rows.filter((r) => r.class === "laundering" && r.participants >= min);
  return eligible.length ? Math.min(...eligible.map((r) => r.recall)) : null;
}

/** The most frequent rules of a count map, as "rule n" text. */
export const topRules = (rules, n = 4) =>
  [...rules.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([rule, count]) => `${rule} ${count}`)
    .join(", ");

/**
 * Calibration of the subject risk score (docs/methodology/risk-score.md#calibration), from alerts
 * raised with an alert score of 0: each rule's prior is the share of the holders it flags that
 * take part in a scheme, add-one smoothed ((tp + 1) / (flagged + 2)); each screening (its alerts
 * share a screeningId and an entity) scores 100 x (1 - product of (1 - prior)) over its rules; the
 * sweep flags the holders with a screening at or above each alert score.
 */
export function calibrate(holders, alerts, resolve, alertScores) {
  const positive = new Map(holders.map((h) => [h.id, isPositive(h)]));
  const byRule = new Map();
  for (const a of alerts) {
    const holder = resolve(a.entityType, a.entityId);
    if (!holder) continue;
    for (const rule of a.rules) {
      const set = byRule.get(rule) ?? new Set();
      set.add(holder);
      byRule.set(rule, set);
    }
  }
  const priors = [...byRule.entries()]
    .map(([rule, set]) => {
      const tp = [...set].filter((h) => positive.get(h)).length;
      return { rule, flagged: set.size, tp, prior: (tp + 1) / (set.size + 2) };
    })
    .sort((a, b) => b.prior - a.prior || a.rule.localeCompare(b.rule));
  const priorOf = new Map(priors.map((p) => [p.rule, p.prior]));
  const screenings = new Map();
  for (const a of alerts) {
    const holder = resolve(a.entityType, a.entityId);
    if (!holder) continue;
    const key = `${a.screeningId}|${a.entityType}:${a.entityId}`;
    const s = screenings.get(key) ?? { holder, rules: new Set() };
    for (const rule of a.rules) s.rules.add(rule);
    screenings.set(key, s);
  }
  const best = new Map();
  for (const { holder, rules } of screenings.values()) {
    const score = 100 * (1 - [...rules].reduce((r, rule) => r * (1 - priorOf.get(rule)), 1));
    best.set(holder, Math.max(best.get(holder) ?? 0, score));
  }
  const sweep = alertScores.map((alertScore) => {
    const flagged = new Map([...best].filter(([, s]) => s >= alertScore).map(([h]) => [h, new Set()]));
    const x = prf(holders, flagged);
    return {
      alertScore,
      ...x,
      alertRate: flagged.size / holders.length,
      lookalikeShare: lookalikes(holders, flagged).share,
    };
  });
  return { priors, sweep };
}
