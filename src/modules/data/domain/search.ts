/**
 * Customer search text, made safe for SQLite: FTS5 reads its query as a C string (a NUL ended it
 * early: "unterminated string", a 500), and its query syntax gives meaning to quotes, `*`, `^`,
 * `NEAR`, `AND`/`OR`/`NOT`, parentheses and `column:` filters. The text always becomes one
 * quoted phrase, so all of those are literal characters to match.
 */

/** Longest search text (characters), also the query schema's maxLength. */
export const MAX_SEARCH_LENGTH = 100;

/** C0 controls and DEL: refused by the query schema, dropped here for any other caller. */
export const CONTROL_CHARACTERS = "\\u0000-\\u001F\\u007F";
const controls = new RegExp(`[${CONTROL_CHARACTERS}]`, "g");

export const withoutControls = (text: string) => text.replace(controls, "");

/** The trigram index answers 3 characters or more; shorter text scans the tenant's rows. */
export const usesTrigramIndex = (text: string) => [...text].length >= 3;

/** The text as one FTS5 phrase: double quotes doubled, so nothing in it is query syntax. */
export const ftsPhrase = (text: string) => `"${withoutControls(text).replace(/"/g, '""')}"`;

/** The text as a LIKE pattern for `ESCAPE '\'`: `%`, `_` and `\` are literal. */
export const likePattern = (text: string) => `%${withoutControls(text).replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
