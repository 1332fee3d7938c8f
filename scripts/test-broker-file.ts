// Set-up of every file of the `broker` project (vitest setupFiles), whose files run two at a time on the broker the
// global setup started. The file holds that broker shared (the lock's key of the 1-node broker without overrides) while
// it runs: something that would restart or reshape it waits, and a lab the file starts that needs another broker is
// refused at once instead of pulling the broker from under the other file. Its runs go under a runs root of its own
// (KAFKA_LABS_RUNS) unless it chose one, since two runs of one lab would race for runs/<lab-id>/latest; the root is
// removed after the file, or kept and named when one of its tests failed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brokerKey, lockBroker } from '@kafka-labs/broker';
import { REPO_ROOT } from '@kafka-labs/lab-kit/catalog';
import { afterAll, beforeAll, expect } from 'vitest';

interface Task {
  result?: { state?: string };
  tasks?: Task[];
}
const failed = (task: Task): boolean => task.result?.state === 'fail' || (task.tasks ?? []).some(failed);

let release = () => {};
beforeAll(async () => {
  const file = relative(REPO_ROOT, expect.getState().testPath ?? 'a broker test');
  release = await lockBroker(`test ${file}`, (holder, pid) => console.error(`${file}: waiting for ${holder} (pid ${pid}) to finish with the broker`), {
    share: brokerKey(1),
  });
}, 1_800_000);

if (process.env.KAFKA_LABS_RUNS === undefined) {
  const runs = mkdtempSync(join(tmpdir(), 'kafka-labs-test-runs-'));
  process.env.KAFKA_LABS_RUNS = runs;
  // A hook's first argument is its fixtures (vitest reads them from the destructuring), the second the file's suite.
  afterAll(({}, file: Task) => {
    delete process.env.KAFKA_LABS_RUNS;
    if (failed(file)) console.error(`the run folders of this file are kept in ${runs}`);
    else rmSync(runs, { recursive: true, force: true });
  });
}

afterAll(() => release());
