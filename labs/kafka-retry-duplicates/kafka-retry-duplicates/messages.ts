import { defineMessages } from '@kafka-labs/i18n';

/** What the exercise's run and grader say (step titles, checks, hints), in English and Korean. */
export const MESSAGES = defineMessages({
  runStep: {
    en: (p: { topics: string }) => `The reference solution, solution.sh, step by step (topics ${p.topics})`,
    ko: (p) => `모범 답안 solution.sh를 단계마다 차례로 실행하기 (토픽 ${p.topics})`,
  },
  closing: {
    en: () =>
      'Without idempotence every retry that reached the broker is stored again; with it the broker answers the\n' +
      'retries from its sequence numbers and keeps one copy. Two producer runs are two sessions: nothing links them.',
    ko: () =>
      '멱등성이 꺼져 있으면 브로커에 닿은 재시도가 모두 다시 저장돼요. 켜져 있으면 브로커가 순번을 보고 재시도에\n' +
      '답하고 한 벌만 남겨요. 프로듀서를 두 번 실행하면 세션이 두 개이고, 둘을 이어 주는 것은 없어요.',
  },


  hintTopic: {
    en: () => 'create the topic with kafka-topics --create, one partition, at $BOOTSTRAP, under exactly the name the step gives',
    ko: () => 'kafka-topics --create로 단계에 적힌 이름 그대로, 파티션 하나로, $BOOTSTRAP에 만드세요',
  },
  hintPartitions: {
    en: () => 'the topic must have exactly one partition: delete it (kafka-topics --delete) and create it again with --partitions 1',
    ko: () => '토픽의 파티션은 정확히 하나여야 해요. 지우고(kafka-topics --delete) --partitions 1로 다시 만드세요',
  },
  hintDump: {
    en: () => "save the whole output of kafka-dump-log (pnpm -s) for the step's topic's first segment, $DATA/<topic>-0/00000000000000000000.log, with --print-data-log",
    ko: () => 'pnpm -s로 kafka-dump-log를 실행해 그 단계 토픽의 첫 세그먼트 $DATA/<토픽>-0/00000000000000000000.log를 --print-data-log로 덤프하고, 출력을 통째로 저장하세요',
  },
  hintDefaults: {
    en: () => 'produce pay-1 and pay-2 with no --command-property at all: the defaults are what this step looks at',
    ko: () => 'pay-1과 pay-2를 --command-property 없이 보내세요. 이 단계는 기본값을 봐요',
  },
  hintNoIdempotence: {
    en: () => 'produce pay-3 with --command-property enable.idempotence=false, then dump payments-0 again',
    ko: () => 'pay-3을 --command-property enable.idempotence=false로 보낸 뒤 payments-0을 다시 덤프하세요',
  },
  hintBigLine: {
    en: () => 'big.txt holds one line of exactly 5,000 characters and its newline: a shorter request passes the slow path at once',
    ko: () => 'big.txt에는 정확히 5,000자짜리 줄 하나와 줄바꿈이 있어야 해요. 더 짧은 요청은 느린 경로를 바로 지나가요',
  },
  hintSlowOn: {
    en: () =>
      'turn the slow path on first (pnpm kafka-lab-slow on), produce through $BOOTSTRAP with request.timeout.ms=300 ' +
      "delivery.timeout.ms=2000 retries=2 max.block.ms=10000, and redirect the producer's stderr (2>) into the log",
    ko: () =>
      '먼저 느린 경로를 켜고(pnpm kafka-lab-slow on) request.timeout.ms=300 delivery.timeout.ms=2000 retries=2 ' +
      'max.block.ms=10000으로 $BOOTSTRAP을 거쳐 보내고, 프로듀서의 stderr를 로그로 돌리세요(2>)',
  },
  hintNoneArrived: {
    en: () =>
      'nothing was stored: the producer gave up before any request reached the broker; the first ERROR line of ' +
      'its log says why (a wrong --bootstrap-server, a ConfigException, a topic that does not exist)',
    ko: () =>
      '저장된 것이 없어요. 요청이 브로커에 닿기 전에 프로듀서가 포기했어요. 로그의 첫 ERROR 줄에 이유가 있어요' +
      '(잘못된 --bootstrap-server, ConfigException, 없는 토픽)',
  },
  hintFailedEarly: {
    en: () =>
      'the producer failed before it could retry: fix what the exception says (a wrong --bootstrap-server, a ' +
      '--command-property typo, a topic that does not exist), then produce again',
    ko: () =>
      '프로듀서가 재시도하기 전에 실패했어요. 예외가 말하는 것을 고치고(잘못된 --bootstrap-server, --command-property ' +
      '오타, 없는 토픽) 다시 보내세요',
  },
  hintKeepOff: {
    en: () => 'step 4 produces with --command-property enable.idempotence=false: with the default the broker drops the retries',
    ko: () => '4단계는 --command-property enable.idempotence=false로 보내요. 기본값이면 브로커가 재시도를 버려요',
  },
  hintKeepOn: {
    en: () => 'step 5 produces with --command-property enable.idempotence=true',
    ko: () => '5단계는 --command-property enable.idempotence=true로 보내요',
  },
  hintKeepDefault: {
    en: () => 'step 6 keeps idempotence on: produce both times with no enable.idempotence setting',
    ko: () => '6단계는 멱등성을 켠 채로 둬요. 두 번 모두 enable.idempotence 설정 없이 보내세요',
  },
  hintSlowLeftOn: {
    en: () => 'common mistake 1: the slow path is still on; run pnpm kafka-lab-slow off once the slow steps are done',
    ko: () => '흔한 실수 1: 느린 경로가 아직 켜져 있어요. 느린 단계를 마치면 pnpm kafka-lab-slow off를 실행하세요',
  },
  hintTwoRuns: {
    en: () =>
      'common mistake 2: run the producer twice with one line each; two lines in one run share one session ' +
      '(one producerId, consecutive sequences), so nothing shows what a second session does',
    ko: () =>
      '흔한 실수 2: 프로듀서를 한 줄씩 두 번 실행하세요. 한 번 실행에 두 줄을 보내면 세션 하나를 같이 써서' +
      '(producerId 하나, 이어지는 순번) 두 번째 세션이 어떻게 되는지 보이지 않아요',
  },
  hintReport: {
    en: () =>
      'write exactly five lines: dup_copies=, idem_copies=, two_sessions_copies= (the last number kafka-get-offsets ' +
      'prints for each topic, read after the step that filled it), acks_default= and idempotence_default=',
    ko: () =>
      '정확히 다섯 줄을 쓰세요: dup_copies=, idem_copies=, two_sessions_copies=(그 토픽을 채운 단계 뒤에 ' +
      'kafka-get-offsets가 토픽마다 출력하는 마지막 숫자), acks_default=, idempotence_default=',
  },
  hintDefaultsReport: {
    en: () => "the console producer's defaults, as step 2's dump shows them: a batch with a producerId comes from an idempotent producer, and idempotence needs the strongest acks",
    ko: () => '콘솔 프로듀서의 기본값은 2단계 덤프가 보여 줘요. producerId가 있는 배치는 멱등 프로듀서가 썼고, 멱등성에는 가장 강한 acks가 필요해요',
  },

  brokerUnreadable: {
    en: (p: { address: string; reason: string }) => `the broker at ${p.address} could not be read (${p.reason}): start it (pnpm broker up) and check again`,
    ko: (p) => `${p.address}의 브로커를 읽을 수 없어요 (${p.reason}). 브로커를 띄우고(pnpm broker up) 다시 확인하세요`,
  },
  notPartitionDump: {
    en: (p: { file: string; partition: string; topic: string }) => `${p.file} is a dump of ${p.partition}, not of ${p.topic}-0`,
    ko: (p) => `${p.file}은 ${p.topic}-0이 아니라 ${p.partition}의 덤프임`,
  },
  noPayloads: {
    en: (p: { file: string }) => `${p.file} shows no record payloads (dump with --print-data-log)`,
    ko: (p) => `${p.file}에 레코드 payload가 없음 (--print-data-log로 덤프하세요)`,
  },
  noTopic: { en: (p: { topic: string }) => `no topic ${p.topic} on the broker`, ko: (p) => `브로커에 토픽 ${p.topic}이 없음` },
  holds: {
    en: (p: { topic: string; n: number }) => `${p.topic} holds ${p.n} ${p.n === 1 ? 'record' : 'records'}`,
    ko: (p) => `${p.topic}에 레코드 ${p.n}개`,
  },

  retriesExpected: {
    en: (p: { file: string; partition: string }) => `${p.file} showing the producer retrying ${p.partition} ("retrying (N attempts left)")`,
    ko: (p) => `${p.file}에 프로듀서가 ${p.partition}을 재시도한 줄("retrying (N attempts left)")이 있음`,
  },
  retriesSeen: {
    en: (p: { file: string; n: number; partition: string }) => `${p.file} shows ${p.n} ${p.n === 1 ? 'retry' : 'retries'} of ${p.partition}`,
    ko: (p) => `${p.file}에 ${p.partition} 재시도 ${p.n}번`,
  },
  retriesOther: {
    en: (p: { file: string; partition: string }) => `${p.file} retries another partition, not ${p.partition}`,
    ko: (p) => `${p.file}은 ${p.partition}이 아니라 다른 파티션을 재시도함`,
  },
  noRetryBecause: {
    en: (p: { file: string; cause: string }) => `no retry in ${p.file}, which logs ${p.cause}`,
    ko: (p) => `${p.file}에 재시도가 없고, 이런 줄이 있음: ${p.cause}`,
  },
  noRetry: { en: (p: { file: string }) => `no retry in ${p.file}`, ko: (p) => `${p.file}에 재시도가 없음` },

  topicExpected: {
    en: (p: { topic: string }) => `topic ${p.topic} with 1 partition holding at least 2 records`,
    ko: (p) => `파티션 1개에 레코드가 2개 이상 있는 토픽 ${p.topic}`,
  },
  topicFound: {
    en: (p: { topic: string; partitions: number; records: number }) =>
      `${p.topic} has ${p.partitions} ${p.partitions === 1 ? 'partition' : 'partitions'} and ${p.records} ${p.records === 1 ? 'record' : 'records'}`,
    ko: (p) => `${p.topic}: 파티션 ${p.partitions}개, 레코드 ${p.records}개`,
  },

  defaultExpected: {
    en: () => 'the batch holding pay-1 and pay-2 with a producerId other than -1, baseSequence 0 and no transaction',
    ko: () => 'pay-1과 pay-2를 담은 배치의 producerId가 -1이 아니고, baseSequence가 0이고, 트랜잭션이 아님',
  },
  noRecord: {
    en: (p: { records: string; file: string }) => `no record ${p.records} in ${p.file}`,
    ko: (p) => `${p.file}에 레코드 ${p.records}가 없음`,
  },
  and: { en: () => ' and ', ko: () => ', ' },
  defaultFound: {
    en: (p: { producerId: number; baseSequence: number; sameBatch: boolean; secondId: number; transactional: boolean }) =>
      `pay-1 is in a batch with producerId ${p.producerId} and baseSequence ${p.baseSequence}` +
      (p.sameBatch ? ', with pay-2' : `, pay-2 in one with producerId ${p.secondId}`) +
      (p.transactional ? ', written in a transaction (isTransactional: true), which the default producer never opens' : ''),
    ko: (p) =>
      `pay-1이 producerId ${p.producerId}, baseSequence ${p.baseSequence}인 배치에 있음` +
      (p.sameBatch ? ', pay-2도 같은 배치' : `, pay-2는 producerId ${p.secondId}인 배치`) +
      (p.transactional ? ', 트랜잭션 안에서 쓰임(isTransactional: true): 기본 프로듀서는 트랜잭션을 열지 않음' : ''),
  },

  plainExpected: {
    en: () => 'a new batch holding pay-3 with producerId -1 (no producer id without idempotence)',
    ko: () => 'pay-3을 담은 새 배치가 있고 그 producerId가 -1임',
  },
  plainFound: {
    en: (p: { baseSequence: number }) => `pay-3 is in a batch with producerId -1 and baseSequence ${p.baseSequence}`,
    ko: (p) => `pay-3이 producerId -1, baseSequence ${p.baseSequence}인 배치에 있음`,
  },
  plainWithId: {
    en: (p: { producerId: number }) => `pay-3 is in a batch with producerId ${p.producerId}`,
    ko: (p) => `pay-3이 producerId ${p.producerId}인 배치에 있음`,
  },

  bigExpected: { en: () => 'big.txt holding one line of 5,000 characters', ko: () => 'big.txt에 5,000자짜리 줄 하나가 있음' },
  bigLines: { en: (p: { n: number }) => `big.txt has ${p.n} lines`, ko: (p) => `big.txt가 ${p.n}줄임` },
  bigLine: {
    en: (p: { n: number }) => `big.txt is one line of ${p.n} characters`,
    ko: (p) => `big.txt는 ${p.n}자짜리 한 줄임`,
  },
  copiesExpected: {
    en: (p: { topic: string }) => `${p.topic} holding 2 or more copies of the line`,
    ko: (p) => `${p.topic}에 그 줄이 2벌 이상 있음`,
  },
  slowOffExpected: {
    en: () => 'the slow path turned off again (pnpm kafka-lab-slow off)',
    ko: () => '느린 경로를 다시 끔 (pnpm kafka-lab-slow off)',
  },
  slowStillOn: { en: (p: { faults: string }) => `the slow path is still on (${p.faults})`, ko: (p) => `느린 경로가 아직 켜져 있음 (${p.faults})` },
  slowIsOff: { en: () => 'the slow path is off', ko: () => '느린 경로가 꺼져 있음' },

  oneCopyExpected: {
    en: (p: { topic: string }) => `${p.topic} holding exactly 1 copy of the line`,
    ko: (p) => `${p.topic}에 그 줄이 정확히 1벌 있음`,
  },

  sessionsExpected: {
    en: () => 'two batches, each holding one pay-77, with two different producerIds (neither -1)',
    ko: () => '배치 두 개에 pay-77이 하나씩 있고, producerId가 서로 다름 (둘 다 -1이 아님)',
  },
  sessionsFound: {
    en: (p: { copies: number; batches: number; ids: string }) =>
      `${p.copies} ${p.copies === 1 ? 'copy' : 'copies'} of pay-77 in ${p.batches} ${p.batches === 1 ? 'batch' : 'batches'} from producerId ${p.ids}`,
    ko: (p) => `pay-77이 ${p.copies}벌, 배치 ${p.batches}개, producerId ${p.ids}`,
  },

  reportFileExpected: { en: () => 'producer-report.txt with five key=value lines', ko: () => 'key=value 다섯 줄이 있는 producer-report.txt' },
  unexpectedLine: { en: (p: { line: string }) => `unexpected line "${p.line}"`, ko: (p) => `뜻밖의 줄 "${p.line}"` },
  givenTwice: { en: (p: { key: string }) => `${p.key} given twice`, ko: (p) => `${p.key}가 두 번 있음` },
  missingKeys: { en: (p: { keys: string }) => `missing ${p.keys}`, ko: (p) => `빠진 것: ${p.keys}` },
  reportExpected: { en: () => 'producer-report.txt holding exactly the five lines of the report', ko: () => 'producer-report.txt에 리포트의 다섯 줄이 정확히 있음' },
  reportOk: { en: () => 'the five lines are there', ko: () => '다섯 줄이 다 있음' },
  defaultsExpected: { en: () => 'acks_default=all and idempotence_default=true', ko: () => 'acks_default=all, idempotence_default=true' },
  countsExpected: {
    en: () => 'each count equal to the end offset of its topic on the broker',
    ko: () => '수마다 브로커에 있는 해당 토픽의 end offset과 같음',
  },
  countMissing: {
    en: (p: { key: string; value: string; topic: string }) => `${p.key}=${p.value} (${p.topic} does not exist)`,
    ko: (p) => `${p.key}=${p.value} (${p.topic} 없음)`,
  },
  countHeld: {
    en: (p: { key: string; value: string; topic: string; held: number }) => `${p.key}=${p.value} (${p.topic} holds ${p.held})`,
    ko: (p) => `${p.key}=${p.value} (${p.topic}에 ${p.held}개)`,
  },
});
