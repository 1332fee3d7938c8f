import { defineMessages } from '@kafka-labs/i18n';

/** What 04-transaction-timeout's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  setUp: {
    en: (p: { orders: number }) => `Create orders and orders_enriched; ${p.orders} orders; a read_committed reader of orders_enriched`,
    ko: (p) => `orders와 orders_enriched 만들기; 주문 ${p.orders}개; orders_enriched를 read_committed로 읽는 컨슈머`,
  },
  stall: {
    en: (p: { timeoutMs: number; stallAfter: string; orders: number }) =>
      `w1 (transaction.timeout.ms=${p.timeoutMs}) stalls after "${p.stallAfter}": its transaction holds the ${p.orders} outputs and the input offsets`,
    ko: (p) => `w1(transaction.timeout.ms=${p.timeoutMs})이 "${p.stallAfter}" 뒤에 멈춤: 그 트랜잭션이 출력 ${p.orders}개와 입력 offset을 들고 있음`,
  },
  lateWritten: {
    en: (p: { late: string; output: string; offset: number }) =>
      `   ${p.late} written to ${p.output} p0 without a transaction (acknowledged at offset ${p.offset}), after w1's open transaction`,
    ko: (p) => `   ${p.late}를 트랜잭션 없이 ${p.output} p0에 썼어요(offset ${p.offset}로 응답받음). w1의 열린 트랜잭션 뒤예요`,
  },
  waitAbort: {
    en: () => 'Nobody else uses the transactional.id: wait until the coordinator aborts the timed-out transaction',
    ko: () => '아무도 그 transactional.id를 쓰지 않음: 코디네이터가 시간 초과된 트랜잭션을 abort 할 때까지 기다리기',
  },
  aborted: {
    en: (p: { state: string; epoch: number; timeoutMs: number; late: string; offset: number; seconds: string }) =>
      `   kafka-transactions describe: ${p.state}, epoch ${p.epoch}, timeout ${p.timeoutMs} ms; w1 is still paused.\n` +
      `   The read_committed reader got ${p.late} (offset ${p.offset}) only now: ${p.seconds} s after w1 began its transaction.\n` +
      "   Until the abort the partition's last stable offset (LSO) stood at w1's first record: nothing after it was readable.",
    ko: (p) =>
      `   kafka-transactions describe: ${p.state}, epoch ${p.epoch}, timeout ${p.timeoutMs} ms. w1은 아직 멈춰 있어요.\n` +
      `   read_committed 컨슈머는 ${p.late}(offset ${p.offset})를 이제야 받았어요. w1이 트랜잭션을 시작하고 ${p.seconds}초 뒤예요.\n` +
      '   abort 전까지 파티션의 LSO(last stable offset)는 w1의 첫 레코드에 머물러 있어서, 그 뒤의 것은 읽을 수 없었어요.',
  },
  resume: { en: () => 'Resume w1: its commitTransaction', ko: () => 'w1을 다시 움직이기: commitTransaction' },
  w1Label: { en: () => 'w1, the worker that outlasted its transaction', ko: () => 'w1, 트랜잭션보다 오래 멈춰 있던 워커' },
  restart: { en: () => 'Restart it (w2, the same transactional.id)', ko: () => '다시 시작하기(w2, 같은 transactional.id)' },
  w2Label: { en: () => 'w2, restarted', ko: () => 'w2, 다시 시작함' },
  readerLabel: { en: () => 'reader (read_committed), what it was given and when', ko: () => 'reader(read_committed)가 받은 것과 그 시각' },
  endState: {
    en: (p: { state: string; epoch: number }) => `   kafka-transactions describe at the end: ${p.state}, epoch ${p.epoch}.`,
    ko: (p) => `   끝에서 kafka-transactions describe: ${p.state}, epoch ${p.epoch}.`,
  },
  closing: {
    en: (p: { timeoutMs: number; late: string }) =>
      `w1 held its transaction open longer than transaction.timeout.ms (${p.timeoutMs} ms). The coordinator, which checks\n` +
      'for timed-out transactions every second here (transaction.abort.timed.out.transaction.cleanup.interval.ms=1000,\n' +
      'default 10 s), aborted it on its own: it bumped the producer epoch and wrote the ABORT marker at the new epoch.\n' +
      `Until then, the open transaction held read_committed readers at the LSO: ${p.late}, written after it by another\n` +
      'producer, stayed invisible for as long. w1 learnt of the abort only at its next call: commitTransaction failed\n' +
      'with _FENCED (-144), "fenced by a newer instance", although no other instance existed: the newer epoch was the\n' +
      "coordinator's. Its input offsets were in the aborted transaction too, so the restart began at offset 0 and\n" +
      'processed the orders again; the transaction kept that exactly-once in read_committed output. The protection is\n' +
      'the timeout itself; the cost is the stall readers see and the work done twice: transaction.timeout.ms must cover\n' +
      'the worst processing time of a batch.',
    ko: (p) =>
      `w1은 트랜잭션을 transaction.timeout.ms(${p.timeoutMs} ms)보다 오래 열어 두었어요. 여기서는 시간 초과된 트랜잭션을 1초마다\n` +
      '확인하는 코디네이터(transaction.abort.timed.out.transaction.cleanup.interval.ms=1000, 기본값 10초)가 스스로 abort 했어요.\n' +
      '프로듀서 epoch를 올리고, 새 epoch로 ABORT 마커를 썼어요. 그때까지 열린 트랜잭션은 read_committed로 읽는 쪽을 LSO에\n' +
      `붙잡아 두었어요. 다른 프로듀서가 그 뒤에 쓴 ${p.late}도 그동안 보이지 않았어요. w1은 다음 호출에서야 abort를 알게 됐어요.\n` +
      'commitTransaction이 _FENCED (-144), "fenced by a newer instance"로 실패했지만, 다른 인스턴스는 없었어요. 더 새 epoch는\n' +
      '코디네이터의 것이었어요. 입력 offset도 abort 된 트랜잭션 안에 있었으니, 다시 시작한 워커는 offset 0부터 주문을 다시\n' +
      '처리했고, 트랜잭션 덕분에 read_committed 출력은 exactly-once로 남았어요. 지켜 준 건 타임아웃 자체이고, 대가는 읽는 쪽이\n' +
      '겪는 멈춤과 두 번 한 일이에요. transaction.timeout.ms는 배치 하나를 처리하는 최악의 시간보다 길어야 해요.',
  },

  stalledExpected: {
    en: (p: { stallAfter: string; timeoutMs: number }) =>
      `w1 paused after ${p.stallAfter} inside its transaction (timeout ${p.timeoutMs} ms), resumed later than that, and kafka-transactions showed the transaction CompleteAbort meanwhile`,
    ko: (p) => `w1이 트랜잭션 안(timeout ${p.timeoutMs} ms)에서 ${p.stallAfter} 뒤에 멈췄다가 그보다 늦게 다시 움직였고, 그사이 kafka-transactions가 CompleteAbort를 보여 줌`,
  },
  stalledFound: {
    en: (p: { paused: boolean; resumedMs: number | null; described: string }) =>
      `paused ${p.paused ? 'yes' : 'no'}; resumed ${p.resumedMs === null ? 'never' : `${p.resumedMs} ms`} after it began; describe: ${p.described}`,
    ko: (p) => `멈춤 ${p.paused ? '예' : '아니요'}; 시작 뒤 ${p.resumedMs === null ? '다시 움직이지 않음' : `${p.resumedMs} ms에 다시 움직임`}; describe: ${p.described}`,
  },
  described: {
    en: (p: { state: string; timeoutMs: number }) => `${p.state}, timeout ${p.timeoutMs} ms`,
    ko: (p) => `${p.state}, timeout ${p.timeoutMs} ms`,
  },
  never: { en: () => 'never', ko: () => '없음' },
  rivalExpected: {
    en: () => "no other producer used w1's transactional.id while w1 ran: w2, with the same id, started after w1 had stopped; the reader has none",
    ko: () => 'w1이 도는 동안 다른 프로듀서가 w1의 transactional.id를 쓰지 않음: 같은 id의 w2는 w1이 멈춘 뒤에 시작했고, reader에는 id가 없음',
  },
  rivalFound: {
    en: (p: { w1: string; stopped: string; w2: string; started: string; reader: string }) =>
      `w1 ${p.w1} stopped ${p.stopped}; w2 ${p.w2} started ${p.started}; reader ${p.reader}`,
    ko: (p) => `w1 ${p.w1} 멈춤 ${p.stopped}; w2 ${p.w2} 시작 ${p.started}; reader ${p.reader}`,
  },
  noId: { en: () => 'no id', ko: () => 'id 없음' },
  fencedExpected: {
    en: () => "w1's commitTransaction after it resumed failed fatally with _FENCED (-144) and nothing was committed",
    ko: () => '다시 움직인 w1의 commitTransaction이 _FENCED (-144)로 fatal 실패했고, commit 된 것은 없음',
  },
  fencedFound: { en: (p: { calls: string }) => `after resuming: ${p.calls}`, ko: (p) => `다시 움직인 뒤: ${p.calls}` },
  nothing: { en: () => 'nothing', ko: () => '없음' },
  heldExpected: {
    en: (p: { late: string; timeoutMs: number }) =>
      `the read_committed reader got ${p.late}, written after w1's open transaction, no sooner than ${p.timeoutMs} ms after w1 began it, and none of w1's records`,
    ko: (p) => `read_committed 컨슈머는 w1의 열린 트랜잭션 뒤에 쓰인 ${p.late}를 w1이 트랜잭션을 시작하고 ${p.timeoutMs} ms가 지난 뒤에야 받았고, w1의 레코드는 하나도 받지 않음`,
  },
  heldFound: {
    en: (p: { late: string; seen: boolean; offset: number; w1Last: number; heldMs: number; got: string }) =>
      `${p.late} ${p.seen ? `at offset ${p.offset} (w1's last ${p.w1Last}), ${p.heldMs} ms after w1 began` : 'never read'}; reader got ${p.got}`,
    ko: (p) => `${p.late} ${p.seen ? `offset ${p.offset}(w1의 마지막 ${p.w1Last}), w1 시작 뒤 ${p.heldMs} ms` : '읽히지 않음'}; reader가 받은 것 ${p.got}`,
  },
  reprocessedExpected: {
    en: (p: { orders: number }) => `w2 started where w1 had (its offsets were aborted with its transaction) and processed all ${p.orders} orders again`,
    ko: (p) => `w2는 w1이 시작한 곳에서 시작했고(w1의 offset은 트랜잭션과 함께 abort 됨) 주문 ${p.orders}개를 모두 다시 처리함`,
  },
  reprocessedFound: {
    en: (p: { w1: string; w2: string; processed: number; committed: number }) =>
      `w1 started at ${p.w1}, w2 at ${p.w2}; w2 processed ${p.processed}, committed ${p.committed} transaction(s)`,
    ko: (p) => `w1 시작 ${p.w1}, w2 시작 ${p.w2}; w2가 ${p.processed}개 처리, 트랜잭션 ${p.committed}개 commit`,
  },
  onceExpected: {
    en: (p: { late: string }) => `read_committed output: each order once (w2's) and ${p.late}; read_uncommitted adds w1's aborted copies`,
    ko: (p) => `read_committed 출력: 주문마다 한 번(w2의 것)과 ${p.late}; read_uncommitted에는 w1의 abort 된 사본이 더 있음`,
  },
  onceFound: {
    en: (p: { n: number; copies: string; missing: string; uncommitted: number; w1: number }) =>
      `read_committed ${p.n} records: ${p.copies}, missing ${p.missing}; read_uncommitted ${p.uncommitted}, w1 wrote ${p.w1}`,
    ko: (p) => `read_committed 레코드 ${p.n}개: ${p.copies}, 빠짐 ${p.missing}; read_uncommitted ${p.uncommitted}개, w1이 쓴 것 ${p.w1}개`,
  },
  epochsExpected: {
    en: () => "librdkafka 2.15.1 (transactions v1): w1's batch at epoch e ends in an ABORT at e+1, the coordinator's (describe: e+1); w2 writes and commits at e+2",
    ko: () => 'librdkafka 2.15.1(트랜잭션 v1): epoch e인 w1의 배치는 코디네이터가 쓴 e+1의 ABORT로 끝나고(describe: e+1), w2는 e+2로 쓰고 commit 함',
  },
  epochsFound: {
    en: (p: { e: string; marker: string; abortedEpoch: string; w2: string; end: string }) =>
      `w1's batch at e=${p.e}; its marker: ${p.marker}; describe after the abort: epoch ${p.abortedEpoch}; w2's batches at ${p.w2}; at the end ${p.end}`,
    ko: (p) => `w1의 배치 e=${p.e}; 그 마커: ${p.marker}; abort 뒤 describe: epoch ${p.abortedEpoch}; w2의 배치 epoch ${p.w2}; 끝에서 ${p.end}`,
  },
  endAt: { en: (p: { state: string; epoch: number }) => `${p.state} epoch ${p.epoch}`, ko: (p) => `${p.state} epoch ${p.epoch}` },
});
