import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** One TCP connection of a process, as /proc/<pid>/net/tcp{,6} lists it. */
export interface TcpConnection {
  localPort: number;
  remotePort: number;
  /** Bytes received and not yet read by the process (rx_queue). */
  unread: number;
}

/** Parses one /proc/net/tcp table (its header line included) into connections, keyed by socket inode. */
export function parseTcpTable(text: string): Map<string, TcpConnection> {
  const connections = new Map<string, TcpConnection>();
  for (const line of text.trim().split('\n').slice(1)) {
    const [, local, remote, , queues, , , , , inode] = line.trim().split(/\s+/);
    if (!local || !remote || !queues || !inode) continue;
    const port = (address: string) => parseInt(address.split(':').at(-1)!, 16);
    connections.set(inode, { localPort: port(local), remotePort: port(remote), unread: parseInt(queues.split(':')[1]!, 16) });
  }
  return connections;
}

/** The TCP connections process `pid` holds to `remotePort` on any address (Linux only: it reads /proc). */
export function connectionsOf(pid: number, remotePort: number): TcpConnection[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (socket) inodes.add(socket[1]!);
    } catch {
      // closed meanwhile
    }
  }
  const tables = ['tcp', 'tcp6'].map((file) => parseTcpTable(readFileSync(`/proc/${pid}/net/${file}`, 'utf8')));
  return tables.flatMap((table) => [...table].filter(([inode, c]) => inodes.has(inode) && c.remotePort === remotePort).map(([, c]) => c));
}
