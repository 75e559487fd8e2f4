/**
 * The values an erasure searches for (pure): the customer's name, email, phone and the personal
 * entries of its business_info (national id, addresses, birth date ...), each in the forms it is
 * stored in elsewhere: as given, lower and upper case, whitespace collapsed (names and e-mails
 * compare case-blind), a phone in international and local form for the tenant's country
 * (`0248706383` and `+233248706383`, `233248706383` as lists keep it), each also JSON-escaped
 * when that differs (inside JSON columns); longest first, so a full name is replaced before any
 * shorter value inside it. Values under 4 characters are left out: they would match unrelated text.
 */
export const MIN_VALUE_LENGTH = 4;
/** Bound parameters of one statement stay under D1's 100 with the page's bounds. */
export const MAX_VALUES = 80;
const PERSONAL_KEY =
  /national|id_?num|idnum|ghana_?card|passport|voter|licen[cs]e|tin$|address|street|city|birth|dob|phone|mobile|email|name|contact/i;

export interface Subject {
  name: string;
  email: string | null;
  phone: string | null;
  businessInfo: Record<string, unknown>;
}

/** The phone's forms: "+CCnational", "CCnational", "00CCnational" and "0national". */
export function phoneForms(phone: string, callingCode: string | null): string[] {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, "");
  let international: string | null = null;
  if (trimmed.startsWith("+")) international = digits;
  else if (trimmed.startsWith("00")) international = digits.slice(2);
  else if (callingCode && digits.startsWith("0")) international = callingCode + digits.slice(1);
  else if (callingCode && digits.startsWith(callingCode)) international = digits;
  if (!international) return [...new Set([trimmed, digits])];
  const national =
    callingCode && international.startsWith(callingCode) ? international.slice(callingCode.length) : null;
  return [
    trimmed,
    `+${international}`,
    international,
    `00${international}`,
    ...(national ? [`0${national}`, national] : []),
  ];
}

const caseForms = (v: string) => {
  const collapsed = v.replace(/\s+/gu, " ");
  return [v, collapsed, v.toLowerCase(), collapsed.toLowerCase(), v.toUpperCase()];
};

export function subjectValues(
  subject: Subject,
  redacted: string,
  callingCode: string | null = null,
): string[] {
  const info = Object.entries(subject.businessInfo)
    .filter(([key, value]) => typeof value === "string" && PERSONAL_KEY.test(key))
    .map(([, value]) => value as string);
  const texts = [subject.name, subject.email, ...info]
    .filter((v): v is string => typeof v === "string")
    .map((v) => v.trim())
    .flatMap(caseForms);
  const phones = subject.phone ? phoneForms(subject.phone, callingCode) : [];
  const forms = [...texts, ...phones]
    .filter((v) => v.length >= MIN_VALUE_LENGTH && v.toLowerCase() !== redacted)
    .flatMap((v) => {
      const escaped = JSON.stringify(v).slice(1, -1);
      return escaped === v ? [v] : [v, escaped];
    });
  return [...new Set(forms)].sort((a, b) => b.length - a.length || (a < b ? -1 : 1)).slice(0, MAX_VALUES);
}

/** The words of tags, as a text to search for customers' names (`kwame-mensah` -> `kwame mensah`). */
export const tagWords = (tags: readonly string[]) => tags.map((t) => t.replace(/[_.:-]+/g, " ")).join(" | ");
