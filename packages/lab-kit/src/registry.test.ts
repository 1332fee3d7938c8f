import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { labOfFile, listLabs, readRegistry, RegistryError, resolveLabs } from './registry.ts';

const manifest = (id: string, extra: object = {}) => ({
  id,
  title: `lab ${id}`,
  ko: { title: `실습 ${id}` },
  source: 'an article',
  brokers: 1,
  inherent: { seconds: 1, what: 'a one-second timeout' },
  ...extra,
});

/** A labs/ folder with `labs` as <track>/<folder> → manifest (an object, or raw text). */
function labsDir(labs: Record<string, object | string>): string {
  const root = mkdtempSync(join(tmpdir(), 'registry-'));
  for (const [path, content] of Object.entries(labs)) {
    mkdirSync(join(root, path), { recursive: true });
    writeFileSync(join(root, path, 'manifest.json'), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return root;
}

describe('the lab registry', () => {
  test('lists every lab by track then id, with its folder, run script and grader', () => {
    const root = labsDir({ 'track-b/01-x': manifest('01-x'), 'track-a/02-y': manifest('02-y'), 'track-a/01-z': manifest('01-z') });
    mkdirSync(join(root, 'track-a', 'src'));
    const labs = listLabs(root);
    expect(labs.map((l) => `${l.track}/${l.id}`)).toEqual(['track-a/01-z', 'track-a/02-y', 'track-b/01-x']);
    expect(labs[0]).toMatchObject({ dir: join(root, 'track-a/01-z'), runScript: join(root, 'track-a/01-z/run.ts'), graderScript: join(root, 'track-a/01-z/grade.ts') });
  });

  test('resolves one lab by id, every lab of a track by its name, and suggests the nearest names otherwise', () => {
    const labs = listLabs(labsDir({ 't/01-revoke': manifest('01-revoke'), 't/02-maxpoll': manifest('02-maxpoll'), 't/05-maxpoll-consumer': manifest('05-maxpoll-consumer') }));
    expect(resolveLabs('02-maxpoll', labs).map((l) => l.id)).toEqual(['02-maxpoll']);
    expect(resolveLabs('t', labs).map((l) => l.id)).toEqual(['01-revoke', '02-maxpoll', '05-maxpoll-consumer']);
    expect(() => resolveLabs('01-revok', labs)).toThrow(new RegistryError('unknown lab or track "01-revok"; did you mean 01-revoke?'));
    expect(() => resolveLabs('maxpoll', labs)).toThrow(new RegistryError('unknown lab or track "maxpoll"; did you mean 02-maxpoll or 05-maxpoll-consumer?'));
    expect(() => resolveLabs('nope', labs)).toThrow(new RegistryError('unknown lab or track "nope"; `pnpm lab` lists them'));
  });

  test('"all" resolves every lab; "alone" is read with its reason', () => {
    const labs = listLabs(labsDir({ 't/01-a': manifest('01-a', { alone: 'stops broker nodes' }), 'u/02-b': manifest('02-b') }));
    expect(resolveLabs('all', labs).map((l) => l.id)).toEqual(['01-a', '02-b']);
    expect(labs.map((l) => l.alone)).toEqual(['stops broker nodes', undefined]);
  });

  test('finds the lab of a run script by its folder', () => {
    const root = labsDir({ 't/01-a': manifest('01-a') });
    expect(labOfFile(join(root, 't/01-a/run.ts'), listLabs(root)).id).toBe('01-a');
    expect(() => labOfFile(join(root, 't/run.ts'), listLabs(root))).toThrow(RegistryError);
  });

  test('keeps a lab\'s broker overrides', () => {
    const root = labsDir({ 't/01-a': manifest('01-a', { brokerConfig: { 'group.initial.rebalance.delay.ms': '0' } }) });
    expect(listLabs(root)[0]!.brokerConfig).toEqual({ 'group.initial.rebalance.delay.ms': '0' });
  });

  test('keeps whether the lab is graded live', () => {
    const root = labsDir({ 't/01-a': manifest('01-a', { live: true }), 't/01-b': manifest('01-b') });
    expect(listLabs(root).map((l) => l.live)).toEqual([true, undefined]);
  });

  test("keeps an exercise's steps, in order", () => {
    const steps = [
      { id: 'create-topic', title: 'Create the topic', ko: { title: '토픽 만들기' } },
      { id: 'idempotence-off', title: 'Idempotence off', hints: ['Look at acks.'], ko: { title: '멱등성 끄기', hints: ['acks를 보세요.'] } },
    ];
    const root = labsDir({ 't/01-a': manifest('01-a', { exercise: { steps } }) });
    expect(listLabs(root)[0]!.exercise?.steps.map((s) => s.id)).toEqual(['create-topic', 'idempotence-off']);
  });

  const step = { id: 'one', title: 'One', ko: { title: '하나' } };
  test.each([
    ['invalid JSON', '{ "id": ', /manifest\.json is not valid JSON$/],
    ['a list instead of an object', '[]', /manifest\.json must hold a JSON object$/],
    ['a missing title', manifest('01-a', { title: '' }), /manifest\.json: "title" must be a non-empty string$/],
    ['no Korean title', manifest('01-a', { ko: { title: '' } }), /manifest\.json: "ko" must be \{ "title": the title in Korean \}$/],
    ['no inherent time', manifest('01-a', { inherent: undefined }), /manifest\.json: "inherent" must be \{ "seconds": .+, "what": why \(text\) \}$/],
    ['an inherent time below zero', manifest('01-a', { inherent: { seconds: -1, what: 'x' } }), /manifest\.json: "inherent" must be/],
    ['an inherent time without its reason', manifest('01-a', { inherent: { seconds: 3 } }), /manifest\.json: "inherent" must be/],
    ['a broker count of 2', manifest('01-a', { brokers: 2 }), /manifest\.json: "brokers" must be 1 or 3$/],
    ['a live flag that is a string', manifest('01-a', { live: 'yes' }), /manifest\.json: "live" must be true or false$/],
    ['an id that is not the folder name', manifest('01-b'), /manifest\.json: id "01-b" must equal the folder name$/],
    ['a broker override that is a number', manifest('01-a', { brokerConfig: { 'log.retention.ms': 5 } }), /manifest\.json: "brokerConfig" must map broker property names to strings \(not "log\.retention\.ms": 5\)$/],
    ['an exercise without steps', manifest('01-a', { exercise: { steps: [] } }), /manifest\.json: "exercise" must be \{ "steps": \[ at least one step \] \}$/],
    ['a step id that is not kebab-case', manifest('01-a', { exercise: { steps: [{ ...step, id: 'Step 1' }] } }), /exercise step 1: "id" must be kebab-case$/],
    ['a step id used twice', manifest('01-a', { exercise: { steps: [step, step] } }), /exercise step 2: id "one" is used twice$/],
    ['a step without its Korean title', manifest('01-a', { exercise: { steps: [{ ...step, ko: {} }] } }), /exercise step 1: "title" and "ko": \{ "title" \} must be non-empty strings$/],
    ['hints without their Korean', manifest('01-a', { exercise: { steps: [{ ...step, hints: ['a'] }] } }), /exercise step 1: "hints" and "ko": \{ "hints" \} must be lists of texts of the same length$/],
    ['creates that is not an object', manifest('01-a', { exercise: { steps: [{ ...step, creates: ['pay'] }] } }), /exercise step 1: "creates" must be \{ "topics": \[names\], "groups": \[names\], "files": \[names\] \} \(each optional\)$/],
    ['creates with an unknown kind', manifest('01-a', { exercise: { steps: [{ ...step, creates: { tables: ['t'] } }] } }), /exercise step 1: "creates" must be/],
    ['a topic name Kafka refuses', manifest('01-a', { exercise: { steps: [{ ...step, creates: { topics: ['pay me'] } }] } }), /exercise step 1: "creates.topics" has "pay me", not a Kafka topic name$/],
    ['a file outside the work folder', manifest('01-a', { exercise: { steps: [{ ...step, creates: { files: ['../x.txt'] } }] } }), /exercise step 1: "creates.files" has "..\/x.txt", not a file name inside the work folder$/],
    ['broker overrides that are a list', manifest('01-a', { brokerConfig: ['a=b'] }), /manifest\.json: "brokerConfig" must map broker property names to strings$/],
    ['an alone flag that is true', manifest('01-a', { alone: true }), /manifest\.json: "alone" must be one line saying why the lab cannot share the broker with other labs$/],
    ['an alone reason of two lines', manifest('01-a', { alone: 'stops\nnodes' }), /manifest\.json: "alone" must be one line/],
    ['an empty alone reason', manifest('01-a', { alone: ' ' }), /manifest\.json: "alone" must be one line/],
  ])('a manifest with %s is one line naming the file, and the other labs still list and resolve', (_, content, message) => {
    const root = labsDir({ 't/01-a': content, 't/02-ok': manifest('02-ok') });
    const registry = readRegistry(root);
    expect(registry.labs.map((l) => l.id)).toEqual(['02-ok']);
    expect(registry.broken).toHaveLength(1);
    expect(registry.broken[0]!.reason).toMatch(message);
    expect(registry.broken[0]!.reason).toContain(join(root, 't/01-a/manifest.json'));
    expect(registry.broken[0]!.reason).not.toContain('\n');
    expect(() => resolveLabs('01-a', registry)).toThrow(new RegistryError(registry.broken[0]!.reason));
    expect(() => labOfFile(join(root, 't/01-a/run.ts'), registry)).toThrow(registry.broken[0]!.reason);
    expect(resolveLabs('t', registry).map((l) => l.id)).toEqual(['02-ok']);
  });

  test('one id in two tracks is an error naming the second manifest', () => {
    const registry = readRegistry(labsDir({ 'a/01-x': manifest('01-x'), 'b/01-x': manifest('01-x') }));
    expect(registry.labs.map((l) => l.track)).toEqual(['a']);
    expect(registry.broken[0]!.reason).toMatch(/b\/01-x\/manifest\.json: lab id "01-x" is used by more than one track \(a too\)$/);
  });
});
