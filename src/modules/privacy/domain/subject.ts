/**
 * The values an erasure searches for (pure): the customer's name, email, phone and the personal
 * entries of its business_info (national id, addresses, birth date ...). Each also in its JSON
 * escaped form when that differs (it appears so inside JSON columns), longest first so a full
 * name is replaced before any shorter value inside it. Values under 4 characters are left out:
 * replacing them everywhere would erase unrelated text.
 */
export const MIN_VALUE_LENGTH = 4;
export const MAX_VALUES = 24;
const PERSONAL_KEY =
  /national|id_?num|idnum|ghana_?card|passport|voter|licen[cs]e|tin$|address|street|city|birth|dob|phone|mobile|email|name|contact/i;

export interface Subject {
  name: string;
  email: string | null;
  phone: string | null;
  businessInfo: Record<string, unknown>;
}

export function subjectValues(subject: Subject, redacted: string): string[] {
  const info = Object.entries(subject.businessInfo)
    .filter(([key, value]) => typeof value === "string" && PERSONAL_KEY.test(key))
    .map(([, value]) => value as string);
  const raw = [subject.name, subject.email, subject.phone, ...info]
    .filter((v): v is string => typeof v === "string")
    .map((v) => v.trim())
    .filter((v) => v.length >= MIN_VALUE_LENGTH && v !== redacted);
  const forms = raw.flatMap((v) => {
    const escaped = JSON.stringify(v).slice(1, -1);
    return escaped === v ? [v] : [v, escaped];
  });
  return [...new Set(forms)].sort((a, b) => b.length - a.length || (a < b ? -1 : 1)).slice(0, MAX_VALUES);
}
