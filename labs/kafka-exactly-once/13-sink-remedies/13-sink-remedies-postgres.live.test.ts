import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { startPostgres, type PostgresServer } from '@kafka-labs/database/testing';
import { latestRunFolder, REPO_ROOT } from '@kafka-labs/lab-kit/catalog';
import { labIdOf } from '@kafka-labs/lab-kit/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const LAB = labIdOf(import.meta.url);
const PASSWORD = 'sink-Pa55word-13';

/** Every regular file under `dir`, recursively (the database folders included). */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : []));

// The lab on a real PostgreSQL 15 (KAFKA_LABS_PG_URL) that needs a password, as a course machine may run it: the
// verdict holds, and the password is in no line the learner sees and no file of the run folder.
describe(`${LAB} on PostgreSQL`, () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres({ password: PASSWORD });
  });
  afterAll(() => server?.stop());

  test('the run passes, its databases are PostgreSQL ones, and the password appears nowhere', () => {
    const run = spawnSync('pnpm', ['-s', 'lab', LAB], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, KAFKA_LABS_PG_URL: server.url } });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(`${run.stdout}${run.stderr}`).not.toContain(PASSWORD);
    const dir = realpathSync(latestRunFolder(LAB));
    const files = filesUnder(dir);
    const infos = files.filter((f) => f.endsWith('database.json')).map((f) => JSON.parse(readFileSync(f, 'utf8')) as { backend: string; url: string });
    expect(infos.map((i) => i.backend)).toEqual(['postgres', 'postgres', 'postgres']);
    expect(infos.every((i) => i.url.includes(':***@'))).toBe(true);
    expect(files.filter((f) => readFileSync(f).includes(PASSWORD))).toEqual([]);
  });
});
