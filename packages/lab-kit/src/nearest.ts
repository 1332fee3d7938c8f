/** The number of single-character insertions, deletions and substitutions that turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length]!;
}

/**
 * The at most `limit` names closest to a mistyped `name`, closest first: those it is a prefix of (or the part after a
 * lab's number is), and those within an edit distance of a third of its length (at least 2).
 */
export function nearest(name: string, names: readonly string[], limit = 3): string[] {
  const typed = name.toLowerCase();
  const within = Math.max(2, Math.floor(typed.length / 3));
  const scored = names.flatMap((candidate) => {
    const forms = [candidate, candidate.replace(/^\d+-/, '')];
    const prefix = typed.length >= 2 && forms.some((form) => form.startsWith(typed));
    const distance = Math.min(...forms.map((form) => editDistance(typed, form)));
    return prefix || distance <= within ? [{ candidate, score: prefix ? 0 : distance }] : [];
  });
  return scored.sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate)).slice(0, limit).map((s) => s.candidate);
}

/** "did you mean a, b or c?" with the names nearest to `name`, or undefined when none is near. */
export function didYouMean(name: string, names: readonly string[]): string | undefined {
  const near = nearest(name, names);
  return near.length ? `did you mean ${near.slice(0, -1).join(', ')}${near.length > 1 ? ' or ' : ''}${near.at(-1)}?` : undefined;
}
