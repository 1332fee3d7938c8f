// Every KAFKA_LABS_* variable the code reads is a row of the README's environment table, in English and in Korean: a
// course platform or a CI sets up the kit from that table alone.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@kafka-labs/lab-kit/catalog';
import { expect, test } from 'vitest';

const CODE = /\.(ts|mts|mjs|js|sh|json|yaml|yml)$|^Dockerfile$/;
const SKIP = new Set(['node_modules', '.git', '.turbo', 'runs', 'work', 'golden', 'dist']);

function codeFiles(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) codeFiles(path, into);
    else if (CODE.test(entry.name) || dir.endsWith('.ci')) into.push(path);
  }
  return into;
}

/** The variables the rows of a README's table under `heading` name (first column). */
function documented(readme: string, heading: string): Set<string> {
  const text = readFileSync(join(REPO_ROOT, readme), 'utf8');
  const start = text.indexOf(`\n## ${heading}\n`);
  expect(start, `${readme} has a section "## ${heading}"`).toBeGreaterThan(0);
  const section = text.slice(start + 1).split(/\n## /)[0]!.slice(3);
  const names = section.split('\n').filter((line) => line.startsWith('| `')).flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
  return new Set(names);
}

const read = new Map<string, string>();
for (const file of codeFiles(REPO_ROOT)) {
  for (const [name] of readFileSync(file, 'utf8').matchAll(/\bKAFKA_LABS_[A-Z0-9_]*[A-Z0-9]\b/g)) if (!read.has(name)) read.set(name, file.slice(REPO_ROOT.length));
}

test('the code reads KAFKA_LABS_* variables (the scan finds them)', () => {
  expect([...read.keys()]).toEqual(expect.arrayContaining(['KAFKA_LABS_HOME', 'KAFKA_LABS_LANG']));
});

test.each([
  ['README.md', 'Environment variables'],
  ['README.ko.md', '환경 변수'],
])('%s documents every one of them in its table', (readme, heading) => {
  const rows = documented(readme, heading);
  expect([...read].filter(([name]) => !rows.has(name)).map(([name, file]) => `${name} (read in ${file})`)).toEqual([]);
});
