import net from 'node:net';
import { describe, expect, test } from 'vitest';
import { portHolder } from './port-holder.ts';

const listen = () =>
  new Promise<net.Server>((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => resolve(server));
  });

describe('portHolder', () => {
  test('names the pid and command line of the process listening on a port', async () => {
    const server = await listen();
    try {
      const { port } = server.address() as net.AddressInfo;
      expect(portHolder(port)).toMatch(new RegExp(`^pid ${process.pid} \\(\\S*node`));
    } finally {
      server.close();
    }
  });

  test('is null for a port nobody listens on', async () => {
    const server = await listen();
    const { port } = server.address() as net.AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    expect(portHolder(port)).toBeNull();
  });
});
