import { defineMessages } from '@kafka-labs/i18n';

/** What 12-business-key's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  stepInput: {
    en: () => 'the input: status events of two orders (CREATED, PAID, SHIPPED with event_version 1, 2, 3), one partition, key = order_id',
    ko: () => '입력: 주문 두 건의 상태 이벤트(CREATED, PAID, SHIPPED, event_version 1, 2, 3), 파티션 하나, key = order_id',
  },
  inputLabel: { en: (p: { topic: string }) => `${p.topic} as read_committed reads it (read-committed-input.txt)`, ko: (p) => `read_committed 로 읽은 ${p.topic} (read-committed-input.txt)` },
  inputStory: {
    en: () =>
      [
        "   O-1: E-0102 (PAID) is in the topic twice: its producer sent it again after SHIPPED (a retry of the application's own send).",
        '   O-2: E-0202 (PAID) arrives after SHIPPED: two services write the order\'s events and the payment one was late.',
        '   Every group below reads this partition in offset order; only the sink differs.',
      ].join('\n'),
    ko: () =>
      [
        '   O-1: E-0102 (PAID) 가 토픽에 두 번 있어요. 프로듀서가 SHIPPED 뒤에 한 번 더 보냈어요(애플리케이션 자체의 재시도).',
        '   O-2: E-0202 (PAID) 가 SHIPPED 뒤에 와요. 두 서비스가 주문 이벤트를 쓰는데 결제 쪽이 늦었어요.',
        '   아래 그룹들은 모두 이 파티션을 offset 순서대로 읽어요. 다른 건 싱크뿐이에요.',
      ].join('\n'),
  },
  stepUpsert: {
    en: () => 'upsert: the projection is upserted by order_id (INSERT ... ON CONFLICT (order_id) DO UPDATE SET status = excluded.status): the last arrival wins',
    ko: () => 'upsert: projection 을 order_id 로 upsert(INSERT ... ON CONFLICT (order_id) DO UPDATE SET status = excluded.status): 마지막에 온 것이 이겨요',
  },
  stepInbox: {
    en: () => 'inbox: the event_id goes into the inbox in the same DB transaction; a known event_id applies nothing, a new one upserts by order_id',
    ko: () => 'inbox: 같은 DB 트랜잭션에서 event_id 를 inbox 에 넣어요. 이미 있는 event_id 는 아무것도 반영하지 않고, 새 것은 order_id 로 upsert 해요',
  },
  stepVersioned: {
    en: () =>
      'versioned: the inbox, and the upsert only where the row is older (ON CONFLICT (order_id) DO UPDATE ... WHERE order_projection.version < excluded.version)',
    ko: () => 'versioned: inbox 에 더해, 행이 더 오래됐을 때만 upsert 해요(ON CONFLICT (order_id) DO UPDATE ... WHERE order_projection.version < excluded.version)',
  },
  workerLabel: { en: (p: { name: string }) => `${p.name}: what the sink did with each arrival`, ko: (p) => `${p.name}: 싱크가 도착한 이벤트마다 한 일` },
  projectionLabel: {
    en: (p: { name: string; file: string }) => `${p.name}: order_projection after the run (${p.file})`,
    ko: (p) => `${p.name}: 실행 뒤의 order_projection (${p.file})`,
  },
  closing: {
    en: (p: { finals: string }) =>
      [
        `Final rows: ${p.finals}.`,
        'Both orders were SHIPPED. Kafka delivered the same partition, in the same offset order, to each group: the redelivered',
        'PAID and the late PAID were in the input, and no consumer setting changes that. The upsert by order_id makes the',
        'business key the idempotency key: a second delivery writes the same values, but a delivery that comes after a newer',
        'one writes old values over new ones. The event_id inbox stops the redelivered copy (same event_id), not the late',
        'event (a new event_id). Only the event_version compared in the same statement keeps the newest status.',
      ].join('\n'),
    ko: (p) =>
      [
        `최종 행: ${p.finals}.`,
        '두 주문 모두 SHIPPED 였어요. Kafka 는 그룹마다 같은 파티션을 같은 offset 순서로 전달했어요. 다시 온 PAID 와 늦게 온',
        'PAID 는 입력에 있었고, 어떤 컨슈머 설정도 그걸 바꾸지 못해요. order_id 로 upsert 하면 비즈니스 키가 멱등 키가 돼요.',
        '두 번째 전달은 같은 값을 쓰지만, 더 새 이벤트 뒤에 온 전달은 새 값 위에 옛 값을 써요. event_id inbox 는 다시 온',
        '사본(같은 event_id)은 막지만 늦게 온 이벤트(새 event_id)는 막지 못해요. 같은 문장에서 event_version 을 비교해야만',
        '가장 새 상태가 남아요.',
      ].join('\n'),
  },

  none: { en: () => 'none', ko: () => '없음' },
  offsetOrderExpected: {
    en: (p: { v: string; n: number }) =>
      `Kafka delivered the partition's ${p.n} records to ${p.v} once each, in offset order, the redelivered and the late event included (librdkafka 2.15.1 consumer, assign() from the start)`,
    ko: (p) => `Kafka 가 파티션의 레코드 ${p.n}개를 ${p.v} 에 offset 순서대로 한 번씩 전달했음, 다시 온 것과 늦게 온 것 포함(librdkafka 2.15.1 컨슈머, 처음부터 assign())`,
  },
  outcomesUpsert: {
    en: () => 'the upsert sink applied every arrival (an upsert by order_id cannot tell an old event from a new one)',
    ko: () => 'upsert 싱크는 도착한 것을 모두 반영했음(order_id 로 하는 upsert 는 옛 이벤트와 새 이벤트를 구별하지 못함)',
  },
  outcomesInbox: {
    en: () => 'the inbox sink skipped exactly the arrivals whose event_id it had already recorded and applied the rest',
    ko: () => 'inbox 싱크는 event_id 가 이미 기록된 것만 정확히 건너뛰고 나머지는 반영했음',
  },
  outcomesVersioned: {
    en: () => "the versioned sink skipped the known event_ids and left out (stale) each new one older than its order's row",
    ko: () => 'versioned 싱크는 이미 있는 event_id 를 건너뛰고, 주문의 행보다 오래된 새 이벤트는 빼놓았음(stale)',
  },
  finalRowExpected: {
    en: (p: { v: string; rows: string }) => `${p.v}'s order_projection holds what its rule gives for these arrivals: ${p.rows}`,
    ko: (p) => `${p.v} 의 order_projection 에는 이 도착 순서에 규칙을 적용한 결과가 있음: ${p.rows}`,
  },
  onlyVersionExpected: {
    en: () => 'orders whose final status is not their newest event\'s: the upsert leaves more than the inbox, the inbox some, the version guard none',
    ko: () => '최종 상태가 가장 새 이벤트의 상태가 아닌 주문: upsert 가 inbox 보다 많고, inbox 도 있고, version 검사는 없음',
  },
  onlyVersionFound: { en: (p: { counts: string }) => `wrong final status: ${p.counts}`, ko: (p) => `틀린 최종 상태: ${p.counts}` },
});
