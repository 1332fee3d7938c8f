// A path under benchmark, in its own process as `pnpm proxy` runs: `proxy` (pass-through) or `relay` (a plain
// byte pipe that parses nothing, the floor cost of an extra TCP hop). Reports its port over IPC; stops on disconnect.
import net from 'node:net';
import { parseAddress, startProxy } from '../src/index.ts';

const [mode, upstream] = process.argv.slice(2) as ['proxy' | 'relay', string];
if (mode === 'proxy') {
  const proxy = await startProxy({ listen: '127.0.0.1:0', upstream, print: () => {} });
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
