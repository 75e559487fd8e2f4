import { foldText } from "./normalize";

/** Longest counterparty key kept (a case's subject id). */
const KEY_MAX = 200;

/**
 * A transfer counterparty's identity as a screening subject (docs/methodology/sanctions.md#counterparties):
 * its name folded (case, accents, punctuation and spacing ignored), so `KOJO MENSA LTD.` and
 * `Kojo Mensa Ltd` are one subject whose cleared false positives are remembered, while another
 * spelling (`Kwadwo Mensah`) is another subject, screened and cleared on its own.
 */
export function counterpartyKey(name: string): string {
  const folded = foldText(name);
  return (folded.length > 0 ? folded : name.trim().toLowerCase()).slice(0, KEY_MAX);
}

/** Transaction ids a case keeps as its evidence, most recent first. */
export const CASE_TRANSACTIONS_MAX = 50;

/** The newest ids first, then the ones a case held, without repeats, at most CASE_TRANSACTIONS_MAX. */
export function mergeTransactionIds(newest: readonly string[], held: readonly string[]): string[] {
  return [...new Set([...newest, ...held])].slice(0, CASE_TRANSACTIONS_MAX);
}
