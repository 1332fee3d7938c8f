import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { REPO_ROOT } from '@kafka-labs/lab-kit';
import { describe, expect, test } from 'vitest';

const HANGUL = /[\uac00-\ud7a3]/;
const read = (path: string) => readFileSync(path, 'utf8');

/** The fenced code blocks of a markdown text, indented ones included, each with its fences, in order. */
function codeBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let open: { fence: string; lines: string[] } | null = null;
  for (const line of markdown.split('\n')) {
    if (open === null) {
      const fence = /^(\s*`{3,})/.exec(line)?.[1];
      if (fence) open = { fence, lines: [line] };
    } else {
      open.lines.push(line);
      if (line.trimEnd() === open.fence) {
        blocks.push(open.lines.join('\n'));
        open = null;
      }
    }
  }
  return blocks;
}

/** The lab ids in the first column of the lab index between the lab-index markers. */
const indexedLabs = (markdown: string) =>
  [...(/<!-- lab-index:start -->([\s\S]*?)<!-- lab-index:end -->/.exec(markdown)?.[1] ?? '').matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]);

const labs = join(REPO_ROOT, 'labs');
const trackAndLabReadmes = readdirSync(labs).flatMap((track) =>
  existsSync(join(labs, track, 'README.md'))
    ? [join(labs, track), ...readdirSync(join(labs, track)).map((lab) => join(labs, track, lab)).filter((dir) => existsSync(join(dir, 'manifest.json')))]
    : [],
);

describe('every track and lab README has a Korean README.ko.md beside it', () => {
  test('there are the six tracks and their labs to check', () => {
    expect(trackAndLabReadmes.length).toBeGreaterThanOrEqual(6 + 26);
  });
  test.each(trackAndLabReadmes.map((dir) => [relative(REPO_ROOT, dir), dir]))(
    '%s: README.ko.md is Korean, the two link to each other, and its code blocks are the English ones, in order',
    (_, dir) => {
      const en = read(join(dir, 'README.md'));
      const ko = read(join(dir, 'README.ko.md'));
      expect(ko).toMatch(HANGUL);
      expect(en).toContain('](README.ko.md)');
      expect(ko).toContain('](README.md)');
      expect(codeBlocks(ko)).toEqual(codeBlocks(en));
    },
  );
});

describe('the root README.ko.md', () => {
  const en = read(join(REPO_ROOT, 'README.md'));
  const ko = read(join(REPO_ROOT, 'README.ko.md'));
  test('links to README.md and is linked from it', () => {
    expect(en).toContain('](README.ko.md)');
    expect(ko).toContain('](README.md)');
  });
  test('indexes the same labs as README.md, in the same order, between the lab-index markers', () => {
    expect(indexedLabs(ko)).toEqual(indexedLabs(en));
    expect(indexedLabs(ko).length).toBeGreaterThanOrEqual(26);
  });
  test('maps each of the five articles (by seed file) to its track', () => {
    for (const seed of ['000_', '001_', '002_', '003_', '004_']) expect(ko).toContain(seed);
  });
});

test('every relative link of every README.ko.md names a file or folder that exists', () => {
  const files = [join(REPO_ROOT, 'README.ko.md'), ...trackAndLabReadmes.map((dir) => join(dir, 'README.ko.md'))];
  const broken = files.flatMap((file) =>
    [...read(file).matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
      .map((m) => m[1]!)
      .filter((target) => !/^[a-z]+:/.test(target) && !existsSync(join(dirname(file), target)))
      .map((target) => `${relative(REPO_ROOT, file)} -> ${target}`),
  );
  expect(broken).toEqual([]);
});
