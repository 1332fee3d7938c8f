import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '@kafka-labs/cli';
import { REPO_ROOT } from '@kafka-labs/lab-kit/catalog';
import { runPnpm } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';
import { makeGolden, newLab, renameId } from './new-lab.ts';

/** A labs/ folder holding copies of two real tracks (without node_modules). */
function labsCopy(): string {
  const root = mkdtempSync(join(tmpdir(), 'new-lab-'));
  for (const track of ['kafka-basics', 'kafka-exactly-once']) {
    cpSync(join(REPO_ROOT, 'labs', track), join(root, track), { recursive: true, filter: (path) => !path.includes('/node_modules') });
  }
  return root;
}

describe('pnpm new-lab <track> <id>', () => {
  test('copies 00-hello to 99-x with the id renamed everywhere and no golden', () => {
    const labs = labsCopy();
    const { dir, from } = newLab('kafka-basics', '99-x', '00-hello', labs);
    expect(dir).toBe(join(labs, 'kafka-basics', '99-x'));
    expect(from.id).toBe('00-hello');
    expect(readdirSync(dir).sort()).toEqual(readdirSync(from.dir).filter((name) => name !== 'golden').sort());
    expect(readdirSync(dir)).toEqual(expect.arrayContaining(['README.md', 'grade.test.ts', 'grade.ts', 'manifest.json', 'run.ts']));
    expect(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).id).toBe('99-x');
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toMatch(/^# 99-x: /);
    for (const file of readdirSync(dir)) expect(readFileSync(join(dir, file), 'utf8')).not.toContain('00-hello');
    expect(readFileSync(join(dir, 'grade.test.ts'), 'utf8')).toBe(readFileSync(join(labs, 'kafka-basics', '00-hello', 'grade.test.ts'), 'utf8'));
  });

  test('without --from copies the track\'s first lab, and renames its <id>.live.test.ts', () => {
    const labs = labsCopy();
    expect(newLab('kafka-exactly-once', '09-copy', undefined, labs).from.id).toBe('01-ghost-reads');
    const copy = newLab('kafka-exactly-once', '10-other', '05-auto-commit-loss', labs);
    expect(readdirSync(copy.dir)).toContain('10-other.live.test.ts');
    expect(readdirSync(copy.dir)).not.toContain('golden');
  });

  test.each([
    [['kafka-basix', '99-x'], 'unknown track "kafka-basix"; did you mean kafka-basics?'],
    [['kafka-basics', '00-hello'], 'lab id "00-hello" is taken (labs/kafka-basics/00-hello)'],
    [['kafka-basics', '01-ghost-reads'], 'lab id "01-ghost-reads" is taken (labs/kafka-exactly-once/01-ghost-reads)'],
    [['kafka-basics', 'x'], /^lab id "x" must look like NN-name/],
    [['kafka-basics', '99-Big_Name'], /^lab id "99-Big_Name" must look like NN-name/],
    [['kafka-basics', '99-x', '01-ghost-reads'], '--from "01-ghost-reads" is not a lab of track kafka-basics; its labs: 00-hello'],
  ] as const)('%j is a usage error that writes nothing: %s', ([track, id, from], reason) => {
    const labs = labsCopy();
    const before = readdirSync(join(labs, 'kafka-basics'));
    expect(() => newLab(track, id, from, labs)).toThrow(UsageError);
    expect(() => newLab(track, id, from, labs)).toThrow(reason);
    expect(readdirSync(join(labs, 'kafka-basics'))).toEqual(before);
  });

  test('renameId replaces whole ids only', () => {
    expect(renameId("const a = '00-hello'; 00-hello-x x00-hello # 00-hello:", '00-hello', '99-x')).toBe("const a = '99-x'; 00-hello-x x00-hello # 99-x:");
  });
});

describe('pnpm new-lab --golden <id>', () => {
  /** A runs/ root whose 00-hello/latest points at a run with `verdict`, a report, a linked file and a database folder. */
  function runsWith(verdict: string): string {
    const runs = mkdtempSync(join(tmpdir(), 'new-lab-runs-'));
    const run = join(runs, '00-hello', '20260101T000000Z');
    mkdirSync(join(run, 'database'), { recursive: true });
    writeFileSync(join(run, 'result.json'), JSON.stringify({ lab: '00-hello', verdict }));
    writeFileSync(join(run, 'report.html'), '<html></html>');
    writeFileSync(join(runs, 'elsewhere.txt'), 'linked');
    symlinkSync(join(runs, 'elsewhere.txt'), join(run, 'dump.txt'));
    symlinkSync('20260101T000000Z', join(runs, '00-hello', 'latest'));
    return runs;
  }

  test('replaces golden/ with the files of the latest run, links resolved, sub-folders left out', () => {
    const labs = labsCopy();
    const { dir, files } = makeGolden('00-hello', labs, runsWith('pass'));
    expect(dir).toBe(join(labs, 'kafka-basics', '00-hello', 'golden'));
    expect(files).toEqual(['dump.txt', 'report.html', 'result.json']);
    expect(readdirSync(dir).sort()).toEqual(files);
    expect(readFileSync(join(dir, 'dump.txt'), 'utf8')).toBe('linked');
  });

  test.each([
    ['no latest run', () => mkdtempSync(join(tmpdir(), 'new-lab-runs-')), /^no finished run of 00-hello at \S+\/00-hello\/latest; run pnpm lab 00-hello first$/],
    ['a latest run that failed', () => runsWith('fail'), /^the latest run of 00-hello \(\S+\) has verdict fail; a golden is a passing run$/],
  ])('%s is a usage error that leaves the golden alone', (_, runs, reason) => {
    const labs = labsCopy();
    const golden = join(labs, 'kafka-basics', '00-hello', 'golden');
    const before = readdirSync(golden);
    expect(() => makeGolden('00-hello', labs, runs())).toThrow(reason);
    expect(readdirSync(golden)).toEqual(before);
  });
});

test.each([
  [['new-lab', 'kafka-basics'], 'error: missing track or lab id'],
  [['new-lab', '--golden'], 'error: --golden takes one lab id and no --from'],
  [['new-lab', 'kafka-basics', '7'], /^error: lab id "7" must look like NN-name/],
])('pnpm %j is one line on stderr, exit 2, and writes nothing', (args, line) => {
  const result = runPnpm(...args);
  expect(result.status).toBe(2);
  expect(result.stderr).toMatch(line);
  expect(existsSync(join(REPO_ROOT, 'labs', 'kafka-basics', '7'))).toBe(false);
});
