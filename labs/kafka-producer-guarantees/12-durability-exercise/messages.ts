import { defineMessages } from '@kafka-labs/i18n';

/** What 12-durability-exercise's run script and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  runStep: {
    en: (p: { topics: string }) => `Run the reference solution (solution.sh) on the 3-node cluster with the topics ${p.topics}`,
    ko: (p) => `3노드 클러스터에서 토픽 ${p.topics}로 모범 답안(solution.sh)을 실행하기`,
  },
  closing: {
    en: () =>
      'Replication factor 3 with min.insync.replicas=2 and a producer at acks=all (idempotent) is what turns "acknowledged"\n' +
      'into "on two brokers": the leader can die mid-stream without losing or doubling an acknowledged record, and with two\n' +
      'brokers down the leader refuses (NOT_ENOUGH_REPLICAS) instead of keeping a single copy. Where a key goes is the\n' +
      "client's choice: the Java client hashes it with murmur2, librdkafka's default with CRC32.",
    ko: () =>
      '복제 계수 3, min.insync.replicas=2, 그리고 acks=all(멱등) 프로듀서가 있어야 "확인받음"이 "브로커 두 대에 있음"이 돼요.\n' +
      '스트림 도중 리더가 죽어도 확인받은 레코드를 잃거나 두 번 쓰지 않고, 브로커 두 대가 내려가면 리더는 사본 하나로 받지 않고\n' +
      '거절해요(NOT_ENOUGH_REPLICAS). 키가 어디로 갈지는 클라이언트가 정해요. Java 클라이언트는 murmur2로, librdkafka 기본값은\n' +
      'CRC32로 해시해요.',
  },

  none: { en: () => 'none', ko: () => '없음' },
  clusterDown: {
    en: (p: { file: string }) => `${p.file}: the producer reached no broker (connection refused): start the 3-node cluster with pnpm broker up --nodes 3`,
    ko: (p) => `${p.file}: 프로듀서가 어떤 브로커에도 닿지 못했어요(연결 거부). pnpm broker up --nodes 3으로 3노드 클러스터를 띄우세요`,
  },
  notAProducerLog: {
    en: (p: { file: string }) => `${p.file} has no producer: topic ... line: it is not the kit producer's output`,
    ko: (p) => `${p.file}에 producer: topic ... 줄이 없어요. 키트 프로듀서의 출력이 아니에요`,
  },
  describedExpected: {
    en: (p: { file: string; topic: string }) => `${p.file} holds kafka-topics --describe output for ${p.topic}`,
    ko: (p) => `${p.file}에 ${p.topic}의 kafka-topics --describe 출력이 있음`,
  },
  hintDescribe: {
    en: (p: { file: string }) => `save what kafka-topics --describe --topic orders prints into $WORK/${p.file}`,
    ko: (p) => `kafka-topics --describe --topic orders의 출력을 $WORK/${p.file}에 저장하세요`,
  },
  rfExpected: {
    en: () => 'the topic has replication factor 3: a copy on every broker',
    ko: () => '토픽의 복제 계수가 3: 브로커마다 사본이 하나씩 있음',
  },
  hintRf: {
    en: () => 'create the topic with --replication-factor 3; a topic cannot be given more replicas by altering it, so delete it and create it again',
    ko: () => '토픽을 --replication-factor 3으로 만드세요. alter로는 복제본을 늘릴 수 없으니 지우고 다시 만드세요',
  },
  minInsyncExpected: {
    en: () => 'the topic has min.insync.replicas=2: acks=all is answered once two copies exist (Kafka)',
    ko: () => '토픽의 min.insync.replicas=2: 사본이 둘 생기면 acks=all에 응답함 (Kafka)',
  },
  hintMinInsync: {
    en: () => 'give the topic --config min.insync.replicas=2: with 1 (the default) the leader alone may acknowledge, and its loss loses the record',
    ko: () => '토픽에 --config min.insync.replicas=2를 주세요. 1(기본값)이면 리더 혼자 확인할 수 있고, 리더를 잃으면 레코드도 잃어요',
  },
  hintMinInsync3: {
    en: () => 'min.insync.replicas=3 with 3 replicas refuses every write as soon as one broker is down: the requirement is to survive the loss of one, so 2',
    ko: () => '복제본 3개에 min.insync.replicas=3이면 브로커 하나만 내려가도 모든 쓰기를 거절해요. 요구는 한 대를 잃어도 버티는 것이니 2예요',
  },
  isrExpected: {
    en: () => 'all three replicas are in sync (Isr lists three nodes)',
    ko: () => '복제본 셋이 모두 동기화됨 (Isr에 노드 셋)',
  },
  hintIsr: {
    en: () => 'describe the topic with all three nodes running (pnpm broker status); a node still down leaves the ISR short',
    ko: () => '세 노드가 모두 떠 있을 때(pnpm broker status) 토픽을 describe 하세요. 내려간 노드가 있으면 ISR이 모자라요',
  },

  propertiesExpected: {
    en: (p: { file: string }) => `${p.file} sets acks=all and enable.idempotence=true`,
    ko: (p) => `${p.file}에 acks=all과 enable.idempotence=true가 있음`,
  },
  settingsFound: { en: (p: { acks: string; idempotence: string }) => `acks=${p.acks} enable.idempotence=${p.idempotence}`, ko: (p) => `acks=${p.acks} enable.idempotence=${p.idempotence}` },
  hintPropertiesFile: {
    en: (p: { file: string }) => `write the producer's settings, one key=value a line, into $WORK/${p.file}`,
    ko: (p) => `프로듀서 설정을 한 줄에 key=value 하나씩 $WORK/${p.file}에 쓰세요`,
  },
  hintAcks: {
    en: () => 'acks=all: with acks=1 the leader answers before any follower has the record, so the leader\'s loss can lose an acknowledged record',
    ko: () => 'acks=all로 하세요. acks=1이면 리더가 팔로워에 복제되기 전에 응답하므로, 리더를 잃으면 확인받은 레코드도 잃을 수 있어요',
  },
  hintIdempotence: {
    en: () => 'enable.idempotence=true: without it a batch retried after the failover can be written twice',
    ko: () => 'enable.idempotence=true로 하세요. 없으면 장애 조치 뒤 재시도한 배치가 두 번 써질 수 있어요',
  },
  logExpected: {
    en: (p: { file: string }) => `${p.file} holds the kit producer's output (librdkafka)`,
    ko: (p) => `${p.file}에 키트 프로듀서(librdkafka)의 출력이 있음`,
  },
  settingsUsedExpected: {
    en: (p: { file: string }) => `the producer of ${p.file} ran with acks=all and enable.idempotence=true (its first line prints its settings)`,
    ko: (p) => `${p.file}의 프로듀서가 acks=all, enable.idempotence=true로 실행됨 (첫 줄에 설정이 찍혀요)`,
  },
  hintConfigFlag: {
    en: () => 'give the producer your file with --config $WORK/producer.properties and IDEMPOTENCE true; a key=value argument after it overrides the file',
    ko: () => '프로듀서에 --config $WORK/producer.properties로 파일을 주고 IDEMPOTENCE는 true로 하세요. 뒤에 붙인 key=value 인자는 파일을 덮어써요',
  },
  allAckedExpected: {
    en: (p: { first: string; last: string; topic: string }) => `every record ${p.first} ... ${p.last} sent to ${p.topic} has a delivery report with its offset (acknowledged)`,
    ko: (p) => `${p.topic}에 보낸 ${p.first} ... ${p.last}가 모두 offset이 담긴 전달 보고를 받음 (확인됨)`,
  },
  ackedFound: {
    en: (p: { topic: string; n: number; missing: string }) => `topic ${p.topic}: ${p.n} acknowledged; not acknowledged: ${p.missing}`,
    ko: (p) => `토픽 ${p.topic}: ${p.n}개 확인됨, 확인 안 됨: ${p.missing}`,
  },
  hintAcksLog: {
    en: (p: { file: string }) => `pipe the lines A-1 ... A-20 into the producer's stdin mode on the topic orders, its output into $WORK/${p.file}, and let it finish (producer: done)`,
    ko: (p) => `A-1 ... A-20 줄을 orders 토픽의 프로듀서 stdin 모드로 넣고, 출력은 $WORK/${p.file}로 보내서 끝날 때까지(producer: done) 기다리세요`,
  },

  leaderKilledExpected: {
    en: (p: { before: string; after: string }) => `the leader in ${p.before} (all three in sync) was killed: in ${p.after} another node leads and the ISR is the two others`,
    ko: (p) => `${p.before}의 리더(셋 모두 동기화)를 죽임: ${p.after}에서는 다른 노드가 리더이고 ISR은 나머지 둘`,
  },
  leadersFound: { en: (p: { before: string; after: string }) => `leader ${p.before}, then ${p.after}`, ko: (p) => `리더 ${p.before}, 그다음 ${p.after}` },
  hintKilledFollower: {
    en: (p: { file: string }) => `the node you killed was a follower: kill the Leader: of partition 0 in ${p.file}`,
    ko: (p) => `죽인 노드는 팔로워였어요. ${p.file}에서 파티션 0의 Leader:를 죽이세요`,
  },
  hintNothingKilled: {
    en: () => 'all three are still in sync after the stream: kill the leader with pnpm broker kill --node N while the stream runs, and describe once it ended',
    ko: () => '스트림 뒤에도 셋이 모두 동기화돼 있어요. 스트림이 도는 동안 pnpm broker kill --node N으로 리더를 죽이고, 끝난 뒤에 describe 하세요',
  },
  hintKillOne: {
    en: () => 'describe before the kill with all three in sync, kill only the leader, and describe again once the stream has ended',
    ko: () => '셋이 모두 동기화된 상태에서 죽이기 전에 describe 하고, 리더만 죽이고, 스트림이 끝난 뒤 다시 describe 하세요',
  },
  midStreamExpected: {
    en: (p: { node: number }) => `node ${p.node} died mid-stream: the producer's log shows records acknowledged before its connection to node ${p.node} failed and after`,
    ko: (p) => `노드 ${p.node}가 스트림 도중에 죽음: 프로듀서 로그에 노드 ${p.node}와의 연결이 끊기기 전과 후에 확인받은 레코드가 있음`,
  },
  noLostConnection: {
    en: (p: { node: number }) => `no FAIL line for node ${p.node}: the producer never lost its connection to it`,
    ko: (p) => `노드 ${p.node}에 대한 FAIL 줄이 없음: 프로듀서가 그 노드와의 연결을 잃은 적이 없음`,
  },
  midStreamFound: {
    en: (p: { before: number; after: number }) => `${p.before} acknowledged before the connection failed, ${p.after} after`,
    ko: (p) => `연결이 끊기기 전에 ${p.before}개, 뒤에 ${p.after}개 확인됨`,
  },
  hintMidStream: {
    en: () => 'start the stream first, watch its log, and kill the leader once the first records are acknowledged, well before the last one',
    ko: () => '스트림을 먼저 띄우고 로그를 지켜보다가, 첫 레코드들이 확인된 뒤, 마지막 레코드보다 한참 전에 리더를 죽이세요',
  },
  streamAckedExpected: {
    en: (p: { first: string; last: string }) => `with acks=all and idempotence, every record ${p.first} ... ${p.last} is acknowledged: the producer waits out the failover and retries (librdkafka)`,
    ko: (p) => `acks=all과 멱등성으로 ${p.first} ... ${p.last}가 모두 확인됨: 프로듀서가 장애 조치를 기다렸다가 재시도해요 (librdkafka)`,
  },
  hintStreamLog: {
    en: (p: { file: string }) => `pipe B-1 ... B-100, one line every 0.5 s, into the producer's stdin mode with your file, its output into $WORK/${p.file}, and wait until it ends`,
    ko: (p) => `B-1 ... B-100을 0.5초마다 한 줄씩 파일 설정을 준 프로듀서의 stdin 모드로 넣고, 출력은 $WORK/${p.file}로 보내서 끝날 때까지 기다리세요`,
  },
  readExpected: {
    en: (p: { file: string }) => `${p.file} holds the topic read back with the console consumer, each record with its offset`,
    ko: (p) => `${p.file}에 console consumer로 다시 읽은 토픽이 레코드마다 offset과 함께 있음`,
  },
  noOffsets: {
    en: (p: { file: string }) => `${p.file} has no records with an Offset: field`,
    ko: (p) => `${p.file}에 Offset: 필드가 있는 레코드가 없음`,
  },
  hintRead: {
    en: (p: { file: string }) => `once the stream has ended, read the topic from the beginning with --formatter-property print.offset=true and --timeout-ms 5000 into $WORK/${p.file}`,
    ko: (p) => `스트림이 끝난 뒤 토픽을 처음부터 --formatter-property print.offset=true, --timeout-ms 5000으로 읽어 $WORK/${p.file}에 저장하세요`,
  },
  eachOnceExpected: {
    en: (p: { file: string }) => `${p.file} holds every acknowledged A and B record exactly once, at the offset its delivery report named: nothing acknowledged was lost or written twice`,
    ko: (p) => `${p.file}에 확인받은 A, B 레코드가 모두 전달 보고의 offset에 정확히 한 번씩 있음: 확인받은 것은 잃지도, 두 번 쓰이지도 않음`,
  },
  eachOnceFound: {
    en: (p: { acked: number; read: number; lost: string; twice: string }) => `${p.acked} acknowledged, ${p.read} read; not at their offset: ${p.lost}; twice: ${p.twice}`,
    ko: (p) => `${p.acked}개 확인, ${p.read}개 읽음; 제 offset에 없음: ${p.lost}; 두 번: ${p.twice}`,
  },
  hintTwice: {
    en: () => 'a record twice in the log is a retried batch written again: the producer needs enable.idempotence=true',
    ko: () => '로그에 두 번 있는 레코드는 재시도한 배치가 다시 써진 거예요. 프로듀서에 enable.idempotence=true가 필요해요',
  },

  noReport: { en: (p: { event: string }) => `no delivery report for ${p.event}`, ko: (p) => `${p.event}의 전달 보고 없음` },
  oneDownExpected: {
    en: (p: { event: string }) => `${p.event}, sent with one broker down, is acknowledged: two replicas in sync still meet min.insync.replicas=2`,
    ko: (p) => `브로커 하나가 내려간 채 보낸 ${p.event}가 확인됨: 동기화된 복제본 둘이 여전히 min.insync.replicas=2를 채워요`,
  },
  hintOneDown: {
    en: (p: { event: string }) => `send ${p.event} while only the node you killed in step 3 is down, and wait for its delivery report before stopping a second one`,
    ko: (p) => `3단계에서 죽인 노드만 내려가 있을 때 ${p.event}를 보내고, 그 전달 보고를 받은 뒤에 두 번째 노드를 멈추세요`,
  },
  refusedExpected: {
    en: (p: { event: string }) =>
      `${p.event}, sent with two brokers down, is never acknowledged: the leader refuses it with NOT_ENOUGH_REPLICAS (Kafka) and librdkafka retries until message.timeout.ms, then reports a failure`,
    ko: (p) =>
      `브로커 둘이 내려간 채 보낸 ${p.event}는 끝내 확인되지 않음: 리더가 NOT_ENOUGH_REPLICAS로 거절하고(Kafka), librdkafka는 message.timeout.ms까지 재시도한 뒤 실패를 알려요`,
  },
  refusals: { en: (p: { n: number }) => `${p.n} NOT_ENOUGH_REPLICAS refusal(s) in the log`, ko: (p) => `로그에 NOT_ENOUGH_REPLICAS 거절 ${p.n}번` },
  hintSecondBroker: {
    en: () => 'two brokers must be down: stop one of the two still running (pnpm broker stop --node M), not the one already killed',
    ko: () => '브로커 둘이 내려가 있어야 해요. 아직 떠 있는 둘 중 하나를 멈추세요(pnpm broker stop --node M). 이미 죽인 노드가 아니에요',
  },
  hintDebug: {
    en: () => "add debug=msg to the producer's command so that its log shows the broker's answer, and a message.timeout.ms of about 10 s so that it gives up",
    ko: () => '프로듀서 명령에 debug=msg를 붙여 브로커의 답이 로그에 나오게 하고, 포기하도록 message.timeout.ms를 10초쯤으로 주세요',
  },
  hintTwoDownLog: {
    en: (p: { file: string }) => `run one producer with your file for both records, its output into $WORK/${p.file}: C-1, then stop a second broker, then C-2`,
    ko: (p) => `파일 설정을 준 프로듀서 하나로 두 레코드를 보내고 출력은 $WORK/${p.file}로 보내세요. C-1, 두 번째 브로커 멈추기, 그다음 C-2예요`,
  },
  recoveredExpected: {
    en: (p: { file: string }) => `after both nodes are restarted, ${p.file} shows all three replicas in sync again`,
    ko: (p) => `두 노드를 다시 띄운 뒤 ${p.file}에 복제본 셋이 다시 모두 동기화돼 있음`,
  },
  hintRecovered: {
    en: () => 'restart both nodes (pnpm broker restart --node N) and describe the topic again once the Isr lists all three; it takes a few seconds',
    ko: () => '두 노드를 다시 띄우고(pnpm broker restart --node N) Isr에 셋이 모두 나올 때 다시 describe 하세요. 몇 초 걸려요',
  },

  predictionsExpected: {
    en: (p: { file: string; first: string; last: string; last_p: number }) => `${p.file} has a line KEY JAVA LIBRDKAFKA for each key ${p.first} ... ${p.last}, partitions 0-${p.last_p}`,
    ko: (p) => `${p.file}에 키 ${p.first} ... ${p.last}마다 KEY JAVA LIBRDKAFKA 줄이 있음, 파티션은 0-${p.last_p}`,
  },
  predictionsFound: { en: (p: { n: number; missing: string }) => `${p.n} keys predicted; missing or out of range: ${p.missing}`, ko: (p) => `키 ${p.n}개 예측, 빠졌거나 범위 밖: ${p.missing}` },
  hintPredictions: {
    en: (p: { file: string }) => `write $WORK/${p.file} before producing: one line per key, the key, the Java client's partition, librdkafka's partition`,
    ko: (p) => `보내기 전에 $WORK/${p.file}를 쓰세요. 키마다 한 줄로, 키, Java 클라이언트의 파티션, librdkafka의 파티션이에요`,
  },
  landedExpected: {
    en: (p: { file: string; topic: string }) =>
      `${p.file} shows where each client put each key on ${p.topic}, each with its default partitioner (Java: murmur2, librdkafka: consistent_random = CRC32)`,
    ko: (p) => `${p.file}에 ${p.topic}에서 클라이언트별로 키가 간 곳이 있고, 각자 기본 파티셔너를 씀 (Java: murmur2, librdkafka: consistent_random = CRC32)`,
  },
  unread: { en: (p: { missing: string }) => `not read back: ${p.missing}`, ko: (p) => `다시 읽히지 않음: ${p.missing}` },
  landedFound: {
    en: (p: { elsewhere: number }) => `every key read back from both clients; librdkafka records away from CRC32's partition: ${p.elsewhere}`,
    ko: (p) => `두 클라이언트의 키를 모두 다시 읽음; CRC32의 파티션을 벗어난 librdkafka 레코드: ${p.elsewhere}`,
  },
  hintKeyedRead: {
    en: (p: { file: string }) =>
      `produce every key from both clients (values java and librdkafka), then read the topic with print.partition=true and print.key=true into $WORK/${p.file}`,
    ko: (p) => `두 클라이언트로 모든 키를 보내고(값은 java와 librdkafka), 토픽을 print.partition=true, print.key=true로 읽어 $WORK/${p.file}에 저장하세요`,
  },
  hintDefaultPartitioner: {
    en: () => "produce with each client's default partitioner: no partitioner= setting on the kit producer, no partitioner.class on the console producer",
    ko: () => '각 클라이언트의 기본 파티셔너로 보내세요. 키트 프로듀서에 partitioner= 설정을, console producer에 partitioner.class를 주지 마세요',
  },
  predictedExpected: {
    en: (p: { client: string; column: number }) => `column ${p.column} (${p.client}) predicts where ${p.client}'s record of every key landed`,
    ko: (p) => `${p.column}번째 열(${p.client})이 ${p.client}가 보낸 키마다 레코드가 간 곳을 맞힘`,
  },
  predictedFound: {
    en: (p: { right: number; n: number; wrong: string }) => `${p.right} of ${p.n} right; wrong (predicted!=landed): ${p.wrong}`,
    ko: (p) => `${p.n}개 중 ${p.right}개 맞음; 틀림(예측!=실제): ${p.wrong}`,
  },
  hintJavaHash: {
    en: () => "Kafka's Java client hashes the key's bytes with murmur2: $PARTITION --partitions 6 --hash murmur2",
    ko: () => 'Kafka의 Java 클라이언트는 키 바이트를 murmur2로 해시해요: $PARTITION --partitions 6 --hash murmur2',
  },
  hintLibrdkafkaNotMurmur: {
    en: () => "librdkafka's default partitioner is consistent_random, which hashes the key with CRC32, not the Java client's murmur2",
    ko: () => 'librdkafka의 기본 파티셔너는 consistent_random이고, Java 클라이언트의 murmur2가 아니라 CRC32로 키를 해시해요',
  },
  hintLibrdkafkaHash: {
    en: () => "librdkafka's default (consistent_random) is CRC32 of the key modulo the partition count: $PARTITION --partitions 6 --hash crc32",
    ko: () => 'librdkafka 기본값(consistent_random)은 키의 CRC32를 파티션 수로 나눈 나머지예요: $PARTITION --partitions 6 --hash crc32',
  },
});
