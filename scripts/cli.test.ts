import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from '@kafka-labs/lab-kit';
import { runPnpm as pnpm } from '@kafka-labs/lab-kit/testing';
import { describe, expect, test } from 'vitest';

describe('the command line edge', () => {
  test('an unknown tool is one line naming the known tools, exit 2', () => {
    const result = pnpm('kafka', 'kafka-nope');
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      'error: unknown tool "kafka-nope"; known tools: kafka-topics, kafka-dump-log, kafka-get-offsets, ' +
        'kafka-console-producer, kafka-console-consumer, kafka-consumer-groups, kafka-transactions, kafka-metadata-quorum, kafka-configs, kafka-leader-election, kafka-features',
    );
  });

  test.each([
    ['01-revok', 'error: unknown lab or track "01-revok"; did you mean 01-revoke?'],
    ['nope', 'error: unknown lab or track "nope"; `pnpm lab` lists them'],
  ])('an unknown lab %s is one short line with the nearest ids, exit 2', (id, line) => {
    const result = pnpm('lab', id);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(line);
  });

  test('pnpm lab alone lists every lab with its track and title, exit 0', () => {
    const result = pnpm('lab');
    expect(result.status).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^lab +track +grader +takes +title$/);
    expect(lines).toContainEqual(expect.stringMatching(/^00-hello +kafka-basics +folder +(\d+ s \(waits 0 s\)|waits 0 s; not benched) +\S/));
    expect(lines).toContainEqual(expect.stringMatching(/^kafka-retry-duplicates +kafka-retry-duplicates +live /));
  });

  test.each([
    [['lab', '--repeat', '2'], 'error: --repeat, --parallel, --json and --junit need a lab id or track'],
    [['lab', '--parallel', '2'], 'error: --repeat, --parallel, --json and --junit need a lab id or track'],
    [['lab', '00-hello', '--repeat', '0'], "error: --repeat must be an integer >= 1, not '0'"],
    [['lab', 'all', '--parallel', '0'], "error: --parallel must be an integer >= 1, not '0'"],
    [['lab', '00-hello', '--parallel', 'two'], "error: --parallel must be an integer >= 1, not 'two'"],
    [['lab', '00-hello', 'nope', '--parallel', '2'], 'error: unknown lab or track "nope"; `pnpm lab` lists them'],
  ])('pnpm %j is one line and the usage, exit 2', (args, line) => {
    const result = pnpm(...args);
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(line);
  });

  test.each([
    [['lab', '--lang', 'xx'], {}, "error: --lang must be one of en, ko, not 'xx'"],
    [['grade', '00-hello', '--lang', 'xx'], {}, "error: --lang must be one of en, ko, not 'xx'"],
    [['report', '00-hello'], { KAFKA_LABS_LANG: 'xx' }, "error: KAFKA_LABS_LANG must be one of en, ko, not 'xx'"],
    [['lab'], { KAFKA_LABS_LANG: 'de' }, "error: KAFKA_LABS_LANG must be one of en, ko, not 'de'"],
  ])('pnpm %j with %j: an unknown language is one line, exit 2', (args, env, line) => {
    const result = spawnSync('pnpm', ['-s', ...args], { encoding: 'utf8', cwd: REPO_ROOT, env: { ...process.env, ...env } });
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe(line);
  });

  test('pnpm lab --lang ko lists the labs in Korean; a Korean locale does too, and --lang en overrules it', () => {
    const korean = pnpm('lab', '--lang', 'ko').stdout.split('\n');
    expect(korean[0]).toMatch(/^실습 +트랙 +채점 +소요 시간 +제목$/);
    expect(korean).toContainEqual(expect.stringMatching(/^00-hello +kafka-basics +폴더 +\d+초 \(대기 0초\) +\S*[가-힣]/));
    const locale = { ...process.env, KAFKA_LABS_LANG: '', LC_ALL: '', LC_MESSAGES: '', LANG: 'ko_KR.UTF-8' };
    const byLocale = spawnSync('pnpm', ['-s', 'lab'], { encoding: 'utf8', cwd: REPO_ROOT, env: locale });
    expect(byLocale.stdout.split('\n')[0]).toBe(korean[0]);
    const overruled = spawnSync('pnpm', ['-s', 'lab', '--lang', 'en'], { encoding: 'utf8', cwd: REPO_ROOT, env: locale });
    expect(overruled.stdout.split('\n')[0]).toMatch(/^lab +track +grader +takes +title$/);
  });

  test('grading a run folder that does not exist is a usage error, exit 2', () => {
    const result = pnpm('grade', '00-hello', '/nonexistent/run');
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('error: no run folder at /nonexistent/run');
  });

  test('a --junit file that cannot be written is one line naming it, exit 2', () => {
    const result = pnpm('grade', '00-hello', 'labs/kafka-basics/00-hello/golden', '--junit', '/nonexistent/x.xml');
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('error: --junit /nonexistent/x.xml: cannot write it: its folder /nonexistent does not exist');
  });

  test('a bad flag value is one line and the usage, exit 2', () => {
    const result = pnpm('broker', 'up', '--nodes', 'many');
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe("error: --nodes must be one of 1, 3, not 'many'");
  });
});
