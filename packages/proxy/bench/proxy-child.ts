// A path under benchmark, in its own process as `pnpm proxy` runs: `proxy` (pass-through), `chain` (every fault
// module in the chain, none matching: the cost of deciding) or `relay` (a plain byte pipe that parses nothing, the
// floor cost of an extra TCP hop). Reports its port over IPC; stops on disconnect.
import net from 'node:net';
import { parseAddress, startProxy, type Faults } from '../src/index.ts';

const NEVER = 1_000_000_000;
/** Every module on, each looking at every request and matching none of the benchmark's. */
const NO_MATCH: Faults = {
  dropProduce: [NEVER],
  delayMinBytes: NEVER,
  delayMs: 1,
  closeAfterProduce: NEVER,
  dropResponse: ['EndTxn:1'],
  swallowProduce: [NEVER],
  failPartition: 'no-such-topic:0',
};

const [mode, upstream] = process.argv.slice(2) as ['proxy' | 'chain' | 'relay', string];
if (mode !== 'relay') {
  const faults = mode === 'chain' ? NO_MATCH : {};
  const proxy = await startProxy({ listen: '127.0.0.1:0', upstream, faults, print: () => {} });
  process.send!({ port: proxy.port });
  process.on('disconnect', () => void proxy.stop().then(() => process.exit(0)));
} else {
  const { host, port } = parseAddress(upstream, 'upstream');
  const relay = net.createServer({ noDelay: true }, (client) => {
    const broker = net.connect({ host, port, noDelay: true });
    client.pipe(broker).on('error', () => client.destroy());
    broker.pipe(client).on('error', () => broker.destroy());
  });
  relay.listen(0, '127.0.0.1', () => process.send!({ port: (relay.address() as net.AddressInfo).port }));
  process.on('disconnect', () => process.exit(0));
}
