import { defineMessages } from '@kafka-labs/i18n';

/** What 02-offsets-in-transaction's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  variant: {
    en: (p: { commit: string; orders: number; batch: number; killAfter: string }) =>
      `--commit ${p.commit}: ${p.orders} orders, batches of ${p.batch}; SIGKILL the worker at "paused after ${p.killAfter}", then restart it`,
    ko: (p) => `--commit ${p.commit}: 주문 ${p.orders}개, 배치 ${p.batch}개씩; "paused after ${p.killAfter}"에서 워커를 SIGKILL 하고 다시 시작`,
  },
  killedLabel: { en: (p: { name: string }) => `${p.name}, until SIGKILL`, ko: (p) => `${p.name}, SIGKILL 될 때까지` },
  restartedLabel: {
    en: (p: { name: string }) => `${p.name}, restarted with the same transactional.id`,
    ko: (p) => `${p.name}, 같은 transactional.id로 다시 시작`,
  },
  variantResult: {
    en: (p: { killed: string; durable: string; restarted: string; start: string; n: number; twice: string; missing: string; uncommitted: number; ghosts: number; state: string; epoch: number }) =>
      `   ${p.killed} stood at committed offset ${p.durable} when it was killed; ${p.restarted} started at ${p.start}.\n` +
      `   read_committed output: ${p.n} records, twice: ${p.twice}, missing: ${p.missing};\n` +
      `   read_uncommitted: ${p.uncommitted} (${p.ghosts} aborted copies). Transaction state: ${p.state}, epoch ${p.epoch}.`,
    ko: (p) =>
      `   ${p.killed}는 죽을 때 commit 된 offset ${p.durable}에 있었고, ${p.restarted}는 ${p.start}에서 시작했어요.\n` +
      `   read_committed 출력: 레코드 ${p.n}개, 두 번: ${p.twice}, 빠짐: ${p.missing};\n` +
      `   read_uncommitted: ${p.uncommitted}개(abort 된 사본 ${p.ghosts}개). 트랜잭션 상태: ${p.state}, epoch ${p.epoch}.`,
  },
  summaryRow: {
    en: (p: { commit: string; twice: number; missing: number; ghosts: number }) =>
      `${p.commit.padEnd(12)} twice: ${String(p.twice).padEnd(3)} missing: ${String(p.missing).padEnd(3)} aborted copies: ${p.ghosts}`,
    ko: (p) => `${p.commit.padEnd(12)} 두 번: ${String(p.twice).padEnd(3)} 빠짐: ${String(p.missing).padEnd(3)} abort 된 사본: ${p.ghosts}`,
  },
  summaryLabel: { en: () => 'read_committed output per way of committing offsets', ko: () => 'offset을 commit 하는 방법별 read_committed 출력' },
  closing: {
    en: () =>
      'Offsets committed outside the transaction make the crash window visible. commitSync after commitTransaction: the\n' +
      'output is committed, the offsets are not, so the restarted worker processes the batch again and its output is\n' +
      'there twice. commitSync before commitTransaction: the offsets are committed, the output is aborted with the\n' +
      'killed transaction, so the batch is never processed again: lost. sendOffsetsToTransaction puts the offsets in\n' +
      'the transaction: the restart aborts both together (ABORT marker, epoch bumped), starts from the last committed\n' +
      'offsets, and every order is in the read_committed output once; the aborted copies are visible only read_uncommitted.',
    ko: () =>
      'offset을 트랜잭션 밖에서 commit 하면 크래시 구간이 드러나요. commitTransaction 뒤에 commitSync 하면 출력은 commit 되고\n' +
      'offset은 안 된 채로 남아서, 다시 시작한 워커가 배치를 또 처리하고 그 출력이 두 번 있게 돼요. commitTransaction 앞에\n' +
      'commitSync 하면 offset은 commit 되고 출력은 죽은 트랜잭션과 함께 abort 돼서, 그 배치는 다시 처리되지 않아요: 유실이에요.\n' +
      'sendOffsetsToTransaction은 offset을 트랜잭션 안에 넣어요. 다시 시작하면 둘을 함께 abort 하고(ABORT 마커, epoch 증가)\n' +
      '마지막으로 commit 된 offset부터 시작해서, 모든 주문이 read_committed 출력에 한 번씩 있어요. abort 된 사본은\n' +
      'read_uncommitted에서만 보여요.',
  },

  killedExpected: {
    en: (p: { name: string; killAfter: string }) => `${p.name} was killed (SIGKILL) right after it logged "paused after ${p.killAfter}"`,
    ko: (p) => `${p.name}가 "paused after ${p.killAfter}"를 남긴 직후 SIGKILL 됨`,
  },
  killedFound: { en: (p: { last: string }) => `its last line: ${p.last}`, ko: (p) => `마지막 줄: ${p.last}` },
  killedHint: { en: () => 'a worker that stopped on its own logs stopping/stopped', ko: () => '스스로 멈춘 워커는 stopping/stopped를 남겨요' },
  restartExpected: {
    en: (p: { restarted: string; killed: string }) => `${p.restarted} starts at the offset ${p.killed} had durably committed for the group`,
    ko: (p) => `${p.restarted}는 ${p.killed}가 그룹에 확실히 commit 한 offset에서 시작함`,
  },
  restartFound: {
    en: (p: { killed: string; durable: string; restarted: string; start: string }) => `committed by ${p.killed}: ${p.durable}; ${p.restarted} starts at ${p.start}`,
    ko: (p) => `${p.killed}가 commit 한 것: ${p.durable}; ${p.restarted}의 시작: ${p.start}`,
  },
  copiesTwice: {
    en: (p: { batch: string }) => `read_committed output: every order once, except the killed batch (${p.batch}): twice (processed again)`,
    ko: (p) => `read_committed 출력: 죽은 배치(${p.batch})만 두 번(다시 처리됨), 나머지 주문은 한 번씩`,
  },
  copiesLost: {
    en: (p: { batch: string }) => `read_committed output: every order once, except the killed batch (${p.batch}): missing (lost)`,
    ko: (p) => `read_committed 출력: 죽은 배치(${p.batch})만 빠짐(유실), 나머지 주문은 한 번씩`,
  },
  copiesOnce: {
    en: (p: { batch: string }) => `read_committed output: every order once, except the killed batch (${p.batch}): once too (exactly once)`,
    ko: (p) => `read_committed 출력: 죽은 배치(${p.batch})까지 모든 주문이 한 번씩(exactly once)`,
  },
  uncommittedEqual: {
    en: () => 'read_uncommitted output equals read_committed: the killed worker had no open transaction',
    ko: () => 'read_uncommitted 출력이 read_committed와 같음: 죽은 워커에 열린 트랜잭션이 없었음',
  },
  uncommittedGhosts: {
    en: () => "read_uncommitted output holds read_committed's records plus the killed transaction's aborted copies",
    ko: () => 'read_uncommitted 출력은 read_committed의 레코드에 죽은 트랜잭션의 abort 된 사본을 더한 것',
  },
  uncommittedFound: {
    en: (p: { uncommitted: number; committed: number; killed: string }) => `read_uncommitted ${p.uncommitted} records, read_committed ${p.committed}, killed transaction ${p.killed}`,
    ko: (p) => `read_uncommitted 레코드 ${p.uncommitted}개, read_committed ${p.committed}개, 죽은 트랜잭션: ${p.killed}`,
  },
  txnEnded: { en: () => 'ended', ko: () => '끝남' },
  txnOpen: { en: (p: { n: number }) => `open with ${p.n}`, ko: (p) => `${p.n}개를 담고 열려 있음` },
  epochsCommit: {
    en: () => "librdkafka 2.15.1 (transactions v1): the killed worker's last transaction ends in COMMIT at its epoch e; the restarted worker writes at e+1",
    ko: () => 'librdkafka 2.15.1(트랜잭션 v1): 죽은 워커의 마지막 트랜잭션은 자기 epoch e의 COMMIT으로 끝나고, 다시 시작한 워커는 e+1로 씀',
  },
  epochsAbort: {
    en: () => 'librdkafka 2.15.1 (transactions v1): the killed transaction ends in ABORT at epoch e+1 (written by the coordinator); the restarted worker has e+2',
    ko: () => 'librdkafka 2.15.1(트랜잭션 v1): 죽은 트랜잭션은 epoch e+1의 ABORT로 끝나고(코디네이터가 씀), 다시 시작한 워커는 e+2',
  },
  epochsFound: {
    en: (p: { e: string; marker: string; at: string; later: string; described: string }) =>
      `killed batch at e=${p.e}; marker after it: ${p.marker} at ${p.at}; later batches at ${p.later}; kafka-transactions epoch ${p.described}`,
    ko: (p) => `죽은 배치 e=${p.e}; 그 뒤의 마커: ${p.marker}, epoch ${p.at}; 이후 배치 epoch ${p.later}; kafka-transactions epoch ${p.described}`,
  },
});
