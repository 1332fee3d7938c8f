import { defineMessages } from '@kafka-labs/i18n';

type Abort = 'coordinator' | 'restart' | 'operator';

/** What 09-hanging-transaction's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  step: {
    en: (p: { v: string; abort: Abort }) =>
      ({
        coordinator: `${p.v}: a worker with a random transactional.id per start is killed (kill -9) inside its transaction, then restarted`,
        restart: `${p.v}: the same crash with a stable transactional.id, then the restart`,
        operator: `${p.v}: the same crash with a random id, and nobody restarts it: the operator's tools`,
      })[p.abort],
    ko: (p) =>
      ({
        coordinator: `${p.v}: 시작할 때마다 transactional.id가 무작위인 워커를 트랜잭션 안에서 죽이고(kill -9) 다시 시작하기`,
        restart: `${p.v}: 같은 크래시, transactional.id는 고정, 그리고 다시 시작하기`,
        operator: `${p.v}: 무작위 id로 같은 크래시, 아무도 다시 시작하지 않음: 운영자의 도구`,
      })[p.abort],
  },
  w1Label: { en: (p: { name: string }) => `${p.name}, killed after its records were written`, ko: (p) => `${p.name}, 레코드를 쓴 뒤에 죽음` },
  killed: {
    en: (p: { name: string; id: string; state: string; epoch: number; timeoutMs: number }) =>
      `   kill -9 ${p.name}. kafka-transactions describe --transactional-id ${p.id}: ${p.state}, epoch ${p.epoch}, timeout ${p.timeoutMs} ms.`,
    ko: (p) => `   kill -9 ${p.name}. kafka-transactions describe --transactional-id ${p.id}: ${p.state}, epoch ${p.epoch}, timeout ${p.timeoutMs} ms.`,
  },
  otherCommitted: {
    en: (p: { name: string; id: string; output: string; offset: number }) =>
      `   ${p.name}, another transactional producer, wrote ${p.id} to ${p.output} p0 (offset ${p.offset}) and committed it.`,
    ko: (p) => `   다른 트랜잭셔널 프로듀서(${p.name})가 주문(${p.id})을 ${p.output} p0(offset ${p.offset})에 쓰고 commit 했어요.`,
  },
  w2Label: {
    en: (p: { name: string; same: boolean }) => `${p.name}, restarted with ${p.same ? 'the same transactional.id' : 'a new random transactional.id'}`,
    ko: (p) => `${p.name}, ${p.same ? '같은 transactional.id' : '새 무작위 transactional.id'}로 다시 시작함`,
  },
  operatorTools: {
    en: () => '   What an operator sees, and does, with the partition stuck:',
    ko: () => '   파티션이 멈춰 있을 때 운영자가 보는 것과 하는 일:',
  },
  findHangingSays: {
    en: () =>
      '   describe-producers shows the open transaction and its first offset (what holds the LSO). find-hanging lists\n' +
      '   nothing, with its default --max-transaction-timeout (15 minutes) and with 0: it lists only a transaction open on a\n' +
      '   partition that its coordinator does not list there (a marker that was never written), and this one the\n' +
      '   coordinator still holds Ongoing: it will end it at transaction.timeout.ms.',
    ko: () =>
      '   describe-producers는 열린 트랜잭션과 그 첫 offset(LSO를 붙잡고 있는 것)을 보여 줘요. find-hanging은 기본값\n' +
      '   --max-transaction-timeout(15분)으로도, 0으로도 아무것도 보여 주지 않아요. 파티션에는 열려 있지만 코디네이터가 그\n' +
      '   파티션을 모르는 트랜잭션(한 번도 쓰이지 않은 마커)만 보여 주는데, 이 트랜잭션은 코디네이터가 아직 Ongoing으로\n' +
      '   들고 있어서 transaction.timeout.ms에 끝낼 거예요.',
  },
  aborting: {
    en: (p: { output: string; start: number }) =>
      `   kafka-transactions abort --topic ${p.output} --partition 0 --start-offset ${p.start}: the tool asks the partition's\n` +
      '   leader for the producer of that open transaction and writes an ABORT marker for it, at its epoch (exit 0, no output).',
    ko: (p) =>
      `   kafka-transactions abort --topic ${p.output} --partition 0 --start-offset ${p.start}: 도구가 파티션 리더에게 그 열린\n` +
      '   트랜잭션의 프로듀서를 묻고, 그 epoch로 ABORT 마커를 써요(exit 0, 출력 없음).',
  },
  producersAfter: { en: () => 'describe-producers after the abort', ko: () => 'abort 뒤의 describe-producers' },
  coordinatorStill: {
    en: (p: { state: string; timeoutMs: number }) =>
      `   The partition is free, but kafka-transactions describe still says ${p.state}: the coordinator was not told. It\n` +
      `   aborts the transaction at its timeout (${p.timeoutMs / 60_000} min) anyway, with a second ABORT marker one epoch higher.`,
    ko: (p) =>
      `   파티션은 풀렸지만 kafka-transactions describe는 아직 ${p.state} 상태예요. 코디네이터는 알지 못했어요. 코디네이터는\n` +
      `   타임아웃(${p.timeoutMs / 60_000}분)에 어차피 이 트랜잭션을 abort 하고, epoch가 하나 높은 두 번째 ABORT 마커를 써요.`,
  },
  readerLabel: { en: (p: { name: string }) => `${p.name} (read_committed), what it was given and when`, ko: (p) => `${p.name}(read_committed)가 받은 것과 그 시각` },
  released: {
    en: (p: { id: string; abort: Abort; seconds: string; timeoutMs: number }) =>
      `   The reader got ${p.id} ${p.seconds} s after the dead transaction began (transaction.timeout.ms ${p.timeoutMs}): ` +
      ({ coordinator: 'when the coordinator aborted it.', restart: "when the restart's initTransactions aborted it.", operator: "when the operator's abort marker was written." })[p.abort],
    ko: (p) =>
      `   reader는 죽은 트랜잭션이 시작되고 ${p.seconds}초 뒤에 주문(${p.id})을 받았어요(transaction.timeout.ms ${p.timeoutMs}). ` +
      ({ coordinator: '코디네이터가 abort 한 때예요.', restart: '재시작한 워커의 initTransactions가 abort 한 때예요.', operator: '운영자의 abort 마커가 쓰인 때예요.' })[p.abort],
  },
  endState: {
    en: (p: { id: string; state: string; epoch: number }) => `   kafka-transactions describe --transactional-id ${p.id}: ${p.state}, epoch ${p.epoch}.`,
    ko: (p) => `   kafka-transactions describe --transactional-id ${p.id}: ${p.state}, epoch ${p.epoch}.`,
  },
  stepEnd: {
    en: () => 'Each output at both isolation levels, and its dump',
    ko: () => '출력마다 두 격리 수준으로 읽은 것과 덤프',
  },
  closing: {
    en: (p: { timeoutMs: number; defaultMs: number; other: string }) =>
      `A worker killed inside a transaction leaves it open, and Kafka holds every read_committed reader of the partition at\n` +
      `its first offset (the LSO) until an ABORT marker ends it: ${p.other}, committed by another producer after it, included.\n` +
      'Who writes that marker:\n' +
      `- with a random transactional.id per start, nobody but the coordinator, when transaction.timeout.ms has passed\n` +
      `  (${p.timeoutMs} ms here; the default is ${p.defaultMs / 1000} s). The restart's new id has a producer id of its own, and its\n` +
      '  committed output waits behind the dead transaction like everything else;\n' +
      "- with a stable id, the restart: its initTransactions aborts what the previous instance left open, at once;\n" +
      "- the operator, when the timeout is long (15 min here, the broker's transaction.max.timeout.ms): kafka-transactions\n" +
      "  abort --start-offset writes the partition's ABORT marker at the open transaction's epoch. The coordinator is not\n" +
      '  told and holds the transaction Ongoing until its timeout (then a second ABORT marker, one epoch higher).\n' +
      'find-hanging is the tool for a different fault: a transaction open on a partition whose coordinator does not list it\n' +
      'there, which no timeout will ever end. A dead worker\'s transaction is not "hanging" in its sense: it lists none.\n' +
      'The hold is the broker\'s, whichever client wrote the transaction; the epochs are librdkafka\'s.',
    ko: (p) =>
      '트랜잭션 안에서 죽은 워커는 트랜잭션을 열어 둔 채로 남기고, Kafka는 ABORT 마커가 그것을 끝낼 때까지 그 파티션을\n' +
      `read_committed로 읽는 모든 쪽을 그 첫 offset(LSO)에 붙잡아 둬요. 그 뒤에 다른 프로듀서가 commit 한 ${p.other}도요.\n` +
      '그 마커를 쓰는 건 누구일까요:\n' +
      '- 시작할 때마다 transactional.id가 무작위면 코디네이터뿐이에요. transaction.timeout.ms가 지나야 써요\n' +
      `  (여기서는 ${p.timeoutMs} ms, 기본값은 ${p.defaultMs / 1000}초). 다시 시작한 워커의 새 id는 producer id도 따로라서, 그 워커가\n` +
      '  commit 한 출력도 다른 것처럼 죽은 트랜잭션 뒤에서 기다려요.\n' +
      '- id가 고정이면 다시 시작한 워커예요. initTransactions가 이전 인스턴스가 열어 둔 것을 바로 abort 해요.\n' +
      '- 타임아웃이 길면(여기서는 15분, 브로커의 transaction.max.timeout.ms) 운영자예요. kafka-transactions abort --start-offset이\n' +
      '  열린 트랜잭션의 epoch로 파티션의 ABORT 마커를 써요. 코디네이터는 그 사실을 모른 채 타임아웃까지 트랜잭션을\n' +
      '  Ongoing으로 들고 있어요(그때 epoch가 하나 높은 두 번째 ABORT 마커).\n' +
      'find-hanging은 다른 고장을 찾는 도구예요. 파티션에는 열려 있는데 코디네이터는 그 파티션을 모르는 트랜잭션으로,\n' +
      '어떤 타임아웃도 끝내 주지 않아요. 죽은 워커의 트랜잭션은 그런 뜻의 "hanging"이 아니라서 아무것도 보여 주지 않아요.\n' +
      '붙잡는 건 어느 클라이언트가 트랜잭션을 썼든 브로커이고, epoch 숫자는 librdkafka의 것이에요.',
  },

  killedExpected: {
    en: (p: { name: string; n: number; stallAfter: string; timeoutMs: number }) =>
      `${p.name} began a transaction, wrote ${p.n} records, paused after ${p.stallAfter} and was killed there (nothing committed or aborted); kafka-transactions describe showed it Ongoing on the output partition, timeout ${p.timeoutMs} ms`,
    ko: (p) =>
      `${p.name} 워커가 트랜잭션을 시작해 레코드 ${p.n}개를 쓰고 ${p.stallAfter} 뒤에 멈춘 채 죽었고(commit도 abort도 없음), kafka-transactions describe가 출력 파티션에서 Ongoing, timeout ${p.timeoutMs} ms로 보여 줌`,
  },
  killedFound: {
    en: (p: { produced: number; last: string; described: string }) => `${p.produced} written; its last line: ${p.last}; describe: ${p.described}`,
    ko: (p) => `${p.produced}개 씀; 마지막 줄: ${p.last}; describe: ${p.described}`,
  },
  described: {
    en: (p: { state: string; timeoutMs: number; partitions: string }) => `${p.state}, timeout ${p.timeoutMs} ms, partitions ${p.partitions}`,
    ko: (p) => `${p.state}, timeout ${p.timeoutMs} ms, 파티션 ${p.partitions}`,
  },
  marker: {
    en: (p: { kind: string; epoch: number; ms: number }) => `${p.kind} at epoch ${p.epoch}, ${p.ms} ms after the dead batch`,
    ko: (p) => `${p.kind}, epoch ${p.epoch}, 죽은 배치 ${p.ms} ms 뒤`,
  },
  heldExpected: {
    en: (p: { id: string; name: string }) =>
      `the read_committed reader got none of ${p.name}'s records, and ${p.id}, committed before the first ABORT marker after them was written, only once that marker was there (Kafka's LSO)`,
    ko: (p) => `read_committed reader는 ${p.name}의 레코드를 하나도 받지 않았고, 그 뒤의 첫 ABORT 마커보다 먼저 commit 된 주문(${p.id})은 그 마커가 쓰인 뒤에야 받음(Kafka의 LSO)`,
  },
  heldFound: {
    en: (p: { id: string; committed: string; marker: string; read: string; heldMs: number; got: string }) =>
      `${p.id} committed ${p.committed}, marker written ${p.marker}, read ${p.read} (held ${p.heldMs} ms); the reader got ${p.got}`,
    ko: (p) => `${p.id} commit ${p.committed}, 마커 ${p.marker}, 읽음 ${p.read}(${p.heldMs} ms 붙잡힘); reader가 받은 것 ${p.got}`,
  },
  coordinatorExpected: {
    en: (p: { timeoutMs: number }) =>
      `one ABORT marker at epoch e+1, written no sooner than ${p.timeoutMs} ms after the dead batch (the coordinator's timeout); the restart had a new transactional.id and committed before it (it aborted nothing); at the end CompleteAbort at e+1`,
    ko: (p) =>
      `epoch e+1의 ABORT 마커 하나가 죽은 배치보다 ${p.timeoutMs} ms 이상 뒤에 쓰임(코디네이터의 타임아웃); 다시 시작한 워커는 새 transactional.id였고 그보다 먼저 commit 함(아무것도 abort 하지 않음); 끝에서 e+1의 CompleteAbort`,
  },
  coordinatorFound: {
    en: (p: { w1: string; w2: string; w2Committed: string; markers: string; end: string }) =>
      `ids ${p.w1} then ${p.w2}; the restart committed ${p.w2Committed}; markers: ${p.markers}; at the end ${p.end}`,
    ko: (p) => `id ${p.w1}, 그다음 ${p.w2}; 다시 시작한 워커의 commit ${p.w2Committed}; 마커: ${p.markers}; 끝에서 ${p.end}`,
  },
  restartExpected: {
    en: (p: { timeoutMs: number }) =>
      `one ABORT marker at epoch e+1, written after the restart (same transactional.id) was let go into initTransactions and sooner than ${p.timeoutMs} ms after the dead batch (its initTransactions); then the restart's batch and COMMIT at e+2, CompleteCommit at e+2 (librdkafka 2.15.1's epochs)`,
    ko: (p) =>
      `epoch e+1의 ABORT 마커 하나가 같은 transactional.id로 다시 시작한 워커가 initTransactions에 들어간 뒤, 죽은 배치보다 ${p.timeoutMs} ms 안에 쓰임(그 initTransactions); 그다음 다시 시작한 워커의 배치와 COMMIT이 e+2, 끝은 e+2의 CompleteCommit(librdkafka 2.15.1의 epoch)`,
  },
  restartFound: {
    en: (p: { w1: string; w2: string; started: string; markers: string; w2Epochs: string; end: string }) =>
      `ids ${p.w1} then ${p.w2}; the restart let go ${p.started}; markers: ${p.markers}; the restart's batches at ${p.w2Epochs}; at the end ${p.end}`,
    ko: (p) => `id ${p.w1}, 그다음 ${p.w2}; 다시 시작 ${p.started}; 마커: ${p.markers}; 다시 시작한 워커의 배치 epoch ${p.w2Epochs}; 끝에서 ${p.end}`,
  },
  findHangingExpected: {
    en: () =>
      'describe-producers showed the dead transaction open at its first offset and epoch; find-hanging (Kafka 4.3.1) printed its header and no row, by default and with --max-transaction-timeout 0: its coordinator still listed the partition',
    ko: () =>
      'describe-producers는 죽은 트랜잭션이 그 첫 offset과 epoch로 열려 있다고 보여 줌; find-hanging(Kafka 4.3.1)은 기본값으로도 --max-transaction-timeout 0으로도 머리줄만 찍고 행은 없음: 코디네이터가 아직 그 파티션을 들고 있었음',
  },
  findHangingFound: {
    en: (p: { open: string; byDefault: string; now: string }) => `describe-producers: ${p.open}; find-hanging rows: ${p.byDefault} by default, ${p.now} with 0`,
    ko: (p) => `describe-producers: ${p.open}; find-hanging 행: 기본값 ${p.byDefault}개, 0으로 ${p.now}개`,
  },
  openAt: { en: (p: { start: number; epoch: number }) => `open at offset ${p.start}, epoch ${p.epoch}`, ko: (p) => `offset ${p.start}에서 열림, epoch ${p.epoch}` },
  noTable: { en: () => 'no table', ko: () => '표 없음' },
  operatorExpected: {
    en: (p: { timeoutMs: number }) =>
      `one ABORT marker, at epoch e (the open transaction's own: the coordinator's abort would raise it), the operator's; describe-producers then showed no open transaction, while describe still said Ongoing (timeout ${p.timeoutMs} ms): the coordinator was not told`,
    ko: (p) =>
      `ABORT 마커 하나가 epoch e(열린 트랜잭션 자신의 것: 코디네이터의 abort라면 epoch를 올림)로, 운영자가 씀; 그 뒤 describe-producers에 열린 트랜잭션이 없고, describe는 아직 Ongoing(timeout ${p.timeoutMs} ms): 코디네이터는 모름`,
  },
  operatorFound: {
    en: (p: { markers: string; after: string; still: string }) => `markers: ${p.markers}; open transaction start after the abort: ${p.after}; describe after it: ${p.still}`,
    ko: (p) => `마커: ${p.markers}; abort 뒤 열린 트랜잭션 시작: ${p.after}; 그 뒤 describe: ${p.still}`,
  },
  committedExpected: {
    en: (p: { id: string; restart: boolean }) =>
      `read_committed output: ${p.id}${p.restart ? " and the restart's orders" : ''}, each once; read_uncommitted adds the dead worker's aborted records`,
    ko: (p) => `read_committed 출력: 주문 ${p.id}${p.restart ? ', 그리고 다시 시작한 워커의 주문' : ''}, 각각 한 번; read_uncommitted에는 죽은 워커의 abort 된 레코드가 더 있음`,
  },
  committedFound: {
    en: (p: { n: number; copies: string; uncommitted: number; w1: number }) => `read_committed ${p.n} records (${p.copies}); read_uncommitted ${p.uncommitted}, the dead worker wrote ${p.w1}`,
    ko: (p) => `read_committed 레코드 ${p.n}개(${p.copies}); read_uncommitted ${p.uncommitted}개, 죽은 워커가 쓴 것 ${p.w1}개`,
  },
});
