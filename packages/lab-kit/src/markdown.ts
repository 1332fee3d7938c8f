/**
 * The ```bash blocks of a markdown text as one bash script that keeps every line at its line number in the text
 * (everything else, other fenced blocks included, becomes a blank line), so bash's LINENO names the README line.
 */
export function bashBlocksScript(markdown: string): string {
  let inBash = false;
  let fence: string | null = null;
  const lines = markdown.split('\n').map((line) => {
    if (fence === null) {
      const open = /^(`{3,}|~{3,})(.*)$/.exec(line);
      if (!open) return '';
      fence = open[1]!;
      inBash = open[2]!.trim() === 'bash';
      return '';
    }
    if (line.startsWith(fence) && line.slice(fence.length).trim() === '') {
      fence = null;
      inBash = false;
      return '';
    }
    return inBash ? line : '';
  });
  if (fence !== null) throw new Error(`a fenced block opened with ${fence} is never closed`);
  return `${lines.join('\n')}\n`;
}
