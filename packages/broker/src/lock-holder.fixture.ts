// A process that takes the broker lock, says when it holds it, and releases it when its stdin closes or says
// "release" (for lock-processes.test.ts). Arguments: owner, key ("-" for exclusive).
import { lockBroker } from './lock.ts';

const [owner = 'holder', key = '-'] = process.argv.slice(2);
const release = await lockBroker(owner, (holder, pid) => console.log(`waiting ${holder} ${pid}`), key === '-' ? {} : { share: key });
console.log(`held ${Date.now()}`);
process.stdin.setEncoding('utf8');
process.stdin.on('data', (text: string) => {
  if (text.includes('release')) {
    release();
    console.log('released');
    process.exit(0);
  }
});
