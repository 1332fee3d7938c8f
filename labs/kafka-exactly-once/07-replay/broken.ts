import { dropLines, type Broken } from '@kafka-labs/lab-kit/testing';
// The grader's broken variants of a run folder of this lab (see lab-kit's testBrokenVariants), for grade.test.ts and the live test.

/** The describe row of partition `p` of a group: `<group> <topic> <p> <committed> <log end> ...`. */
const row = (p: number) => new RegExp(String.raw`^(\S+\s+\S+\s+${p}\s+)(\d+)(\s+)`, 'm');

export const BROKEN: Broken[] = [
  {
    name: 'a replay group whose offsets never moved',
    file: 'group-backfill.txt',
    edit: (text) => text.replace(row(0), (_, head: string, _offset: string, gap: string) => `${head}0${gap}`),
    fails: ['backfill-replays-everything'],
    reason: /group-backfill\.txt: p0 0\/5 backfill, p1 5\/5 backfill\)/,
  },
  {
    name: 'a same-group replayer that read the partition again from the beginning',
    file: 'replayer.log',
    edit: (text) => text.replace(/^(\S+) replayer assigned \[(p\d)\]$/m, (line, time: string, p: string) => `${line}\n${time} replayer consumed ${p} offset 0 E-0002`),
    fails: ['same-group-replays-nothing'],
    reason: /consumed 1, produced 0\)/,
  },
  {
    name: 'a live member that logged no rebalance when the replayer joined',
    file: 'live.log',
    edit: (text) => text.replace(/^\S+ live revoked \[p0,p1\]\n/m, ''),
    fails: ['same-group-rebalance'],
    reason: /live while it ran: assigned \[\d\]/,
  },
  {
    name: 'a reset of the active live group that went through',
    file: 'reset-live.txt',
    edit: (text) => `${dropLines(text, /^Error: /)}${/group '(\S+)'/.exec(text)?.[1] ?? 'live'} orders 0 0\n`,
    fails: ['reset-refused-while-active'],
    reason: /\(no refusal line, /,
  },
  {
    name: 'a live group whose offsets moved during the backfill',
    file: 'group-live-after-backfill.txt',
    edit: (text) => text.replace(row(1), (_, head: string, _offset: string, gap: string) => `${head}0${gap}`),
    fails: ['live-untouched'],
    reason: /-> p0 5\/5 live, p1 0\/5 live\)/,
  },
  {
    name: 'a backfill still running when live stopped (and logged its revoke)',
    file: 'backfill.log',
    edit: (text) => text.replace(/^\S+ backfill stopped$/m, '2099-01-01T00:00:00.000Z backfill stopped'),
    fails: ['live-untouched'],
    reason: /\(live's rebalances during the backfill: 1; /,
  },
  {
    name: 'a merge that applied a replayed event again',
    file: 'merge.log',
    edit: (text) => text.replace(/ merge skipped E-0004$/m, ' merge applied E-0004'),
    fails: ['merge-skips-all'],
    reason: /skipped 9, applied 1 \(E-0004\)\)/,
  },
  {
    name: 'a projection the merge changed',
    file: 'database.jsonl',
    edit: (text) => text.replace(/("order_id":"O-4","status":"PAID","updated_at":"[^"]+","applied":)1/, '$12'),
    fails: ['projection-unchanged'],
    reason: /30 rows before, 30 after, 2 differ/,
  },
];
