/**
 * What in a free text could name a customer (pure): the text folded for a case-blind search
 * (lower case, whitespace collapsed), and the phone numbers in it as their last 9 digits (a
 * national number without its trunk or country prefix: `0248706383`, `+233 24 870 6383` and
 * `233248706383` all give `248706383`). Used to seal text about one customer that mentions
 * another under both keys (docs/decisions/offboarding-and-erasure.md#text-about-another-customer).
 */
export const PHONE_DIGITS = 9;
/** Names and e-mails shorter than this are not searched for: they would match unrelated words. */
export const MIN_MENTION_LENGTH = 5;

export const foldText = (text: string) => text.toLowerCase().replace(/\s+/gu, " ");

export function phoneTails(text: string): string[] {
  const found = text.match(/\+?\d[\d\s().-]{6,}\d/g) ?? [];
  const tails = found
    .map((candidate) => candidate.replace(/\D/g, ""))
    .filter((digits) => digits.length >= PHONE_DIGITS && digits.length <= 15)
    .map((digits) => digits.slice(-PHONE_DIGITS));
  return [...new Set(tails)];
}
