/** Which customers a run covers: named ids, an id range (queue slices), or all. */
export type Target =
  | { kind: "ids"; ids: string[] }
  | { kind: "range"; afterId: string | null; throughId: string }
  | { kind: "all" };

/**
 * `target` cut into consecutive parts of at most `size` of `ids` (the target's customers, in id
 * order), each a target of its own: named ids stay named, a range or all become id ranges that
 * hold exactly their part (after the previous part's last id, through their own).
 */
export function targetParts(target: Target, ids: readonly string[], size: number): Target[] {
  const parts: Target[] = [];
  for (let i = 0; i < ids.length; i += size) {
    const chunk = ids.slice(i, i + size);
    if (target.kind === "ids") parts.push({ kind: "ids", ids: chunk });
    else
      parts.push({
        kind: "range",
        afterId: i > 0 ? ids[i - 1] : target.kind === "range" ? target.afterId : null,
        throughId: chunk[chunk.length - 1],
      });
  }
  return parts;
}
