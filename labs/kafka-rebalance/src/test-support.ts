// What the lab tests of this track share besides lab-kit's grade-an-altered-copy helpers.

/** The lines of a worker log, edited one by one: `edit` returns the line, a replacement, or several lines. */
export function editLines(text: string, edit: (line: string, index: number, lines: string[]) => string | string[]): string {
  const lines = text.trimEnd().split('\n');
  return `${lines.flatMap((line, index) => edit(line, index, lines)).join('\n')}\n`;
}
