// Captures request/response frames of chosen APIs between real clients and a real broker, for the codec fixtures:
//   node --import tsx src/testing/capture-frames.ts LISTEN_PORT UPSTREAM_HOST:PORT OUT_DIR [API_KEY...]
// A plain relay (no rewriting): each response of a listed API is written as OUT_DIR/<client>-<api>-response-v<N>.hex
// (the first of each client, API and version), its request beside it.
import net from 'node:net';
import { writeFileSync, existsSync } from 'node:fs';
import { decodeRequestHeader, type RequestHeader } from '../protocol/headers.ts';
import { FrameReader } from '../protocol/frame-reader.ts';

const [listenPort, upstreamText, outDir, ...keys] = process.argv.slice(2);
const [upHost, upPort] = upstreamText!.split(':');
const wanted = new Set(keys.map(Number));
const hex = (b: Buffer) => b.toString('hex').replace(/(.{64})/g, '$1\n').trim() + '\n';
const client = (id: string | null) => (id ?? 'null').replace(/[^a-z0-9]+/gi, '-').slice(0, 24);

net
  .createServer((socket) => {
    const upstream = net.connect({ host: upHost, port: Number(upPort) });
    const requests = new FrameReader();
    const responses = new FrameReader();
    const pending = new Map<number, { header: RequestHeader; frame: Buffer }>();
    socket.on('data', (chunk: Buffer) => {
      for (const frame of requests.push(chunk)) {
        const header = decodeRequestHeader(frame);
        if (wanted.has(header.apiKey)) pending.set(header.correlationId, { header, frame });
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      for (const frame of responses.push(chunk)) {
        const request = pending.get(frame.readInt32BE(4));
        if (!request) continue;
        pending.delete(frame.readInt32BE(4));
        const name = `${outDir}/${client(request.header.clientId)}-${request.header.apiName}-v${request.header.apiVersion}`;
        if (existsSync(`${name}-response.hex`)) continue;
        writeFileSync(`${name}-request.hex`, hex(request.frame));
        writeFileSync(`${name}-response.hex`, hex(frame));
        console.log(`captured ${name}`);
      }
      socket.write(chunk);
    });
    for (const s of [socket, upstream]) {
      s.on('error', () => {});
      s.on('close', () => {
        socket.destroy();
        upstream.destroy();
      });
    }
  })
  .listen(Number(listenPort), '::', () => console.log(`capturing on ${listenPort}`));
