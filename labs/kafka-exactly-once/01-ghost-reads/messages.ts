import { defineMessages } from '@kafka-labs/i18n';

/** What 01-ghost-reads's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  createTopic: { en: () => 'Create orders-ghost with one partition', ko: () => '파티션 하나짜리 orders-ghost 만들기' },
  names: {
    en: (p: { topic: string; id: string }) => `   topic: ${p.topic}, transactional.id: ${p.id}`,
    ko: (p) => `   토픽: ${p.topic}, transactional.id: ${p.id}`,
  },
  produce: {
    en: (p: { last: string }) => `One transactional producer: orders E-0001..${p.last}, flushed, ABORTED; then the same orders, flushed, COMMITTED`,
    ko: (p) => `트랜잭셔널 프로듀서 하나: 주문 E-0001..${p.last}를 flush 하고 abort, 그다음 같은 주문을 flush 하고 commit`,
  },
  described: {
    en: (p: { state: string; epoch: number }) => `   kafka-transactions describe: ${p.state} (epoch ${p.epoch}); no transaction is open, so nothing is held back.`,
    ko: (p) => `   kafka-transactions describe: ${p.state} (epoch ${p.epoch}). 열린 트랜잭션이 없으니 붙잡혀 있는 레코드도 없어요.`,
  },
  readBack: { en: () => 'Read the partition back with librdkafka, at both isolation levels', ko: () => 'librdkafka로 파티션을 두 격리 수준에서 다시 읽기' },
  javaRead: {
    en: (p: { all: number; committed: number }) =>
      `Read it with the Java console consumer: its default (the first ${p.all} records), and --isolation-level read_committed (the first ${p.committed})`,
    ko: (p) => `Java 콘솔 컨슈머로 읽기: 기본 설정으로 처음 ${p.all}개, --isolation-level read_committed로 처음 ${p.committed}개`,
  },
  javaLabel: {
    en: (p: { how: string; n: number }) => `kafka-console-consumer ${p.how}: ${p.n} records`,
    ko: (p) => `kafka-console-consumer ${p.how}: 레코드 ${p.n}개`,
  },
  dump: { en: () => 'Dump the segment', ko: () => '세그먼트 덤프하기' },
  dumpLabel: { en: () => 'kafka-dump-log, one line per batch', ko: () => 'kafka-dump-log, 배치마다 한 줄' },
  closing: {
    en: (p: { ghosts: number; twice: number }) =>
      `The aborted transaction's ${p.ghosts} records are in the log like any others: the broker appended them, and the ABORT\n` +
      'marker after them only tells readers what to skip. A read_uncommitted reader ignores it and sees\n' +
      `${p.twice} orders twice, a "ghost" duplicate that no producer retry caused. A read_committed reader skips the aborted\n` +
      'records (the broker tells it which, from the aborted-transaction index) and sees each order once.\n' +
      'librdkafka and kafkajs read committed by default; the Java consumer and its console tool read uncommitted.\n' +
      "The protection is the reader's isolation.level=read_committed: the log itself holds the ghosts.",
    ko: (p) =>
      `abort 된 트랜잭션의 레코드 ${p.ghosts}개도 다른 레코드처럼 로그에 있어요. 브로커는 그것들을 append 했고, 그 뒤의 ABORT\n` +
      '마커는 읽는 쪽에 무엇을 건너뛸지 알려 줄 뿐이에요. read_uncommitted로 읽는 컨슈머는 마커를 무시하고 주문\n' +
      `${p.twice}개를 두 번씩 봐요. 프로듀서의 재시도와는 상관없는 "유령" 중복이에요. read_committed로 읽는 컨슈머는 abort 된 레코드를\n` +
      '건너뛰고(브로커가 aborted-transaction 인덱스로 어느 것인지 알려 줘요) 주문마다 한 번만 봐요.\n' +
      'librdkafka와 kafkajs는 기본이 read_committed이고, Java 컨슈머와 그 콘솔 도구는 uncommitted로 읽어요.\n' +
      '막아 주는 건 읽는 쪽의 isolation.level=read_committed예요. 유령은 로그 안에 그대로 있어요.',
  },

  producerExpected: {
    en: (p: { first: string; last: string }) =>
      `the producer wrote ${p.first}..${p.last} in transaction 1 and aborted it, then the same orders in transaction 2 and committed it`,
    ko: (p) => `프로듀서가 트랜잭션 1에서 ${p.first}..${p.last}를 쓰고 abort 한 뒤, 트랜잭션 2에서 같은 주문을 쓰고 commit 함`,
  },
  producerFound: {
    en: (p: { ended: string; first: number; second: number }) => `${p.ended}; transaction 1 produced ${p.first}, transaction 2 produced ${p.second}`,
    ko: (p) => `${p.ended}; 트랜잭션 1이 ${p.first}개, 트랜잭션 2가 ${p.second}개를 씀`,
  },
  noneEnded: { en: () => 'no transaction ended', ko: () => '끝난 트랜잭션 없음' },
  producerHint: {
    en: () => 'read producer.log: a failed or fenced call ends the run early',
    ko: () => 'producer.log를 읽어 보세요. failed나 fenced 호출이 있으면 실행이 일찍 끝나요',
  },
  logExpected: {
    en: () => 'the log holds every order twice in transactional batches: first in a transaction that ended in ABORT, then in one that ended in COMMIT',
    ko: () => '로그에 모든 주문이 트랜잭션 배치로 두 번 있음: 먼저 ABORT로 끝난 트랜잭션에, 그다음 COMMIT으로 끝난 트랜잭션에',
  },
  logFound: {
    en: (p: { aborted: string; committed: string; plain: number }) => `ABORT: ${p.aborted}; COMMIT: ${p.committed}; ${p.plain} non-transactional batch(es)`,
    ko: (p) => `ABORT: ${p.aborted}; COMMIT: ${p.committed}; 트랜잭션이 아닌 배치 ${p.plain}개`,
  },
  logHint: {
    en: () => 'the dump must come with --print-data-log; an abort without a flush first purges the records and writes no marker',
    ko: () => '덤프는 --print-data-log로 떠야 해요. flush 없이 abort 하면 레코드가 버려지고 마커도 쓰이지 않아요',
  },
  markersExpected: {
    en: () => 'two control batches of the producer, one record each: an ABORT marker after the first copies and a COMMIT marker after the second',
    ko: () => '프로듀서의 컨트롤 배치 두 개, 레코드는 하나씩: 첫 사본 뒤에 ABORT 마커, 두 번째 사본 뒤에 COMMIT 마커',
  },
  markersFound: {
    en: (p: { markers: string; offsets: string }) => `markers: ${p.markers} at offset(s) ${p.offsets}`,
    ko: (p) => `마커: ${p.markers}, offset ${p.offsets}`,
  },
  markersHint: {
    en: () => 'a control batch has isControl: true and endTxnMarker in its record line',
    ko: () => '컨트롤 배치는 isControl: true이고, 레코드 줄에 endTxnMarker가 있어요',
  },
  uncommittedExpected: {
    en: () => 'read_uncommitted returns each order twice: every data record of the log, the aborted ones included',
    ko: () => 'read_uncommitted는 주문마다 두 번 돌려줌: abort 된 것까지 로그의 모든 데이터 레코드',
  },
  committedExpected: {
    en: () => 'read_committed returns each order once: the records of the committed transaction',
    ko: () => 'read_committed는 주문마다 한 번 돌려줌: commit 된 트랜잭션의 레코드',
  },
  committedHint: {
    en: () => 'compare with the offsets the dump shows before the COMMIT marker',
    ko: () => '덤프에서 COMMIT 마커 앞에 있는 offset과 비교해 보세요',
  },
  openExpected: {
    en: () => 'the transaction is complete (CompleteCommit) and both readers read to the end of the log: nothing is held back, the ghosts are not a timing effect',
    ko: () => '트랜잭션이 끝났고(CompleteCommit) 두 컨슈머 모두 로그 끝까지 읽음: 붙잡힌 레코드가 없으니 유령은 타이밍 탓이 아님',
  },
  openFound: {
    en: (p: { state: string; uncommitted: string; committed: string; next: number }) =>
      `state ${p.state}; ends: read_uncommitted ${p.uncommitted}, read_committed ${p.committed}, log ${p.next}`,
    ko: (p) => `상태 ${p.state}; 끝: read_uncommitted ${p.uncommitted}, read_committed ${p.committed}, 로그 ${p.next}`,
  },
  consoleDefaultExpected: {
    en: () => 'kafka-console-consumer without --isolation-level (read_uncommitted, the Java default) prints each order twice',
    ko: () => '--isolation-level 없는 kafka-console-consumer(Java 기본값 read_uncommitted)는 주문마다 두 번 출력함',
  },
  consoleCommittedExpected: {
    en: () => 'kafka-console-consumer --isolation-level read_committed prints each order once',
    ko: () => 'kafka-console-consumer --isolation-level read_committed는 주문마다 한 번 출력함',
  },
});
