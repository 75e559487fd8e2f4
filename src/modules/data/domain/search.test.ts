import { describe, expect, it } from "vitest";
import { ftsPhrase, likePattern, usesTrigramIndex, withoutControls } from "./search";

describe("customer search text", () => {
  it("drops C0 controls and DEL, keeps everything else", () => {
    expect(withoutControls("a\u0000b\u0001c\u001f\u007fd\te")).toBe("abcde");
    expect(withoutControls("Kofi's Chop – Bar é")).toBe("Kofi's Chop – Bar é");
  });

  it("quotes the text as one FTS5 phrase with quotes doubled", () => {
    expect(ftsPhrase('name:"x" NEAR(a b) *^')).toBe('"name:""x"" NEAR(a b) *^"');
    expect(ftsPhrase('a"')).toBe('"a"""');
    expect(ftsPhrase("a\u0000b")).toBe('"ab"');
  });

  it("escapes LIKE wildcards and the escape character", () => {
    expect(likePattern("5%_\\")).toBe("%5\\%\\_\\\\%");
  });

  it("uses the trigram index from 3 characters (code points, not UTF-16 units)", () => {
    expect(usesTrigramIndex("ab")).toBe(false);
    expect(usesTrigramIndex("abc")).toBe(true);
    expect(usesTrigramIndex("a😀")).toBe(false);
  });
});
