import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readRegistry, REPO_ROOT, resolveLabs } from '@kafka-labs/lab-kit/catalog';
import { goldenRunFolder, runPnpm } from '@kafka-labs/lab-kit/testing';
import { afterAll, describe, expect, test } from 'vitest';
import { challengeFolder, EXPORTERS, instruqt, killercoda, PLATFORMS, type PlatformFile } from './platforms.ts';

const REPO = 'https://example.org/kafka-labs.git';
const lab = (id: string) => resolveLabs(id)[0]!;
/** Every exercise (a lab whose manifest lists steps). */
const EXERCISES = readRegistry().labs.filter((l) => l.exercise).map((l) => l.id);
/** The exercises whose every step lists the files it creates, and whose checks read only files (no broker). */
const FILE_CHECKED = readRegistry().labs
  .filter((l) => !l.live && l.exercise?.steps.every((s) => s.creates?.files?.length))
  .map((l) => l.id);
const temp: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  temp.push(dir);
  return dir;
};
afterAll(() => temp.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The front matter of a Markdown file as key → raw value (top-level keys only), and the text after it. */
function frontMatter(text: string): { keys: Record<string, string>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error('no front matter');
  const keys = Object.fromEntries(
    match[1]!
      .split('\n')
      .map((line) => /^([a-z_]+):\s?(.*)$/.exec(line))
      .filter((m) => m !== null)
      .map((m) => [m[1]!, m[2]!]),
  );
  return { keys, body: match[2]! };
}
const byPath = (files: PlatformFile[]) => new Map(files.map((f) => [f.path, f]));

describe.each(EXERCISES)('the scenario files of %s', (id) => {
  const entry = lab(id);
  const steps = entry.exercise!.steps;

  test.each(['en', 'ko'] as const)('Killercoda (%s): index.json names intro, steps and finish, and every file it names is written', (lang) => {
    const files = byPath(killercoda(entry, { lang, repo: REPO }));
    const index = JSON.parse(files.get('index.json')!.text);
    expect(index.title).toBe(lang === 'ko' ? entry.ko.title : entry.title);
    expect(index.backend).toEqual({ imageid: 'ubuntu' });
    expect(index.details.intro).toEqual({ text: 'intro.md', background: 'setup.sh', foreground: 'wait.sh' });
    expect(index.details.finish).toEqual({ text: 'finish.md' });
    expect(index.details.steps).toEqual(
      steps.map((s, i) => ({ title: lang === 'ko' ? s.ko.title : s.title, text: `step${i + 1}/text.md`, verify: `step${i + 1}/verify.sh` })),
    );
    const named = [index.details.intro.text, index.details.intro.background, index.details.intro.foreground, index.details.finish.text];
    for (const file of [...named, ...index.details.steps.flatMap((s: { text: string; verify: string }) => [s.text, s.verify])]) {
      expect(files.has(file), file).toBe(true);
    }
    for (const [path, file] of files) expect(file.executable === true, path).toBe(path.endsWith('.sh'));
    expect(files.get('step1/text.md')!.text).toBe(readFileSync(join(entry.dir, 'steps', lang === 'ko' ? '1.ko.md' : '1.md'), 'utf8'));
    expect(files.get('setup.sh')!.text).toContain(`git clone --depth 1 '${REPO}'`);
    expect(files.get('setup.sh')!.text).toContain('bash scripts/setup.sh --no-lab\npnpm -s broker up\n');
    steps.forEach((_, i) => expect(files.get(`step${i + 1}/verify.sh`)!.text).toContain(`node bin/kafka-labs.mjs grade ${id} "$WORK" --step ${i + 1} --lang ${lang}`));
  });

  test.each(['en', 'ko'] as const)('Instruqt (%s): track.yml, config.yml, one challenge per step with its title, check and (first) setup', (lang) => {
    const files = byPath(instruqt(entry, { lang, repo: REPO }));
    const track = files.get('track.yml')!.text;
    expect(track).toMatch(/^slug: kafka-labs-[a-z0-9-]+\n/);
    expect(track).toContain(`title: ${JSON.stringify(lang === 'ko' ? entry.ko.title : entry.title)}\n`);
    expect(track).toMatch(/\ndescription: \|-\n {2}# /);
    expect(files.get('config.yml')!.text).toContain('virtualmachines:\n- name: kafka-labs\n');
    const folders = steps.map((s, i) => challengeFolder(i + 1, s.id));
    expect(new Set([...files.keys()].map((p) => p.split('/')[0]))).toEqual(new Set(['track.yml', 'config.yml', ...folders]));
    steps.forEach((step, i) => {
      const { keys, body } = frontMatter(files.get(`${folders[i]}/assignment.md`)!.text);
      expect(keys).toMatchObject({ slug: step.id, type: 'challenge', title: JSON.stringify(lang === 'ko' ? step.ko.title : step.title) });
      expect(Object.keys(keys)).toEqual(expect.arrayContaining(['teaser', 'tabs', 'difficulty', 'timelimit']));
      expect(body).toBe(readFileSync(join(entry.dir, 'steps', lang === 'ko' ? `${i + 1}.ko.md` : `${i + 1}.md`), 'utf8'));
      const check = files.get(`${folders[i]}/check-kafka-labs`)!;
      expect(check.executable).toBe(true);
      expect(check.text).toContain(`--step ${i + 1} --lang ${lang}`);
      expect(check.text).toContain('fail-message "');
      expect(files.has(`${folders[i]}/setup-kafka-labs`)).toBe(i === 0);
    });
  });
});

/** Runs a generated script with the kit at this clone and WORK at `work`; its exit code and output. */
function runScript(script: string, work: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, KAFKA_LABS_KIT: REPO_ROOT, WORK: work, NO_COLOR: '1' };
    delete env.KAFKA_LABS_LANG;
    const child = spawn('bash', [script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe.each(FILE_CHECKED)('the generated check scripts, run against %s', (id) => {
  const golden = tempDir('golden');
  cpSync(goldenRunFolder(id), golden, { recursive: true });
  // Each step reads only its own files: one copy without the first file of each step fails every step with its hint.
  const steps = lab(id).exercise!.steps;
  const broken = tempDir('broken');
  cpSync(goldenRunFolder(id), broken, { recursive: true });
  for (const step of steps) rmSync(join(broken, step.creates!.files![0]!));

  // Ten gradings per platform, each a node start-up: minutes on a loaded machine (a bound, not an expectation).
  test.each(PLATFORMS)('%s: each step passes on the golden solution and fails on the broken copy with its hint', { timeout: 900_000 }, async (platform) => {
    const out = tempDir(platform);
    rmSync(out, { recursive: true });
    const exported = runPnpm('export', platform, id, out, '--repo', REPO);
    expect(exported.stderr).toBe('');
    expect(exported.status).toBe(0);
    const scripts = steps.map((s, i) => join(out, platform === 'killercoda' ? `step${i + 1}/verify.sh` : `${challengeFolder(i + 1, s.id)}/check-kafka-labs`));
    for (const script of scripts) expect(statSync(script).mode & 0o111).not.toBe(0);
    const results: { code: number | null; out: string }[] = [];
    for (let i = 0; i < scripts.length; i += 2) {
      results.push(...(await Promise.all(scripts.slice(i, i + 2).flatMap((script) => [runScript(script, golden), runScript(script, broken)]))));
    }
    steps.forEach((step, i) => {
      const [pass, fail] = [results[2 * i]!, results[2 * i + 1]!];
      expect(pass, `step ${i + 1} on the golden`).toMatchObject({ code: 0 });
      expect(fail.code, `step ${i + 1} on the broken copy`).toBe(1);
      expect(fail.out).toContain(`FAIL: step ${i + 1} (${step.title}): `);
      expect(fail.out).toMatch(/\. Hint: /);
    });
  });
});

describe('pnpm export at the edge', () => {
  test.each([
    [['export'], 'error: missing platform (killercoda or instruqt)'],
    [['export', 'moodle', '06-rebalance-exercise', '/tmp/x'], 'error: unknown platform "moodle"; known: killercoda, instruqt'],
    [['export', 'killercoda', '00-hello', '/tmp/x', '--repo', REPO], 'error: 00-hello is not an exercise (its manifest has no exercise.steps)'],
    [['export', 'killercoda', '06-rebalance-exercise', REPO_ROOT, '--repo', REPO], `error: ${resolve(REPO_ROOT)} is not empty`],
  ])('pnpm %j is one line, exit 2', (args, line) => {
    const result = runPnpm(...args);
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(line);
  });

  test('every platform has an exporter', () => {
    expect(Object.keys(EXPORTERS).sort()).toEqual([...PLATFORMS].sort());
  });
});
