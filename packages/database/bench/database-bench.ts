/**
 * Seconds to make the PGlite template (initdb, in a fresh KAFKA_LABS_HOME), to copy it and open a run's
 * database, and to reopen that folder; milliseconds per event of the inbox sink. Median of several runs.
 * Run: pnpm bench database [--runs N] [--events N].
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flagsHelp, parseArgvOrExit, parseFlags } from '@kafka-labs/cli';
import { applyWithInbox, createSinkTables, ensureTemplate, openDatabase, type Database } from '../src/index.ts';

const FLAGS = {
  runs: { kind: 'number', min: 1, integer: true, default: 5, help: 'runs of each measurement' },
  events: { kind: 'number', min: 1, integer: true, default: 1000, help: 'events the inbox sink applies' },
} as const;
const { runs, events } = parseArgvOrExit('bench database', flagsHelp('pnpm bench database [flags]', FLAGS), (argv) => parseFlags(FLAGS, argv));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const quiet = () => {};
const elapsed = (since: number) => performance.now() - since;
const open = async (dir: string): Promise<Database> => {
  const db = await openDatabase({ dir, url: '', log: quiet });
  await db.query('SELECT 1');
  return db;
};

const rows: [string, string, number[]][] = [
  ['template make (initdb)', 's', []],
  ['copy + open, to the first query', 's', []],
  ['reopen, to the first query', 's', []],
  [`inbox sink, per event (${events} events)`, 'ms', []],
];
const [make, copy, reopen, inbox] = rows.map((row) => row[2]) as [number[], number[], number[], number[]];
const root = mkdtempSync(join(tmpdir(), 'kafka-labs-db-bench-'));
try {
  for (let i = 0; i < runs; i++) {
    process.env.KAFKA_LABS_HOME = join(root, 'home');
    let started = performance.now();
    await ensureTemplate(quiet);
    make.push(elapsed(started) / 1000);
    const dir = join(root, 'run');
    started = performance.now();
    await (await open(dir)).close();
    copy.push(elapsed(started) / 1000);
    started = performance.now();
    const db = await open(dir);
    reopen.push(elapsed(started) / 1000);
    await createSinkTables(db);
    started = performance.now();
    for (let n = 0; n < events; n++) await applyWithInbox(db, { eventId: `E-${n}`, orderId: `O-${n % 10}`, status: 'PAID' });
    inbox.push(elapsed(started) / events);
    await db.close();
    rmSync(join(root, 'home'), { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
const table = rows.map(([what, unit, xs]) => `| ${what} | ${median(xs).toFixed(unit === 's' ? 1 : 2)} ${unit} | ${xs.map((x) => x.toFixed(unit === 's' ? 1 : 2)).join(', ')} |`);
console.log(['| step | median | runs |', '|---|---|---|', ...table].join('\n'));
