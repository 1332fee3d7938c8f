import { defineMessages } from '@kafka-labs/i18n';

/** The transactions picture's headings, labels and legend (what it draws from the run stays as the files say it). */
export const TRANSACTIONS_MESSAGES = defineMessages({
  stripTitle: { en: (p: { title: string }) => `Transactions: ${p.title}`, ko: (p) => `트랜잭션: ${p.title}` },
  intro: {
    en: () =>
      "The partition's log by offset, each batch coloured by how its transaction ended, the control batches as COMMIT/ABORT markers with their producer epoch; under it, what each reader returned.",
    ko: () => '파티션의 로그를 offset 순으로 그렸어요. 배치마다 트랜잭션이 끝난 모습으로 색을 칠했고, 컨트롤 배치는 producer epoch와 함께 COMMIT/ABORT 마커로 그렸어요. 그 아래는 읽는 쪽마다 돌려받은 것이에요.',
  },
  logRow: { en: () => 'log', ko: () => '로그' },
  batchLabel: { en: (p: { writer: string; epoch: number }) => `${p.writer} · epoch ${p.epoch}`, ko: (p) => `${p.writer} · epoch ${p.epoch}` },
  markerLabel: {
    en: (p: { marker: string; writer: string; epoch: number }) => `${p.marker} (${p.writer}) · epoch ${p.epoch}`,
    ko: (p) => `${p.marker} (${p.writer}) · epoch ${p.epoch}`,
  },
  readEnd: { en: (p: { offset: number }) => `end ${p.offset}`, ko: (p) => `끝 ${p.offset}` },
  readTwice: { en: (p: { ids: string }) => `twice: ${p.ids}`, ko: (p) => `두 번: ${p.ids}` },
  readAbortedCopies: {
    en: (p: { ids: string }) => `each order once, plus the aborted copies of ${p.ids}`,
    ko: (p) => `주문마다 한 번, 그리고 ${p.ids}의 abort 된 사본`,
  },
  readOnce: { en: (p: { n: number }) => `${p.n} records, each order once`, ko: (p) => `레코드 ${p.n}개, 주문마다 한 번` },
  inputRow: { en: () => 'input offsets', ko: () => '입력 offset' },
  inputEnd: { en: (p: { offset: number }) => `end ${p.offset}`, ko: (p) => `끝 ${p.offset}` },
  committedWhenKilled: {
    en: (p: { offset: number }) => `the group's committed offset when the worker was killed: ${p.offset}`,
    ko: (p) => `워커가 죽을 때 그룹의 commit 된 offset: ${p.offset}`,
  },
  noCommit: { en: () => 'no committed offset when the worker was killed', ko: () => '워커가 죽을 때 commit 된 offset 없음' },
  restartBegan: { en: (p: { offset: number }) => `the restart began at ${p.offset}`, ko: (p) => `다시 시작한 워커는 ${p.offset}에서 시작` },
  noRestart: { en: () => 'no restart', ko: () => '다시 시작 없음' },
  instance: { en: (p: { id: string; epochs: string }) => `transactional.id ${p.id}, epoch ${p.epochs}`, ko: (p) => `transactional.id ${p.id}, epoch ${p.epochs}` },
  outcome: {
    en: (p: { outcome: 'committed' | 'fenced' | 'committed-late' | 'group-fenced' }) =>
      ({ committed: 'committed', fenced: 'fenced by the coordinator', 'committed-late': 'committed late: a duplicate', 'group-fenced': 'refused by the group, aborted' })[p.outcome],
    ko: (p) => ({ committed: 'commit 함', fenced: '코디네이터가 펜싱함', 'committed-late': '늦게 commit 함: 중복', 'group-fenced': '그룹이 거절해서 abort 함' })[p.outcome],
  },
  fate: {
    en: (p: { fate: 'committed' | 'aborted' | 'open' | 'plain' }) =>
      ({ committed: 'record of a committed transaction', aborted: 'record of an aborted transaction', open: 'record of an open transaction', plain: 'record without a transaction' })[p.fate],
    ko: (p) => ({ committed: 'commit 된 트랜잭션의 레코드', aborted: 'abort 된 트랜잭션의 레코드', open: '열린 트랜잭션의 레코드', plain: '트랜잭션 없는 레코드' })[p.fate],
  },
  markerLegend: {
    en: (p: { marker: 'COMMIT' | 'ABORT' }) => `${p.marker} marker (a control batch)`,
    ko: (p) => `${p.marker} 마커(컨트롤 배치)`,
  },
  stallTitle: { en: () => 'A transaction past its timeout', ko: () => '타임아웃을 넘긴 트랜잭션' },
  stallIntro: {
    en: (p: { ms: number }) => `The transaction stayed open past transaction.timeout.ms (${p.ms} ms); the coordinator aborted it, and until then the read_committed reader was held at the LSO.`,
    ko: (p) => `트랜잭션이 transaction.timeout.ms(${p.ms} ms)를 넘겨 열려 있었어요. 코디네이터가 abort 했고, 그때까지 read_committed로 읽는 쪽은 LSO에 붙잡혀 있었어요.`,
  },
  transactionOf: { en: (p: { writer: string }) => `${p.writer}'s transaction`, ko: (p) => `${p.writer}의 트랜잭션` },
  openSpan: { en: () => 'open', ko: () => '열려 있음' },
  resumed: { en: () => 'resumed', ko: () => '다시 움직임' },
  fenced: { en: () => 'commitTransaction: _FENCED (-144)', ko: () => 'commitTransaction: _FENCED (-144)' },
  timeout: { en: (p: { ms: number }) => `transaction.timeout.ms ${p.ms}`, ko: (p) => `transaction.timeout.ms ${p.ms}` },
  timeoutBeyond: { en: (p: { ms: number }) => `transaction.timeout.ms ${p.ms}: later →`, ko: (p) => `transaction.timeout.ms ${p.ms}: 더 나중 →` },
  abortedBy: {
    en: (p: { by: 'coordinator' | 'restart' | 'operator' }) =>
      ({ coordinator: 'aborted by the coordinator', restart: "aborted by the restart's initTransactions", operator: 'aborted by kafka-transactions abort' })[p.by],
    ko: (p) => ({ coordinator: '코디네이터가 abort 함', restart: '재시작한 워커의 initTransactions가 abort 함', operator: 'kafka-transactions abort로 abort 함' })[p.by],
  },
  killed: { en: () => 'kill -9', ko: () => 'kill -9' },
  openTitle: { en: (p: { title: string }) => `A transaction left open by kill -9: ${p.title}`, ko: (p) => `kill -9가 열어 둔 트랜잭션: ${p.title}` },
  openIntro: {
    en: (p: { ms: number; by: 'coordinator' | 'restart' | 'operator' }) =>
      `The writer was killed inside its transaction (transaction.timeout.ms ${p.ms} ms). Until ${({ coordinator: 'the coordinator aborted it at the timeout', restart: "the restart's initTransactions aborted it", operator: "the operator's kafka-transactions abort wrote its ABORT marker" })[p.by]}, the read_committed reader was held at the LSO.`,
    ko: (p) =>
      `쓰던 쪽이 트랜잭션 안에서 죽었어요(transaction.timeout.ms ${p.ms} ms). ${({ coordinator: '코디네이터가 타임아웃에 abort 할', restart: '재시작한 워커의 initTransactions가 abort 할', operator: '운영자의 kafka-transactions abort가 ABORT 마커를 쓸' })[p.by]} 때까지 read_committed로 읽는 쪽은 LSO에 붙잡혀 있었어요.`,
  },
  readerRow: { en: () => 'read_committed', ko: () => 'read_committed' },
  heldAtLso: { en: () => 'held at the LSO', ko: () => 'LSO에 붙잡힘' },
  heldRead: { en: (p: { id: string }) => `${p.id} read`, ko: (p) => `${p.id}를 읽음` },
  restartCommitted: { en: (p: { name: string }) => `${p.name} committed`, ko: (p) => `${p.name}가 commit 함` },
  clockFrom: { en: (p: { time: string }) => `+0 s = ${p.time} UTC, when the transaction began`, ko: (p) => `+0 s = 트랜잭션이 시작된 ${p.time} UTC` },
});
