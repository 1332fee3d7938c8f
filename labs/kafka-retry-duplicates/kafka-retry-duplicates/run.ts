// The reference solution is solution.sh, run in one shell with the environment steps/intro.md documents (WORK: the
// run folder, RUN: the per-run suffix of the topic names); then the run is graded as a whole, live.
import { fileURLToPath } from 'node:url';
import { textsIn } from '@kafka-labs/i18n';
import { REPO_ROOT, startLab } from '@kafka-labs/lab-kit';
import { $ } from 'zx';
import { MESSAGES } from './messages.ts';

/** The solution to run: this lab's own, or (for the test that breaks one of its commands) the copy in KAFKA_LABS_SOLUTION. */
const SOLUTION = process.env.KAFKA_LABS_SOLUTION ?? fileURLToPath(new URL('./solution.sh', import.meta.url));
/** The exercise's topics; the solution names them `<base>$RUN`. */
const TOPICS = ['payments', 'payments-dup', 'payments-idem', 'payments-app'];

await using lab = await startLab(import.meta.url);
const t = textsIn(MESSAGES, lab.lang);
// The solution leaves the slow-path proxy running in the background until its last line stops it; a run that ends
// early stops it here.
lab.defer(() => $({ cwd: REPO_ROOT, quiet: true, nothrow: true })`pnpm -s kafka-lab-slow stop`);

for (const topic of TOPICS) lab.name(topic);
lab.step(t.runStep({ topics: TOPICS.map((topic) => `${topic}-${lab.runId}`).join(', ') }));
await lab.runSolution(SOLUTION, { WORK: lab.runDir, RUN: `-${lab.runId}` });
lab.say('', t.closing());
