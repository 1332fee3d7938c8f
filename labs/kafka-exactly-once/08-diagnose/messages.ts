import { defineMessages } from '@kafka-labs/i18n';

/** What 08-diagnose's transcript, step texts and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  stepIncident: {
    en: (p: { seed: number; input: string; group: string }) =>
      `the incident (seed ${p.seed}): orders flow from ${p.input} through group ${p.group} into a database (order_events, order_projection)`,
    ko: (p) => `장애 (seed ${p.seed}): 주문이 ${p.input} 에서 그룹 ${p.group} 을 거쳐 DB(order_events, order_projection)로 흘러간다`,
  },
  database: {
    en: (p: { rows: number; events: number }) => `   the database: ${p.rows} order_events rows for ${p.events} events: the projection counted some orders twice`,
    ko: (p) => `   DB: 이벤트 ${p.events}개에 order_events ${p.rows}행이 있어요. projection 이 일부 주문을 두 번 셌어요`,
  },
  evidence: {
    en: (p: { dir: string; input: string }) =>
      `   evidence in ${p.dir}: the workers' logs (*.log) and a dump of the database (database.jsonl); the topic is ${p.input}`,
    ko: (p) => `   증거는 ${p.dir} 에 있어요: 워커 로그(*.log)와 DB 덤프(database.jsonl). 토픽은 ${p.input} 예요`,
  },
  yourTurn: {
    en: (p: { dir: string }) => `The incident is in place in ${p.dir}. Your turn: steps/intro.md of 08-diagnose, from "Set up once" on.`,
    ko: (p) => `장애가 ${p.dir} 에 자리 잡았어요. 이제 여러분 차례예요. 08-diagnose 의 steps/intro.ko.md 를 "한 번 설정하기"부터 따라가세요.`,
  },
  stepSolution: { en: () => 'The reference solution, solution.sh, step by step', ko: () => '모범 답안 solution.sh 를 단계마다 실행' },
  planted: {
    en: (p: { cause: string }) => `The planted cause was ${p.cause}: the solution's flow found it from the evidence alone.`,
    ko: (p) => `심어 둔 원인은 ${p.cause} 였어요. 답안의 흐름이 증거만으로 그걸 찾았어요.`,
  },

  hintRead: {
    en: () =>
      'read the whole input topic into input.txt with kafka-console-consumer: partition 0 from its first offset, at read_committed as the pipeline ' +
      'reads it, each offset printed (print.offset=true), stopping at the end offset kafka-get-offsets gives (--max-messages)',
    ko: () =>
      'kafka-console-consumer 로 입력 토픽 전체를 input.txt 로 읽으세요. 파티션 0 을 첫 offset 부터, 파이프라인처럼 read_committed 로, ' +
      'offset 을 찍어서(print.offset=true), kafka-get-offsets 가 알려 주는 끝 offset 에서 멈추게(--max-messages) 해요',
  },
  hintInput: {
    en: () => 'list the eventIds input.txt holds more than once (comma separated, sorted), or none: two offsets with one eventId are the producer sending it twice',
    ko: () => 'input.txt 에 두 번 이상 있는 eventId 를 쉼표로, 정렬해서 적거나 none 이라고 적으세요. eventId 하나가 offset 두 곳에 있으면 프로듀서가 두 번 보낸 거예요',
  },
  hintReread: {
    en: () =>
      "list the offsets the pipeline group's consumers (pipeline-*.log, 'consumed p0 offset N') consumed more than once, or none; " +
      "a replay job's log (replay-*.log) is another group and does not count",
    ko: () =>
      "파이프라인 그룹의 컨슈머(pipeline-*.log, 'consumed p0 offset N')가 두 번 이상 consume 한 offset 을 적거나 none 이라고 적으세요. " +
      '재처리 작업의 로그(replay-*.log)는 다른 그룹이라 세지 않아요',
  },
  hintSink: {
    en: () => 'list the event_ids that have more than one order_events row in database.jsonl, or none',
    ko: () => 'database.jsonl 에서 order_events 행이 두 개 이상인 event_id 를 적거나 none 이라고 적으세요',
  },
  hintCause: {
    en: () =>
      'follow the flow in order: copies already in the input topic -> producer; otherwise offsets the pipeline group consumed twice ' +
      '(a member died, its partition moved to one that started at the last commit) -> rebalance; otherwise the copies came from a ' +
      'replay that the non-idempotent sink applied again -> sink',
    ko: () =>
      '흐름을 순서대로 따라가세요. 입력 토픽에 이미 사본이 있으면 producer, 아니면 파이프라인 그룹이 두 번 consume 한 offset ' +
      '(구성원이 죽고 그 파티션이 마지막 commit 에서 시작한 구성원에게 옮겨 감)이 있으면 rebalance, 그것도 아니면 멱등이 아닌 싱크가 ' +
      '재처리를 다시 반영한 것이니 sink 예요',
  },
  hintReport: {
    en: (p: { file: string; keys: string }) => `write ${p.file} with one line per step, ${p.keys} (see the step's text)`,
    ko: (p) => `${p.file} 에 단계마다 한 줄씩 ${p.keys} 를 쓰세요(단계 설명 참고)`,
  },

  inputReadExpected: {
    en: (p: { end: number }) => `input.txt holds the input topic from offset 0 to its end (${p.end} records, print.offset=true)`,
    ko: (p) => `input.txt 에 입력 토픽이 offset 0 부터 끝까지 있음 (레코드 ${p.end}개, print.offset=true)`,
  },
  inputReadFound: {
    en: (p: { n: number; first: string; last: string }) => `${p.n} records${p.n ? `, offsets ${p.first}..${p.last}` : ''}`,
    ko: (p) => `레코드 ${p.n}개${p.n ? `, offset ${p.first}..${p.last}` : ''}`,
  },
  inputCopiesExpected: {
    en: () => 'input_copies names the eventIds stored more than once in the input',
    ko: () => 'input_copies 가 입력에 두 번 이상 저장된 eventId 를 말함',
  },
  rereadExpected: {
    en: () => 'reread_offsets names the input offsets the pipeline group consumed more than once',
    ko: () => 'reread_offsets 가 파이프라인 그룹이 두 번 이상 consume 한 입력 offset 을 말함',
  },
  sinkExpected: {
    en: () => 'sink_repeats names the event_ids with more than one order_events row',
    ko: () => 'sink_repeats 가 order_events 행이 두 개 이상인 event_id 를 말함',
  },
  causeExpected: {
    en: () => 'cause names where the copies came from first, in the order of the flow (producer, rebalance, sink)',
    ko: () => 'cause 가 흐름의 순서(producer, rebalance, sink)에서 사본이 처음 생긴 곳을 말함',
  },
  noIncident: {
    en: (p: { dir: string }) => `no incident in ${p.dir} (no pipeline logs): set it up first, pnpm incident 08-diagnose --work <that folder>`,
    ko: (p) => `${p.dir} 에 장애가 없어요(파이프라인 로그가 없음). 먼저 pnpm incident 08-diagnose --work <그 폴더> 로 만드세요`,
  },
  noKey: { en: (p: { key: string; file: string }) => `no ${p.key}= line in ${p.file}`, ko: (p) => `${p.file} 에 ${p.key}= 줄이 없음` },
});
