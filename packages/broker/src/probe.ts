import { connect } from 'node:net';

export interface ClusterView {
  brokers: { nodeId: number; host: string; port: number }[];
  controllerId: number;
}

const METADATA = { apiKey: 3, apiVersion: 4 } as const;

/**
 * Asks the broker at host:port for cluster metadata with one Metadata v4 round trip
 * (no topics), which only succeeds once the broker serves client requests.
 */
export function probeMetadata(host: string, port: number, timeoutMs = 2000): Promise<ClusterView> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    let received = Buffer.alloc(0);
    const finish = (err: Error | null, view?: ClusterView) => {
      socket.destroy();
      if (err) reject(err);
      else resolve(view!);
    };
    socket.setTimeout(timeoutMs, () => finish(new Error(`no metadata answer from ${host}:${port}`)));
    socket.on('error', (err) => finish(err));
    socket.on('connect', () => socket.write(metadataRequest(1)));
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 4 || received.length < 4 + received.readInt32BE(0)) return;
      try {
        finish(null, decodeMetadataV4(received.subarray(4, 4 + received.readInt32BE(0))));
      } catch (err) {
        finish(err as Error);
      }
    });
  });
}

function metadataRequest(correlationId: number): Buffer {
  const clientId = Buffer.from('kafka-labs-probe');
  // Metadata Request (Version: 4) => [topics] allow_auto_topic_creation; topics null = none asked for.
  const body = Buffer.alloc(2 + 2 + 4 + 2 + clientId.length + 4 + 1);
  let at = body.writeInt16BE(METADATA.apiKey, 0);
  at = body.writeInt16BE(METADATA.apiVersion, at);
  at = body.writeInt32BE(correlationId, at);
  at = body.writeInt16BE(clientId.length, at);
  at += clientId.copy(body, at);
  at = body.writeInt32BE(0, at);
  body.writeInt8(0, at);
  const size = Buffer.alloc(4);
  size.writeInt32BE(body.length);
  return Buffer.concat([size, body]);
}

/** Metadata Response (Version: 4) => throttle_time_ms [brokers] cluster_id controller_id [topics] */
function decodeMetadataV4(frame: Buffer): ClusterView {
  let at = 4 + 4; // correlation_id, throttle_time_ms
  const string = () => {
    const length = frame.readInt16BE(at);
    at += 2;
    if (length < 0) return null;
    const value = frame.toString('utf8', at, at + length);
    at += length;
    return value;
  };
  const count = frame.readInt32BE(at);
  at += 4;
  const brokers: ClusterView['brokers'] = [];
  for (let i = 0; i < count; i++) {
    const nodeId = frame.readInt32BE(at);
    at += 4;
    const host = string() ?? '';
    const port = frame.readInt32BE(at);
    at += 4;
    string(); // rack
    brokers.push({ nodeId, host, port });
  }
  string(); // cluster_id
  const controllerId = frame.readInt32BE(at);
  return { brokers, controllerId };
}
