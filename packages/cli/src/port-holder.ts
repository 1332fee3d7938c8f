import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Longest command line a holder's description keeps. */
const COMMAND_CHARS = 100;

/** The socket inodes listening on TCP `port` in this network namespace (from /proc/net/tcp and tcp6). */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      const fields = line.trim().split(/\s+/);
      const local = fields[1]?.split(':')[1];
      if (local && parseInt(local, 16) === port && fields[3] === '0A' && fields[9] && fields[9] !== '0') inodes.add(fields[9]);
    }
  }
  return inodes;
}

/**
 * Who listens on TCP `port` on this machine (Linux /proc), as `pid 1234 (java -cp ...)`, with the command line cut
 * to COMMAND_CHARS; null when nothing listens there or the holder is not visible (another user's process, no /proc).
 */
export function portHolder(port: number): string | null {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return null;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (!inode || !inodes.has(inode)) continue;
      let command = '';
      try {
        command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      } catch {}
      const cut = command.length > COMMAND_CHARS ? `${command.slice(0, COMMAND_CHARS - 1)}…` : command;
      return `pid ${pid} (${cut || 'command unknown'})`;
    }
  }
  return null;
}
