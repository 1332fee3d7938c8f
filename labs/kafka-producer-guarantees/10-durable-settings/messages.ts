import { defineMessages } from '@kafka-labs/i18n';

/** What 10-durable-settings' transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  create: {
    en: (p: { replicas: string; config: string }) => `Create the topic: replicas ${p.replicas} (replication factor 3), ${p.config}`,
    ko: (p) => `토픽 만들기: 레플리카 ${p.replicas}(복제 계수 3), ${p.config}`,
  },
  startStream: {
    en: (p: { address: string; config: string; pace: number }) =>
      `Start the stream: the idempotent producer (enable.idempotence=true), bootstrapping from L (${p.address}), ${p.config};\n` +
      `   a record every ${p.pace} ms, each once the previous one's delivery report is in`,
    ko: (p) =>
      `스트림 시작: 멱등 프로듀서(enable.idempotence=true), L 로 bootstrap(${p.address}), ${p.config}.\n` +
      `   ${p.pace} ms 마다 레코드 하나, 앞 레코드의 전송 결과를 받은 뒤에 보내요`,
  },
  streamSaid: {
    en: (p: { first: string; last: string; acknowledged: number; failed: number; offsets: string; slowest: string; seconds: string }) =>
      `   stream ${p.first}..${p.last}: ${p.acknowledged} acknowledged (offsets ${p.offsets}), ${p.failed} failed; the longest wait: ${p.slowest}, ${p.seconds} s`,
    ko: (p) =>
      `   스트림 ${p.first}..${p.last}: ${p.acknowledged}개 응답받음(offset ${p.offsets}), ${p.failed}개 실패. 가장 오래 기다린 레코드: ${p.slowest}, ${p.seconds}초`,
  },
  killLeader: {
    en: () => 'Kill L (SIGKILL) mid-stream, and wait until a follower leads with the ISR of the two followers',
    ko: () => '스트림 도중에 L 죽이기(SIGKILL), 팔로워가 리더가 되고 ISR 이 두 팔로워가 될 때까지 기다리기',
  },
  restartLeader: {
    en: () => 'Restart L; it copies what it missed and rejoins the ISR',
    ko: () => 'L 재시작: 놓친 레코드를 복제하고 ISR 에 다시 들어와요',
  },
  rollingRestart: {
    en: (p: { node: number }) =>
      `Restart another broker, the current leader (node ${p.node}), as a rolling upgrade would: SIGTERM (a controlled shutdown\n` +
      '   that hands its leadership over first), then start it again',
    ko: (p) =>
      `다른 브로커, 지금의 리더(노드 ${p.node})를 롤링 업그레이드처럼 재시작하기: SIGTERM(리더 자리를 먼저 넘기는\n` +
      '   controlled shutdown) 뒤 다시 시작',
  },
  explainStream: {
    en: () =>
      '   Every record of the stream was acknowledged through a leader killed, its return and a rolling restart: with\n' +
      '   min.insync.replicas=2 an ISR of two is enough, so the leader never refused one. The record in flight when L died\n' +
      '   waited for the failover: librdkafka retried it within delivery.timeout.ms, to the new leader, with the same\n' +
      '   producer id and sequence number, so a copy L had already passed to a follower would have been answered as a\n' +
      '   duplicate, not stored twice.',
    ko: () =>
      '   리더가 죽고, 돌아오고, 롤링 재시작을 거치는 동안 스트림의 레코드는 모두 응답받았어요. min.insync.replicas=2 에서는\n' +
      '   ISR 이 둘이면 충분해서, 리더가 거절한 레코드가 없어요. L 이 죽을 때 전송 중이던 레코드는 장애 조치를 기다렸어요.\n' +
      '   librdkafka 가 delivery.timeout.ms 안에서 같은 producer id 와 순번으로 새 리더에게 재시도했기 때문에, L 이 이미\n' +
      '   팔로워에게 넘긴 사본이었더라도 중복으로 응답받을 뿐 두 번 저장되지 않아요.',
  },
  stopOne: {
    en: (p: { node: number }) => `Stop a follower (node ${p.node}, SIGTERM): two replicas stay in the ISR; send Q`,
    ko: (p) => `팔로워 하나 종료(노드 ${p.node}, SIGTERM): ISR 에 레플리카 둘이 남아요. Q 보내기`,
  },
  stopTwo: {
    en: (p: { node: number }) => `Stop the second follower (node ${p.node}, SIGTERM): the leader alone is in sync; send R`,
    ko: (p) => `두 번째 팔로워 종료(노드 ${p.node}, SIGTERM): 리더 혼자 ISR 이에요. R 보내기`,
  },
  refused: {
    en: (p: { n: number; event: string }) => `the leader refused ${p.event} ${p.n} times so far (orders.log, debug=msg; the first 3)`,
    ko: (p) => `지금까지 리더의 ${p.event} 거절 ${p.n}번(orders.log, debug=msg, 처음 3개)`,
  },
  watermark: {
    en: () => 'high watermark while R is refused (offsets-two-down.txt)',
    ko: () => 'R 이 거절되는 동안의 high watermark(offsets-two-down.txt)',
  },
  explainRefusal: {
    en: () =>
      '   With both followers stopped the ISR is the leader alone, below min.insync.replicas=2, and the leader refuses R\n' +
      '   before appending it: NOT_ENOUGH_REPLICAS (error 19; librdkafka marks it MsgNotPersisted). The high watermark is\n' +
      '   the offset after Q: nothing was written. The other refusal, NOT_ENOUGH_REPLICAS_AFTER_APPEND (error 20), answers a\n' +
      '   record appended while the ISR was big enough whose ISR then shrank before the followers copied it: that record is\n' +
      '   in the leader\'s log, and only an idempotent retry is sure not to store it twice. R came after the ISR had shrunk,\n' +
      '   so it met the first. The error is retriable: librdkafka sends R again until delivery.timeout.ms (120 s) runs out.',
    ko: () =>
      '   두 팔로워가 모두 멈추면 ISR 은 리더 혼자라 min.insync.replicas=2 보다 작아요. 리더는 R 을 덧붙이기 전에\n' +
      '   거절해요: NOT_ENOUGH_REPLICAS(오류 19, librdkafka 는 MsgNotPersisted 로 표시). high watermark 는 Q 다음\n' +
      '   offset 이에요. 아무것도 쓰이지 않았어요. 다른 거절인 NOT_ENOUGH_REPLICAS_AFTER_APPEND(오류 20)는 ISR 이 충분할 때\n' +
      '   덧붙였는데 팔로워가 복제하기 전에 ISR 이 줄어든 레코드에 대한 응답이에요. 그 레코드는 리더의 로그에 있어서,\n' +
      '   멱등 재시도여야만 두 번 저장되지 않아요. R 은 ISR 이 줄어든 뒤에 왔으니 첫 번째 거절을 만나요. 이 오류는\n' +
      '   재시도할 수 있는 오류라서, librdkafka 는 delivery.timeout.ms(120초)가 지날 때까지 R 을 다시 보내요.',
  },
  restartOne: {
    en: (p: { node: number }) => `Restart node ${p.node}: once it is back in the ISR, R's retry is accepted`,
    ko: (p) => `노드 ${p.node} 재시작: 이 노드가 ISR 에 돌아오면 R 의 재시도가 받아들여져요`,
  },
  restartOther: {
    en: (p: { node: number }) => `Restart node ${p.node}, and wait until the three replicas are in sync`,
    ko: (p) => `노드 ${p.node} 재시작, 레플리카 셋이 모두 동기화될 때까지 기다리기`,
  },
  dump: { en: () => 'Dump every replica', ko: () => '모든 레플리카 덤프' },
  replicas: { en: () => 'records per replica (dump-orders-node<N>.txt)', ko: () => '레플리카별 레코드(dump-orders-node<N>.txt)' },
  replicaSaid: {
    en: (p: { node: string; n: number; first: string; last: string }) => `${p.node}: ${p.n} records, ${p.first} … ${p.last}`,
    ko: (p) => `${p.node}: 레코드 ${p.n}개, ${p.first} … ${p.last}`,
  },
  closing: {
    en: () =>
      'Replication factor 3, min.insync.replicas=2, acks=all and the idempotent producer: one broker killed and another\n' +
      'restarted cost no acknowledged record, refused none and stored none twice; with two brokers down the leader\n' +
      'refused R rather than acknowledge a single copy, and the producer delivered it once a follower was back. That is\n' +
      'the article\'s "acks=all: loss almost none", measured. Its limits: it survives the loss of one broker of three, not\n' +
      'of every replica; an unclean election (unclean.leader.election.enable, or kafka-leader-election --election-type\n' +
      'unclean, see 02-min-insync) may elect a replica without acknowledged records; and Kafka acknowledges once the\n' +
      'replicas hold the record in memory, without an fsync (log.flush.interval.messages is unset): the copies on other\n' +
      'brokers make it durable, so the three losing power at once may lose what they acknowledged. The idempotent producer\n' +
      'removes its own retries only: an application that sends again, or a restarted producer, stores a record twice\n' +
      '(kafka-idempotent-producer 03-app-retry and 04-restart).',
    ko: () =>
      '복제 계수 3, min.insync.replicas=2, acks=all, 멱등 프로듀서: 브로커 하나가 죽고 다른 하나가 재시작해도 응답받은\n' +
      '레코드를 잃지 않았고, 거절된 레코드도 두 번 저장된 레코드도 없어요. 브로커 둘이 내려가자 리더는 사본 하나로\n' +
      '응답하는 대신 R 을 거절했고, 팔로워가 돌아오자 프로듀서가 R 을 전달했어요. 글의 "acks=all: 손실 거의 없음" 을 잰\n' +
      '결과예요. 한계도 있어요. 브로커 셋 중 하나를 잃는 건 견디지만 모든 레플리카를 잃는 건 못 견뎌요. unclean 선출\n' +
      '(unclean.leader.election.enable, 또는 kafka-leader-election --election-type unclean, 02-min-insync 참고)은\n' +
      '응답받은 레코드가 없는 레플리카를 리더로 뽑을 수 있어요. 그리고 Kafka 는 레플리카들이 레코드를 메모리에 가졌을 때\n' +
      'fsync 없이 응답해요(log.flush.interval.messages 는 설정돼 있지 않아요). 내구성은 다른 브로커의 사본에서 나오니,\n' +
      '세 브로커가 한꺼번에 전원을 잃으면 응답한 레코드도 잃을 수 있어요. 멱등 프로듀서는 자기 재시도만 걸러 내요.\n' +
      '애플리케이션이 다시 보내거나 프로듀서가 재시작하면 두 번 저장돼요(kafka-idempotent-producer 의 03-app-retry 와\n' +
      '04-restart).',
  },

  failoverExpected: {
    en: (p: { leader: number }) => `Kafka: with L (node ${p.leader}) killed, a follower led and the ISR was the two followers`,
    ko: (p) => `Kafka: L(노드 ${p.leader})이 죽자 팔로워가 리더가 되고 ISR 은 두 팔로워였음`,
  },
  moment: {
    en: (p: { moment: string; leader: number; isr: string }) => `${p.moment}: leader ${p.leader} isr [${p.isr}]`,
    ko: (p) => `${p.moment}: 리더 ${p.leader}, isr [${p.isr}]`,
  },
  streamExpected: {
    en: () => 'Kafka with librdkafka\'s retries: every record of the stream, E-1 onwards, was acknowledged with an offset, none failed',
    ko: () => 'Kafka 와 librdkafka 의 재시도: E-1 부터 스트림의 모든 레코드가 offset 으로 응답받았고 실패한 레코드가 없음',
  },
  streamFound: {
    en: (p: { n: number; acknowledged: number; failures: string }) => `${p.n} reports, ${p.acknowledged} acknowledged${p.failures}`,
    ko: (p) => `전송 결과 ${p.n}개, 응답받음 ${p.acknowledged}개${p.failures}`,
  },
  streamHint: {
    en: () => 'a record that failed during a failover outlived delivery.timeout.ms: see its debug lines in orders.log',
    ko: () => '장애 조치 중에 실패한 레코드는 delivery.timeout.ms 를 넘긴 거예요. orders.log 의 debug 줄을 보세요',
  },
  notRefusedExpected: {
    en: () =>
      'Kafka (min.insync.replicas=2): while two or three replicas were in the ISR (every moment up to one-down), the leader refused nothing, and Q was acknowledged with one follower down',
    ko: () =>
      'Kafka(min.insync.replicas=2): ISR 에 레플리카가 둘이나 셋인 동안(one-down 까지의 모든 시점) 리더가 아무것도 거절하지 않았고, 팔로워 하나가 내려간 상태에서 Q 가 응답받음',
  },
  notRefusedFound: {
    en: (p: { isr: string; refusals: number; q: string }) => `ISR sizes ${p.isr}; ${p.refusals} refusal(s) before R; ${p.q}`,
    ko: (p) => `ISR 크기 ${p.isr}, R 이전의 거절 ${p.refusals}건, ${p.q}`,
  },
  refusedExpected: {
    en: () =>
      'Kafka: with the leader alone in sync, the leader refused R before appending it (NOT_ENOUGH_REPLICAS, which librdkafka marks MsgNotPersisted), and the high watermark stayed at the offset after Q',
    ko: () =>
      'Kafka: 리더 혼자 ISR 일 때 리더가 R 을 덧붙이기 전에 거절했고(NOT_ENOUGH_REPLICAS, librdkafka 는 MsgNotPersisted 로 표시), high watermark 는 Q 다음 offset 에 머묾',
  },
  refusedFound: {
    en: (p: { state: string; refusals: number; persisted: number; hw: string; q: string }) =>
      `${p.state}; ${p.refusals} refusal(s) of R, ${p.persisted} not marked MsgNotPersisted; high watermark ${p.hw}; ${p.q}`,
    ko: (p) => `${p.state}, R 의 거절 ${p.refusals}건, MsgNotPersisted 가 아닌 것 ${p.persisted}건, high watermark ${p.hw}, ${p.q}`,
  },
  refusedHint: {
    en: () => 'the refusals are visible only with debug=msg; offsets-two-down.txt is kafka-get-offsets while R was refused',
    ko: () => '거절은 debug=msg 로만 보여요. offsets-two-down.txt 는 R 이 거절되는 동안의 kafka-get-offsets 출력이에요',
  },
  retriedExpected: {
    en: () =>
      'librdkafka: R\'s error is retriable, so the client sent R again until a follower was back and acknowledged it at the offset after Q (the high watermark while it was refused)',
    ko: () =>
      'librdkafka: R 의 오류는 재시도할 수 있어서, 클라이언트가 팔로워가 돌아올 때까지 R 을 다시 보냈고 Q 다음 offset(거절되는 동안의 high watermark)으로 응답받음',
  },
  retriedFound: {
    en: (p: { r: string; hw: string }) => `${p.r}; high watermark while refused ${p.hw}`,
    ko: (p) => `${p.r}, 거절되는 동안의 high watermark ${p.hw}`,
  },
  keptExpected: {
    en: () => 'Kafka: every acknowledged record is on every replica at the offset it was acknowledged with',
    ko: () => 'Kafka: 응답받은 레코드가 모두 응답받은 offset 으로 모든 레플리카에 있음',
  },
  keptFound: {
    en: (p: { n: number; missing: string }) => `${p.n} acknowledged; missing: ${p.missing}`,
    ko: (p) => `응답받음 ${p.n}개, 없는 것: ${p.missing}`,
  },
  onceExpected: {
    en: () => 'Kafka\'s idempotent producer: no replica holds a record twice, though the failover and the restarts made the client retry',
    ko: () => 'Kafka 의 멱등 프로듀서: 장애 조치와 재시작으로 클라이언트가 재시도했지만 어느 레플리카에도 두 번 있는 레코드가 없음',
  },
  onceFound: {
    en: (p: { twice: string; retried: number }) => `twice: ${p.twice}; ${p.retried} batch(es) sent more than once`,
    ko: (p) => `두 번 있는 것: ${p.twice}, 두 번 이상 보낸 배치 ${p.retried}개`,
  },
  none: { en: () => 'none', ko: () => '없음' },
  noReport: { en: (p: { event: string }) => `no report for ${p.event}`, ko: (p) => `${p.event} 의 전송 결과 없음` },
  noteStream: {
    en: (p: { n: number }) => `${p.n} acknowledged`,
    ko: (p) => `${p.n}개 응답받음`,
  },
  noteRefused: {
    en: (p: { event: string; n: number }) => `${p.event} refused ×${p.n}`,
    ko: (p) => `${p.event} 거절 ×${p.n}`,
  },
  recordTold: {
    en: (p: { acknowledged: number; n: number }) => `${p.acknowledged} of ${p.n} acknowledged`,
    ko: (p) => `${p.n}개 중 ${p.acknowledged}개 응답받음`,
  },
});
