// The reference solution is solution.sh, run in one shell on the 3-node cluster with the environment steps/intro.md
// documents (WORK: the run folder, RUN: the per-run suffix of the topic names); then the run is graded as a whole.
import { fileURLToPath } from 'node:url';
import { textsIn } from '@kafka-labs/i18n';
import { startLab } from '@kafka-labs/lab-kit';
import { MESSAGES } from './messages.ts';

await using lab = await startLab(import.meta.url);
const t = textsIn(MESSAGES, lab.lang);
const topics = ['orders', 'keyed'].map((topic) => lab.name(topic));
lab.step(t.runStep({ topics: topics.join(', ') }));
await lab.runSolution(fileURLToPath(new URL('./solution.sh', import.meta.url)), { WORK: lab.runDir, RUN: `-${lab.runId}` });
lab.say('', t.closing());
