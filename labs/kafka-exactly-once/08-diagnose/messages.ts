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
    en: (p: { exports: string }) => `Your turn: in a shell at the repository root,\n   ${p.exports}\nthen follow the README from "Before you start".`,
    ko: (p) => `이제 여러분 차례예요. 저장소 루트의 셸에서\n   ${p.exports}\n를 실행하고, README 의 "시작하기 전에"부터 따라가세요.`,
  },
  stepSolution: { en: () => "The exercise's README, block by block", ko: () => '과제 README 를 블록마다 실행' },
  planted: {
    en: (p: { cause: string }) => `The planted cause was ${p.cause}: the README's flow found it from the evidence alone.`,
    ko: (p) => `심어 둔 원인은 ${p.cause} 였어요. README 의 흐름이 증거만으로 그걸 찾았어요.`,
  },

  step1: { en: () => 'did the producer store an order twice?', ko: () => '프로듀서가 주문을 두 번 저장했나?' },
  step2: { en: () => 'did the pipeline group read an offset twice?', ko: () => '파이프라인 그룹이 offset 을 두 번 읽었나?' },
  step3: { en: () => 'did the sink apply an event twice?', ko: () => '싱크가 이벤트를 두 번 반영했나?' },
  step4: { en: () => 'the cause', ko: () => '원인' },
  stepLaw: {
    en: (p: { step: number; title: string; expected: string }) => `step ${p.step} (${p.title}): ${p.expected}`,
    ko: (p) => `${p.step}단계 (${p.title}): ${p.expected}`,
  },

  hintRead: {
    en: () =>
      'read the whole input topic from its first offset into input.txt, at read_committed as the pipeline reads it: pnpm -s kafka kafka-console-consumer ' +
      '--bootstrap-server $BOOTSTRAP --topic orders$RUN --partition 0 --offset earliest --isolation-level read_committed --max-messages <its end offset> ' +
      '--formatter-property print.offset=true',
    ko: () =>
      '입력 토픽 전체를 첫 offset 부터 input.txt 로 읽으세요. 파이프라인처럼 read_committed 로요: pnpm -s kafka kafka-console-consumer ' +
      '--bootstrap-server $BOOTSTRAP --topic orders$RUN --partition 0 --offset earliest --isolation-level read_committed --max-messages <끝 offset> ' +
      '--formatter-property print.offset=true',
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
    en: (p: { file: string; keys: string }) => `write ${p.file} with the four lines ${p.keys} (see the README)`,
    ko: (p) => `${p.file} 에 ${p.keys} 네 줄을 쓰세요(README 참고)`,
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
  noKey: { en: (p: { key: string; file: string }) => `no ${p.key}= line in ${p.file}`, ko: (p) => `${p.file} 에 ${p.key}= 줄이 없음` },
});
