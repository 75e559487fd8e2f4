/**
 * Name normalisation for screening (docs/methodology/sanctions.md#normalisation). A name becomes
 * a list of tokens that both sides of a comparison share a spelling for: case and accents gone,
 * punctuation a space, honorifics, particles and company suffixes dropped, and the common
 * Ghanaian and Arabic transliteration variants mapped to one form.
 */

/** Titles and honorifics: dropped (unless nothing else is left). */
const HONORIFICS = new Set([
  "mr",
  "mrs",
  "ms",
  "miss",
  "mx",
  "dr",
  "prof",
  "professor",
  "sir",
  "dame",
  "lord",
  "lady",
  "rev",
  "reverend",
  "fr",
  "father",
  "pastor",
  "bishop",
  "apostle",
  "prophet",
  "evangelist",
  "hon",
  "honourable",
  "honorable",
  "his",
  "her",
  "excellency",
  "mp",
  "esq",
  "jr",
  "sr",
  "ii",
  "iii",
  "col",
  "colonel",
  "gen",
  "general",
  "maj",
  "major",
  "capt",
  "captain",
  "lt",
  "sheikh",
  "shaikh",
  "sheik",
  "shaykh",
  "imam",
  "mullah",
  "mawlawi",
  "maulvi",
  "haji",
  "hajji",
  "alhaji",
  "alhajji",
  "hajia",
  "hajiya",
  "alhaja",
  "sayyid",
  "syed",
  "nana",
  "togbe",
  "torgbui",
  "naa",
  "nii",
  "oheneba",
  "odikro",
  "okyeame",
]);

/** Company suffixes and legal forms, dropped from every name (a person rarely carries one). */
const COMPANY_SUFFIXES = new Set([
  "ltd",
  "limited",
  "llc",
  "inc",
  "incorporated",
  "plc",
  "co",
  "company",
  "corp",
  "corporation",
  "gmbh",
  "ag",
  "sa",
  "sarl",
  "sas",
  "srl",
  "spa",
  "bv",
  "nv",
  "llp",
  "lp",
  "pvt",
  "pte",
  "pty",
  "ooo",
  "zao",
  "oao",
  "pjsc",
  "jsc",
  "ojsc",
  "cjsc",
  "fze",
  "fzco",
  "fzc",
  "fzllc",
  "est",
  "establishment",
  "enterprise",
  "enterprises",
  "the",
  "and",
  "of",
]);

/** Name particles: Arabic articles and filiation, Dutch/Iberian connectives. */
const PARTICLES = new Set([
  "al",
  "el",
  "ul",
  "ad",
  "ud",
  "bin",
  "ibn",
  "ben",
  "bint",
  "binti",
  "de",
  "da",
  "van",
  "von",
  "der",
  "y",
]);

/**
 * Transliteration variants: each spelling on the right becomes the one on the left. The list is
 * what a lookup cannot reach by edit distance (Kojo / Kwadwo, Yao / Yaw) or where edit distance
 * would also join distinct names; small spelling differences are left to the similarity score.
 */
const VARIANTS: Record<string, string[]> = {
  // Arabic
  muhammad: [
    "mohammed",
    "mohammad",
    "mohamed",
    "mohamad",
    "muhammed",
    "muhamed",
    "mohd",
    "muhamad",
    "mahomed",
    "mehmet",
    "mohamud",
    "mouhamed",
    "mouhammad",
    "mohammd",
  ],
  ahmad: ["ahmed", "ahmat", "ahamed", "achmad", "akhmed"],
  abdul: ["abdel", "abdal", "abdoul", "abdool", "abd", "abdoel"],
  abdullah: ["abdallah", "abdallahi", "abdullahi", "abdellah", "abdulla"],
  husayn: ["hussein", "husain", "hussain", "husein", "hossein", "houssein", "hussien", "husseyn"],
  hasan: ["hassan", "hassane", "hasen"],
  usama: ["osama", "ousama", "oussama"],
  yusuf: ["yousef", "youssef", "yusef", "yousif", "yousuf", "youssouf", "yussuf", "yusif"],
  umar: ["omar", "omer", "umer", "oumar"],
  uthman: ["othman", "osman", "usman", "ousmane", "uthmaan", "othmane"],
  ali: ["aly", "alee"],
  ibrahim: ["ebrahim", "ibraheem", "ibrahima", "brahim"],
  ismail: ["ismael", "ismaeel", "ismayil"],
  khalid: ["khaled", "khalled", "khaleed"],
  mahmud: ["mahmoud", "mahmood", "mehmood"],
  mustafa: ["mustapha", "moustafa", "mostafa", "moustapha"],
  qaddafi: ["gaddafi", "kadhafi", "qadhafi", "gadhafi", "kaddafi", "qathafi"],
  qaida: ["qaeda", "qaidah", "kaida"],
  rahman: ["rehman", "rahmane"],
  said: ["saeed", "sayed", "sayeed", "saied"],
  abu: ["abou", "abo"],
  // Akan day names and common Ghanaian spellings
  kwame: ["kwami", "kuame"],
  kwaku: ["kweku", "kwaaku", "kuaku", "kwako"],
  kwadwo: ["kojo", "kwadjo", "kodwo", "kodjo", "cudjoe", "cudjo", "kwadjor"],
  kwabena: ["kobina", "kobena", "kwabina", "ebo"],
  kwasi: ["kwesi", "akwasi", "kwese", "kwesie", "kosi"],
  kofi: ["koffi", "kofie"],
  yaw: ["yao", "yawo"],
  akosua: ["akosuah"],
  adwoa: ["adjoa", "adjowa", "adwowa", "adzo"],
  abena: ["abenaa", "abenah", "abla"],
  akua: ["akuah", "ekua"],
  yaa: ["yah", "yawa"],
  afua: ["afia", "efua", "afuah"],
  ama: ["amma", "amah"],
  esi: ["essi", "esie"],
  mensah: ["mensa", "mensar"],
  agyeman: ["agyemang", "agyiman", "agyemin"],
  danquah: ["dankwa", "dankwah"],
  appiah: ["apiah", "appia"],
  ofori: ["offori"],
  nkrumah: ["nkruma", "nkroma"],
};

const CANONICAL = new Map<string, string>();
for (const [canonical, spellings] of Object.entries(VARIANTS)) {
  for (const s of spellings) CANONICAL.set(s, canonical);
}

/** Letters without their accents, and the few that NFKD does not split. */
const FOLDED: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ł: "l",
  ı: "i",
  þ: "th",
  ð: "d",
};

/** Lower case, accents removed, every run of non-letter-digit characters one space; apostrophes vanish. */
export function foldText(raw: string): string {
  return raw
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[ßæœøđłıþð]/g, (c) => FOLDED[c] ?? c)
    .replace(/['’‘`ʻʼ]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * A token's comparison skeleton: doubled letters collapsed and spellings that vary across
 * transliterations made one (kh/k, q/k, ph/f, ou/u, ee/i, oo/u, dh/d, ck/k, and a hard c/k).
 */
export function skeleton(token: string): string {
  return token
    .replace(/ck/g, "k")
    .replace(/c(?![eiyh])/g, "k")
    .replace(/kh/g, "k")
    .replace(/q/g, "k")
    .replace(/ph/g, "f")
    .replace(/dh/g, "d")
    .replace(/ou/g, "u")
    .replace(/ee/g, "i")
    .replace(/oo/g, "u")
    .replace(/(.)\1+/g, "$1");
}

/**
 * The tokens of a name: folded, canonical spellings, honorifics, particles and company suffixes
 * dropped (each only while some other token is left), duplicates removed, as skeletons.
 */
export function nameTokens(raw: string): string[] {
  const words = foldText(raw)
    .split(" ")
    .filter((w) => w.length > 0)
    .map((w) => CANONICAL.get(w) ?? w);
  let kept = words.filter((w) => !HONORIFICS.has(w));
  if (kept.length === 0) kept = words;
  const withoutNoise = kept.filter((w) => !PARTICLES.has(w) && !COMPANY_SUFFIXES.has(w));
  if (withoutNoise.length > 0) kept = withoutNoise;
  return [...new Set(kept.map(skeleton))];
}
