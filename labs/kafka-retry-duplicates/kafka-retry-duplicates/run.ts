// The reference solution is the exercise's README: its bash blocks, run in order in one shell with the environment
// the README documents (WORK: the run folder, RUN: the per-run suffix of the topic names).
import { fileURLToPath } from 'node:url';
import { textsIn } from '@kafka-labs/i18n';
import { REPO_ROOT, startLab } from '@kafka-labs/lab-kit';
import { $ } from 'zx';
import { MESSAGES } from './messages.ts';

/** The README to run: this lab's own, or (for the test that breaks one of its commands) the copy in KAFKA_LABS_README. */
const README = process.env.KAFKA_LABS_README ?? fileURLToPath(new URL('./README.md', import.meta.url));
/** The exercise's topics; the README names them `<base>$RUN`. */
const TOPICS = ['payments', 'payments-dup', 'payments-idem', 'payments-app'];

await using lab = await startLab(import.meta.url);
const t = textsIn(MESSAGES, lab.lang);
// The README leaves the slow-path proxy running in the background until its last block stops it; a run that ends
// early stops it here.
lab.defer(() => $({ cwd: REPO_ROOT, quiet: true, nothrow: true })`pnpm -s kafka-lab-slow stop`);

for (const topic of TOPICS) lab.name(topic);
lab.step(t.runStep({ topics: TOPICS.map((topic) => `${topic}-${lab.runId}`).join(', ') }));
await lab.runBashBlocks(README, { WORK: lab.runDir, RUN: `-${lab.runId}` });
lab.say('', t.closing());
