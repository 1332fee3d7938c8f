// The live test of a sink lab on PostgreSQL (06, 13): the lab on a real PostgreSQL 15 (KAFKA_LABS_PG_URL) that needs a
// password, as a course machine may run it.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { startPostgres, type PostgresServer } from '@kafka-labs/database/testing';
import { latestRunFolder, REPO_ROOT } from '@kafka-labs/lab-kit/catalog';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/** Every regular file under `dir`, recursively (the database folders included). */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : []));

/**
 * Runs `lab` once with KAFKA_LABS_PG_URL on a PostgreSQL 15 started for it, with a password: the verdict holds, its
 * `databases` databases are PostgreSQL ones, and the password is in no line the learner sees and no file of the run folder.
 */
export function testRunOnPostgres(lab: string, databases: number): void {
  const password = `sink-Pa55word-${lab.slice(0, 2)}`;
  describe(`${lab} on PostgreSQL`, () => {
    let server: PostgresServer;
    beforeAll(async () => {
      server = await startPostgres({ password });
    });
    afterAll(() => server?.stop());

    test('the run passes, its databases are PostgreSQL ones, and the password appears nowhere', () => {
      const run = spawnSync('pnpm', ['-s', 'lab', lab], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, KAFKA_LABS_PG_URL: server.url } });
      expect(run.status, run.stdout + run.stderr).toBe(0);
      expect(`${run.stdout}${run.stderr}`).not.toContain(password);
      const dir = realpathSync(latestRunFolder(lab));
      const files = filesUnder(dir);
      const infos = files.filter((f) => f.endsWith('database.json')).map((f) => JSON.parse(readFileSync(f, 'utf8')) as { backend: string; url: string });
      expect(infos.map((i) => i.backend)).toEqual(Array.from({ length: databases }, () => 'postgres'));
      expect(infos.every((i) => i.url.includes(':***@'))).toBe(true);
      expect(files.filter((f) => readFileSync(f).includes(password))).toEqual([]);
    });
  });
}
