/** Field readers the list parsers share: dates of birth and country names in the lists' own forms. */
import { COUNTRY_CODES, isCountryCode } from "../../../lib/countries";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A date of birth as "YYYY", "YYYY-MM" or "YYYY-MM-DD" from the forms the lists use: ISO dates,
 * "10 Mar 1957", "Mar 1957", "circa 1957", "28/04/1937" (day first), "00/00/1937" (unknown day
 * and month), "1957 to 1959" (each year). Null when no year can be read.
 */
export function parseDates(raw: string): string[] {
  const text = raw.trim().toLowerCase();
  if (!text) return [];
  const range = text.match(/^(?:circa |approximately |c\. ?)?(\d{4})\s*(?:to|-|–)\s*(\d{4})$/);
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])];
    if (to >= from && to - from <= 10)
      return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
  }
  const iso = text.match(/^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/);
  if (iso) return [dateOf(Number(iso[1]), Number(iso[2] ?? 0), Number(iso[3] ?? 0))];
  const dmy = text.match(/^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/);
  if (dmy) return [dateOf(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]))];
  const words = text.match(/(?:(\d{1,2}) )?([a-z]{3})[a-z]* (\d{4})/);
  if (words && MONTHS.includes(words[2] as string)) {
    return [dateOf(Number(words[3]), MONTHS.indexOf(words[2] as string) + 1, Number(words[1] ?? 0))];
  }
  const year = text.match(/\b(1[89]\d{2}|20\d{2})\b/);
  return year ? [year[1] as string] : [];
}

function dateOf(year: number, month: number, day: number): string {
  if (!month || month > 12) return String(year);
  if (!day || day > 31) return `${year}-${pad(month)}`;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Names the lists use that are not the English short names. */
const OTHER_NAMES: Record<string, string> = {
  "syrian arab republic": "SY",
  "iran (islamic republic of)": "IR",
  "russian federation": "RU",
  "united states of america": "US",
  "democratic people's republic of korea": "KP",
  "korea, north": "KP",
  "north korea": "KP",
  "republic of korea": "KR",
  "korea, south": "KR",
  "cote d'ivoire": "CI",
  "ivory coast": "CI",
  "united kingdom of great britain and northern ireland": "GB",
  uk: "GB",
  "lao people's democratic republic": "LA",
  "libyan arab jamahiriya": "LY",
  "venezuela (bolivarian republic of)": "VE",
  "bolivia (plurinational state of)": "BO",
  "united republic of tanzania": "TZ",
  "democratic republic of the congo": "CD",
  "congo, democratic republic of the": "CD",
  burma: "MM",
  myanmar: "MM",
  palestinian: "PS",
  "state of palestine": "PS",
  turkey: "TR",
  "viet nam": "VN",
};

let byName: Map<string, string> | null = null;

const fold = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/\s+/g, " ")
    .trim();

/** An ISO 3166-1 alpha-2 code for a country as a list writes it (name or code); the text upper-cased when unknown. */
export function countryCode(raw: string): string {
  const text = fold(raw);
  if (!text) return "";
  if (text.length === 2 && isCountryCode(text.toUpperCase())) return text.toUpperCase();
  if (!byName) {
    byName = new Map(Object.entries(OTHER_NAMES));
    const names = new Intl.DisplayNames(["en"], { type: "region" });
    for (const code of COUNTRY_CODES) {
      const name = names.of(code);
      if (name && name !== code) byName.set(fold(name), code);
    }
  }
  return byName.get(text) ?? raw.trim().toUpperCase();
}
