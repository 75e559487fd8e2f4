/**
 * What in a free text could name a customer (pure): the e-mail addresses in it, its runs of 2-6
 * words (a full name, case-blind, with the punctuation around it dropped), and the phone numbers
 * in it as their last 9 digits (a national number without its trunk or country prefix:
 * `0248706383`, `+233 24 870 6383` and `233248706383` all give `248706383`). Each is looked up as
 * a whole in an index of the tenant's customers, so the cost follows the text, not the tenant.
 * Used to seal text about one customer that mentions another under both keys
 * (docs/decisions/offboarding-and-erasure.md#text-about-another-customer).
 */
export const PHONE_DIGITS = 9;
/** Names and e-mails shorter than this are not searched for: they would match unrelated words. */
export const MIN_MENTION_LENGTH = 5;

/** The longest full name looked for, in words. */
export const MAX_NAME_WORDS = 6;

export const foldText = (text: string) => text.toLowerCase().replace(/\s+/gu, " ");

const EMAIL = /[\p{L}\p{N}._%+'-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
/** Punctuation before or after a name in running text: `(Ama Mensah),` names `ama mensah`. */
const AROUND = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const POSSESSIVE = /['’]s$/u;

/** The e-mail addresses in a text, folded. */
export function emailsIn(text: string): string[] {
  return [...new Set(foldText(text).match(EMAIL) ?? [])].filter((e) => e.length >= MIN_MENTION_LENGTH);
}

/**
 * Every run of 2..MAX_NAME_WORDS words of a text, folded, as written and without the punctuation
 * around it (and a possessive `'s`): the full names it could hold. A name inside a longer word
 * (`mensahs`) or split by punctuation other than around it is not a mention.
 */
export function namesIn(text: string): string[] {
  const words = foldText(text).split(" ").filter(Boolean);
  const names = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    for (let n = 2; n <= MAX_NAME_WORDS && i + n <= words.length; n++) {
      const written = words.slice(i, i + n).join(" ");
      const bare = written.replace(AROUND, "");
      for (const name of [written, bare, bare.replace(POSSESSIVE, "")])
        if (name.length >= MIN_MENTION_LENGTH && name.includes(" ")) names.add(name);
    }
  }
  return [...names];
}

export function phoneTails(text: string): string[] {
  const found = text.match(/\+?\d[\d\s().-]{6,}\d/g) ?? [];
  const tails = found
    .map((candidate) => candidate.replace(/\D/g, ""))
    .filter((digits) => digits.length >= PHONE_DIGITS && digits.length <= 15)
    .map((digits) => digits.slice(-PHONE_DIGITS));
  return [...new Set(tails)];
}
