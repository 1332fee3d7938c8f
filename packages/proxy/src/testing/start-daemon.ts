// Starts a background proxy as `pnpm kafka-lab-slow on` does, for tests that interrupt the start:
//   start-daemon.ts DIR CONTROL_PORT   (listens on a free port, forwards to 9533; prints `started PID` when ready)
import { daemonOptions } from './daemon-options.ts';
import { proxyDaemon } from '../daemon.ts';

const [dir, controlPort] = process.argv.slice(2) as [string, string];
const pid = await proxyDaemon(daemonOptions(dir, Number(controlPort))).ensure();
console.log(`started ${pid}`);
