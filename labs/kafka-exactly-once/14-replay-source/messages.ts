import { defineMessages } from '@kafka-labs/i18n';

/** What 14-replay-source's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  stepSource: {
    en: (p: { n: number; topic: string; partitions: number }) => `the source: ${p.n} order events in ${p.topic} (${p.partitions} partitions, key = order_id), kept as they were sent`,
    ko: (p) => `원본: ${p.topic} 의 주문 이벤트 ${p.n}개(파티션 ${p.partitions}개, key = order_id), 보낸 그대로 보관돼요`,
  },
  stepV1: {
    en: (p: { input: string; output: string }) => `the pipeline at transform v1: the worker enriches ${p.input} into ${p.output}, each record labelled transform v1`,
    ko: (p) => `변환 v1 의 파이프라인: 워커가 ${p.input} 를 보강해 ${p.output} 에 써요. 레코드마다 transform v1 이라는 표시가 붙어요`,
  },
  readLabel: {
    en: (p: { topic: string; file: string }) => `${p.topic} as read_committed reads it (${p.file}): event, order, transform version, what it added, who enriched it`,
    ko: (p) => `read_committed 로 읽은 ${p.topic} (${p.file}): 이벤트, 주문, 변환 버전, 더한 값, 보강한 워커`,
  },
  changed: {
    en: () =>
      [
        '   The enrichment changes: v2 adds each order\'s region (looked up from the order id). Downstream wants every order',
        '   at v2, so a replay is due. Both replays below run the same v2 job (--transform-version v2), each in its own group',
        '   and into its own topic (the article\'s pattern: a dedicated group, the result kept apart until checked).',
      ].join('\n'),
    ko: () =>
      [
        '   보강이 바뀌어요: v2 는 주문마다 region(주문 id 로 조회)을 더해요. 다운스트림은 모든 주문을 v2 로 원하니 재처리가',
        '   필요해요. 아래 두 재처리는 같은 v2 작업(--transform-version v2)을 각자의 그룹으로 돌려 각자의 토픽에 써요',
        '   (글의 패턴: 전용 그룹, 검증할 때까지 결과를 따로 보관).',
      ].join('\n'),
  },
  stepFromProcessed: {
    en: (p: { input: string; output: string }) => `replay A, from the processed topic: the v2 job reads ${p.input} into ${p.output}`,
    ko: (p) => `재처리 A, 가공된 토픽에서: v2 작업이 ${p.input} 를 읽어 ${p.output} 에 써요`,
  },
  stepFromSource: {
    en: (p: { input: string; output: string }) => `replay B, from the source: the v2 job reads ${p.input} into ${p.output}`,
    ko: (p) => `재처리 B, 원본에서: v2 작업이 ${p.input} 를 읽어 ${p.output} 에 써요`,
  },
  workerStarted: {
    en: (p: { name: string; settings: string }) => `${p.name} started with ${p.settings}`,
    ko: (p) => `${p.name} 가 ${p.settings} 로 시작했어요`,
  },
  stepCompare: { en: () => 'the two replays side by side', ko: () => '두 재처리를 나란히' },
  compareLabel: {
    en: (p: { a: string; b: string }) => `per event: ${p.a} | ${p.b}`,
    ko: (p) => `이벤트마다: ${p.a} | ${p.b}`,
  },
  noRecord: { en: () => 'no record', ko: () => '레코드 없음' },
  noVersion: { en: () => 'no version', ko: () => '버전 없음' },
  closing: {
    en: (p: { a: string; b: string; v1: number; v2: number; n: number }) =>
      [
        `${p.a}: ${p.v1} of ${p.n} records still at v1. ${p.b}: ${p.v2} of ${p.n} at v2.`,
        'The same v2 job gave two different results. The processed topic holds v1\'s output, not the events: v1\'s decisions are',
        'baked into each record, and a transformation runs on source events, so the job writes an already-enriched record as it',
        'is (re-running v2 on it would compute on computed values). Only the source topic, re-transformed, gives v2 for all.',
        'The transform version in every record is what makes the difference visible: without it, the two topics would look',
        'alike. Keep the source topic (retention, compaction policy) for as long as you may have to replay.',
      ].join('\n'),
    ko: (p) =>
      [
        `${p.a}: 레코드 ${p.n}개 중 ${p.v1}개가 아직 v1 이에요. ${p.b}: ${p.n}개 중 ${p.v2}개가 v2 예요.`,
        '같은 v2 작업이 서로 다른 결과를 냈어요. 가공된 토픽에는 이벤트가 아니라 v1 의 출력이 있어요. v1 이 내린 결정이 레코드마다',
        '굳어 있고, 변환은 원본 이벤트에 대해 돌기 때문에 작업은 이미 보강된 레코드를 그대로 써요(그 위에 v2 를 다시 돌리면 계산된',
        '값으로 또 계산하게 돼요). 원본 토픽을 다시 변환해야만 모두 v2 가 돼요. 두 결과의 차이가 보이는 건 레코드마다 기록한 변환',
        '버전 덕분이에요. 그게 없으면 두 토픽은 비슷해 보여요. 재처리할 수도 있는 기간만큼 원본 토픽을 보관하세요(보존 기간, 압축 정책).',
      ].join('\n'),
  },

  columnFrom: {
    en: (p: { topic: string; version: string }) => `read from ${p.topic} by the ${p.version} job`,
    ko: (p) => `${p.version} 작업이 ${p.topic} 에서 읽음`,
  },

  // The grader's checks.
  none: { en: () => 'none', ko: () => '없음' },
  v1Expected: {
    en: (p: { topic: string; n: number; by: string }) =>
      `${p.topic} holds each of the ${p.n} orders once, enriched by ${p.by} with transform v1 and no region (the lab's txn-worker, --transform-version v1)`,
    ko: (p) => `${p.topic} 에 주문 ${p.n}개가 한 번씩 있고, ${p.by} 가 transform v1 로 보강했으며 region 이 없음(랩의 txn-worker, --transform-version v1)`,
  },
  recordsFound: {
    en: (p: { records: string }) => `records: ${p.records}`,
    ko: (p) => `레코드: ${p.records}`,
  },
  sameJobExpected: {
    en: (p: { a: string; b: string }) => `both replay workers ran the v2 job: ${p.a} and ${p.b} logged started with transform=v2`,
    ko: (p) => `두 재처리 워커 모두 v2 작업을 돌렸음: ${p.a} 와 ${p.b} 가 transform=v2 로 started 를 남김`,
  },
  sameJobFound: {
    en: (p: { a: string; b: string }) => `${p.a}; ${p.b}`,
    ko: (p) => `${p.a}; ${p.b}`,
  },
  notStarted: { en: (p: { name: string }) => `${p.name}: no started line`, ko: (p) => `${p.name}: started 줄 없음` },
  consumedExpected: {
    en: (p: { name: string; topic: string; n: number }) => `${p.name} consumed each of the ${p.n} orders of ${p.topic} once and committed every partition at its end`,
    ko: (p) => `${p.name} 가 ${p.topic} 의 주문 ${p.n}개를 한 번씩 소비하고 모든 파티션을 끝에서 commit 했음`,
  },
  consumedFound: {
    en: (p: { ids: string; committed: string }) => `consumed ${p.ids}; committed ${p.committed}`,
    ko: (p) => `소비 ${p.ids}; commit ${p.committed}`,
  },
  fromProcessedExpected: {
    en: (p: { topic: string; from: string; n: number }) =>
      `a replay of the processed topic cannot give v2: ${p.topic} holds each of the ${p.n} orders once, every record exactly as in ${p.from} (transform v1, no region, enriched by the first run)`,
    ko: (p) =>
      `가공된 토픽을 재처리하면 v2 가 나올 수 없음: ${p.topic} 에 주문 ${p.n}개가 한 번씩 있고, 레코드마다 ${p.from} 의 것과 똑같음(transform v1, region 없음, 첫 실행이 보강)`,
  },
  fromSourceExpected: {
    en: (p: { topic: string; from: string; n: number; by: string }) =>
      `a replay of the source gives v2 for all: ${p.topic} holds each of the ${p.n} orders once, enriched by ${p.by} with transform v2, the region v2 looks up for its order, and its position in ${p.from}`,
    ko: (p) =>
      `원본을 재처리하면 모두 v2: ${p.topic} 에 주문 ${p.n}개가 한 번씩 있고, ${p.by} 가 transform v2 로 보강했으며, 주문마다 v2 가 조회한 region 과 ${p.from} 에서의 위치가 있음`,
  },
  differExpected: {
    en: (p: { n: number }) => `the two replays, same v2 job, differ on every one of the ${p.n} orders: v1 from the processed topic, v2 from the source`,
    ko: (p) => `같은 v2 작업인 두 재처리가 주문 ${p.n}개 모두에서 다름: 가공된 토픽에서는 v1, 원본에서는 v2`,
  },
  differFound: {
    en: (p: { differ: number; pairs: string }) => `${p.differ} differ: ${p.pairs}`,
    ko: (p) => `${p.differ}개 다름: ${p.pairs}`,
  },
});
