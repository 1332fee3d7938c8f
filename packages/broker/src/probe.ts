import { connect } from 'node:net';

export interface PartitionView {
  partition: number;
  errorCode: number;
  /** -1 while the partition has no leader. */
  leader: number;
  replicas: number[];
  isr: number[];
}

export interface TopicView {
  name: string;
  errorCode: number;
  partitions: PartitionView[];
}

export interface ClusterView {
  brokers: { nodeId: number; host: string; port: number }[];
  controllerId: number;
  /** The topics asked for, as this broker's metadata cache has them. */
  topics: TopicView[];
}

const METADATA = { apiKey: 3, apiVersion: 4 } as const;

/**
 * Asks the broker at host:port for cluster metadata with one Metadata v4 round trip (for `topics`,
 * none by default), which only succeeds once the broker serves client requests. A broker answers
 * from its own metadata cache, so this works where tools hang for want of a KRaft quorum.
 */
export function probeMetadata(host: string, port: number, timeoutMs = 2000, topics: string[] = []): Promise<ClusterView> {
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
    socket.on('connect', () => socket.write(metadataRequest(1, topics)));
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

function metadataRequest(correlationId: number, topics: string[]): Buffer {
  const clientId = Buffer.from('kafka-labs-probe');
  const names = topics.map((t) => Buffer.from(t));
  // Metadata Request (Version: 4) => [topics] allow_auto_topic_creation; an empty array asks for no topic.
  const body = Buffer.alloc(2 + 2 + 4 + 2 + clientId.length + 4 + names.reduce((n, b) => n + 2 + b.length, 0) + 1);
  let at = body.writeInt16BE(METADATA.apiKey, 0);
  at = body.writeInt16BE(METADATA.apiVersion, at);
  at = body.writeInt32BE(correlationId, at);
  at = body.writeInt16BE(clientId.length, at);
  at += clientId.copy(body, at);
  at = body.writeInt32BE(names.length, at);
  for (const name of names) {
    at = body.writeInt16BE(name.length, at);
    at += name.copy(body, at);
  }
  body.writeInt8(0, at);
  const size = Buffer.alloc(4);
  size.writeInt32BE(body.length);
  return Buffer.concat([size, body]);
}

/**
 * Metadata Response (Version: 4) => throttle_time_ms [brokers] cluster_id controller_id [topics]
 *   topics => error_code name is_internal [partitions]
 *   partitions => error_code partition_index leader_id [replica_nodes] [isr_nodes]
 */
function decodeMetadataV4(frame: Buffer): ClusterView {
  let at = 4 + 4; // correlation_id, throttle_time_ms
  const int16 = () => {
    at += 2;
    return frame.readInt16BE(at - 2);
  };
  const int32 = () => {
    at += 4;
    return frame.readInt32BE(at - 4);
  };
  const array = <T>(item: () => T): T[] => Array.from({ length: Math.max(0, int32()) }, item);
  const string = () => {
    const length = frame.readInt16BE(at);
    at += 2;
    if (length < 0) return null;
    const value = frame.toString('utf8', at, at + length);
    at += length;
    return value;
  };
  const brokers = array(() => {
    const broker = { nodeId: int32(), host: string() ?? '', port: int32() };
    string(); // rack
    return broker;
  });
  string(); // cluster_id
  const controllerId = int32();
  const topics = array(() => {
    const errorCode = int16();
    const name = string() ?? '';
    at += 1; // is_internal
    const partitions = array(() => ({
      errorCode: int16(),
      partition: int32(),
      leader: int32(),
      replicas: array(int32),
      isr: array(int32),
    }));
    return { name, errorCode, partitions };
  });
  return { brokers, controllerId, topics };
}
