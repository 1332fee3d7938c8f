import { describe, expect, test } from 'vitest';
import { bashBlocksScript } from './markdown.ts';

describe('bashBlocksScript', () => {
  const readme = [
    '# Title', // 1
    '```bash', // 2
    'export A=1', // 3
    '```', // 4
    'Some prose with `code`.', // 5
    '```', // 6
    'expected output, not run', // 7
    '```', // 8
    '```sh', // 9
    'echo an example for platforms', // 10
    '```', // 11
    '  ```bash', // 12: indented (inside a list item): not a block of the solution
    '  echo nested', // 13
    '  ```', // 14
    '````bash', // 15
    'cat <<EOF', // 16
    '```', // 17: a shorter fence inside a longer one is content
    'EOF', // 18
    '````', // 19
  ].join('\n');

  test('keeps exactly the lines of bash blocks, each at its own line number', () => {
    const lines = bashBlocksScript(readme).split('\n');
    expect(lines[2]).toBe('export A=1');
    expect(lines[15]).toBe('cat <<EOF');
    expect(lines[16]).toBe('```');
    expect(lines[17]).toBe('EOF');
    expect(lines.filter((l) => l !== '')).toEqual(['export A=1', 'cat <<EOF', '```', 'EOF']);
  });

  test('a block that is never closed is an error', () => {
    expect(() => bashBlocksScript('```bash\necho 1\n')).toThrow('a fenced block opened with ``` is never closed');
  });
});
