import { describe, expect, it } from 'vitest';
import { parseTcpTable } from './sockets.ts';

// Two lines of a real /proc/<pid>/net/tcp of a frozen follower: its connection to the leader's 9092 holds 76 unread bytes.
const TABLE = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:AF50 0100007F:2384 01 00000000:0000004C 00:00000000 00000000     0        0 7123456 1 0000000000000000 20 4 30 10 -1
   1: 0100007F:2385 0100007F:C2A8 01 00000000:00000000 00:00000000 00000000     0        0 7123457 1 0000000000000000 20 4 30 10 -1
`;

describe('parseTcpTable', () => {
  it('reads ports and the unread bytes of every connection by inode', () => {
    const table = parseTcpTable(TABLE);
    expect(table.get('7123456')).toEqual({ localPort: 0xaf50, remotePort: 9092, unread: 76 });
    expect(table.get('7123457')).toEqual({ localPort: 9093, remotePort: 0xc2a8, unread: 0 });
  });

  it('skips what is not a connection line', () => {
    expect(parseTcpTable('header only\n\n').size).toBe(0);
  });
});
