import { defineMessages } from '@kafka-labs/i18n';

/** What 06-rebalance-exercise's run script and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  runStep: {
    en: (p: { topics: string }) => `Run the reference solution (solution.sh) with the topics ${p.topics}`,
    ko: (p) => `모범 답안(solution.sh)을 토픽 ${p.topics}로 실행하기`,
  },
  closing: {
    en: () =>
      'A commit stores the next offset to read: the member that takes a partition over starts at its last commit, so what\n' +
      'was processed after it is processed again, unless the member commits synchronously when the partition is revoked.\n' +
      'A member that does not poll within max.poll.interval.ms is taken out by its own client: its partition is lost, not\n' +
      'revoked, its late commit fails, and only idempotent processing keeps the second run of that message harmless.',
    ko: () =>
      'commit은 다음에 읽을 offset을 저장해요. 파티션을 넘겨받은 구성원은 마지막 commit부터 시작하므로, 그 뒤에 처리한 것은\n' +
      '다시 처리돼요. 파티션을 반납할 때 동기로 commit 하면 그렇지 않아요. max.poll.interval.ms 안에 poll 하지 않은 구성원은\n' +
      '자기 클라이언트가 그룹에서 빼내요. 파티션은 반납이 아니라 lost 되고, 늦은 commit은 실패하고, 그 메시지를 두 번 처리해도\n' +
      '괜찮게 만드는 것은 멱등한 처리뿐이에요.',
  },

  nothing: { en: () => 'nothing', ko: () => '없음' },
  none: { en: () => 'none', ko: () => '없음' },

  partitionsExpected: {
    en: (p: { topic: string; n: number }) => `pay-offsets.txt holds the end offsets of ${p.topic}, ${p.n} partitions`,
    ko: (p) => `pay-offsets.txt에 파티션 ${p.n}개짜리 ${p.topic}의 끝 offset이 있음`,
  },
  noTopicLine: { en: (p: { topic: string }) => `no line for topic ${p.topic}`, ko: (p) => `토픽 ${p.topic}의 줄이 없음` },
  hintOffsetsFile: {
    en: () => 'save what kafka-get-offsets prints for the topic pay into $WORK/pay-offsets.txt (pnpm -s, so that no banner comes with it)',
    ko: () => 'kafka-get-offsets가 토픽 pay에 대해 찍는 내용을 $WORK/pay-offsets.txt에 저장하세요 (배너가 붙지 않도록 pnpm -s로)',
  },
  hintPartitions: {
    en: () => 'the topic must have exactly two partitions: create it with --partitions 2 (a topic cannot shrink: delete it and create it again)',
    ko: () => '토픽의 파티션은 정확히 2개여야 해요. --partitions 2로 만드세요 (파티션은 줄일 수 없으니 지우고 다시 만드세요)',
  },
  messagesExpected: {
    en: (p: { n: number; total: number }) => `each partition ends at offset ${p.n}: the ${p.total} messages, spread round-robin`,
    ko: (p) => `파티션마다 끝 offset이 ${p.n}: 라운드 로빈으로 나눈 메시지 ${p.total}개`,
  },
  hintSavedBeforeFill: {
    en: () => 'the offsets were saved before the messages went in: run the producer first, then kafka-get-offsets',
    ko: () => '메시지를 넣기 전에 offset을 저장했어요. 프로듀서를 먼저 실행하고 kafka-get-offsets를 실행하세요',
  },
  hintCount: {
    en: () => 'send exactly 1000 messages once, with --partitions 2 (a second fill adds 1000 more: start again with a new topic)',
    ko: () => '메시지 1000개를 --partitions 2로 한 번만 보내세요 (두 번 보내면 1000개가 더 들어가요. 새 토픽으로 다시 시작하세요)',
  },

  logsExpected: {
    en: (p: { group: string }) => `${p.group}-a.log and ${p.group}-b.log hold the two workers' logs`,
    ko: (p) => `${p.group}-a.log와 ${p.group}-b.log에 두 워커의 로그가 있음`,
  },
  hintLogs: {
    en: (p: { group: string }) => `start the workers with --name ${p.group}-a and --name ${p.group}-b and redirect each one's output into $WORK/<name>.log`,
    ko: (p) => `워커를 --name ${p.group}-a, --name ${p.group}-b로 띄우고 각 출력을 $WORK/<이름>.log로 보내세요`,
  },
  hintSlowLogs: {
    en: (p: { step: number }) =>
      p.step === 4
        ? 'start the workers with --name slow-a and --name slow-b and redirect each one\'s output into $WORK/<name>.log'
        : 'this step reads the logs of step 4: do step 4 first',
    ko: (p) =>
      p.step === 4
        ? '워커를 --name slow-a, --name slow-b로 띄우고 각 출력을 $WORK/<이름>.log로 보내세요'
        : '이 단계는 4단계의 로그를 읽어요. 4단계를 먼저 하세요',
  },

  joinExpected: {
    en: () => 'b joined while a was working: a gave back both partitions (range, eager), b got one and processed messages of it',
    ko: () => 'a가 처리하는 도중 b가 들어옴: a가 두 파티션을 모두 반납하고(range, eager) b가 하나를 받아 그 메시지를 처리함',
  },
  joinFound: {
    en: (p: { revoked: string; bGot: string; bFirst: string }) => `a revoked ${p.revoked}, b got ${p.bGot}, b's first message there: ${p.bFirst}`,
    ko: (p) => `a가 반납 ${p.revoked}, b가 받음 ${p.bGot}, 거기서 b의 첫 메시지: ${p.bFirst}`,
  },
  hintStartB: {
    en: () => 'start b in the same group while a is still processing, not after it stopped',
    ko: () => 'a가 멈춘 뒤가 아니라 아직 처리하는 동안 같은 그룹에 b를 띄우세요',
  },
  hintSameGroup: {
    en: () => 'b processed messages without taking any from a: give both workers the same --group',
    ko: () => 'b가 a에게서 아무것도 넘겨받지 않고 메시지를 처리했어요. 두 워커에 같은 --group을 주세요',
  },
  hintNewGroup: {
    en: () => 'nothing was processed: the group had committed everything already; run the step in a group of its own that has committed nothing',
    ko: () => '처리된 것이 없어요. 그룹이 이미 모두 commit 했어요. 아직 아무것도 commit 하지 않은 이 단계만의 그룹에서 실행하세요',
  },
  hintJoinEarlier: {
    en: () => 'b got its partition after a had finished it, so b had nothing to do there: start b earlier, while a is on p1',
    ko: () => 'a가 파티션을 다 처리한 뒤에 b가 받아서 할 일이 없었어요. a가 p1을 처리하는 동안, 더 일찍 b를 띄우세요',
  },
  hintAll: {
    en: () => 'stop the workers only once both logs together show offset 499 of both partitions processed',
    ko: () => '두 로그를 합쳐 두 파티션의 offset 499까지 처리됐을 때에만 워커를 멈추세요',
  },

  restartExpected: {
    en: (p: { moved: number; committed: number }) => `b starts p${p.moved} at a's last commit before the revoke, ${p.committed} (Kafka: a commit is where the next owner reads)`,
    ko: (p) => `b가 p${p.moved}을 반납 전 a의 마지막 commit ${p.committed}에서 시작함 (Kafka: 다음 담당자는 commit된 곳부터 읽음)`,
  },
  bFirst: { en: (p: { offset: number }) => `b's first: offset ${p.offset}`, ko: (p) => `b의 첫 offset: ${p.offset}` },
  hintNoRevokeCommit: {
    en: () => 'a committed when it was revoked, so nothing was redone: this step runs the workers without --revoke-commit',
    ko: () => 'a가 반납할 때 commit 해서 다시 처리된 것이 없어요. 이 단계는 --revoke-commit 없이 워커를 실행해요',
  },
  hintRestart: {
    en: () => 'use a new group for this step (one that has committed nothing yet) and the same worker settings for a and b',
    ko: () => '이 단계에는 아직 아무것도 commit 하지 않은 새 그룹을 쓰고, a와 b에 같은 워커 설정을 주세요',
  },
  duplicatesExpected: {
    en: (p: { moved: number; from: number; to: number }) =>
      p.to < p.from
        ? `nothing is processed twice: a had processed nothing of p${p.moved} after its last commit`
        : `exactly what a processed of p${p.moved} after its last commit, offsets ${p.from}..${p.to}, is processed twice`,
    ko: (p) =>
      p.to < p.from
        ? `두 번 처리된 것이 없음: a가 마지막 commit 뒤에 p${p.moved}을 처리한 것이 없음`
        : `a가 마지막 commit 뒤에 처리한 p${p.moved}의 offset ${p.from}..${p.to}이 정확히 두 번 처리됨`,
  },
  twice: { en: (p: { ranges: string }) => `processed twice: ${p.ranges}`, ko: (p) => `두 번 처리됨: ${p.ranges}` },

  dupsExpected: {
    en: (p: { file: string; a: string; b: string }) => `${p.file} is what the dups counter prints for ${p.a} and ${p.b} together`,
    ko: (p) => `${p.file}이 ${p.a}와 ${p.b}를 함께 센 dups의 출력과 같음`,
  },
  dupsSame: { en: () => 'the same', ko: () => '같음' },
  dupsSays: { en: (p: { first: string }) => `it says: ${p.first}`, ko: (p) => `파일 내용: ${p.first}` },
  hintDups: {
    en: (p: { file: string }) => `run the dups counter on both workers' logs of this step at once, after they stopped, and save its output as $WORK/${p.file}`,
    ko: (p) => `워커가 멈춘 뒤 이 단계의 두 워커 로그를 한 번에 dups로 세고, 출력을 $WORK/${p.file}로 저장하세요`,
  },

  revokeCommitExpected: {
    en: (p: { moved: number; next: number }) => `a commits p${p.moved}=${p.next}, where it stopped, inside the revoke (the worker's commit on revoke)`,
    ko: (p) => `a가 반납하는 동안 멈춘 곳 p${p.moved}=${p.next}을 commit 함 (워커의 반납 시 commit)`,
  },
  committedBefore: {
    en: (p: { moved: number; offset: number }) => `nothing left to commit: a's regular commit p${p.moved}=${p.offset} came just before the revoke`,
    ko: (p) => `commit 할 것이 없음: a의 정기 commit p${p.moved}=${p.offset}이 반납 직전에 있었음`,
  },
  committed: { en: (p: { what: string }) => `committed: ${p.what}`, ko: (p) => `commit 한 것: ${p.what}` },
  hintRevokeCommit: {
    en: () => 'give both workers --revoke-commit, in a group that has committed nothing yet',
    ko: () => '아직 아무것도 commit 하지 않은 그룹에서, 두 워커 모두에 --revoke-commit을 주세요',
  },
  noDuplicatesExpected: {
    en: (p: { moved: number; next: number }) => `b starts p${p.moved} at ${p.next}, where a stopped, and no message is processed twice`,
    ko: (p) => `b가 a가 멈춘 곳 ${p.next}에서 p${p.moved}을 시작하고, 두 번 처리된 메시지가 없음`,
  },
  handedFound: {
    en: (p: { offset: number; ranges: string }) => `b's first: offset ${p.offset}; processed twice: ${p.ranges}`,
    ko: (p) => `b의 첫 offset: ${p.offset}, 두 번 처리됨: ${p.ranges}`,
  },

  leaveExpected: {
    en: (p: { offset: number }) =>
      `a's client leaves the group (MAXPOLL) once offset ${p.offset} has kept it from polling for max.poll.interval.ms, while a still works on it (librdkafka)`,
    ko: (p) => `offset ${p.offset} 때문에 max.poll.interval.ms 동안 poll 하지 못하자, a가 아직 일하는 중에 a의 클라이언트가 그룹을 떠남(MAXPOLL) (librdkafka)`,
  },
  neverSlow: { en: (p: { offset: number }) => `a never began offset ${p.offset} slowly`, ko: (p) => `a가 offset ${p.offset}을 느리게 처리하기 시작한 적이 없음` },
  noMaxpoll: { en: () => 'no MAXPOLL line after the slow start', ko: () => '느린 처리 시작 뒤 MAXPOLL 줄이 없음' },
  maxpollFound: {
    en: (p: { ms: number; interval: number }) => `MAXPOLL ${p.ms} ms after the slow start (max.poll.interval.ms ${p.interval})`,
    ko: (p) => `느린 처리 시작 ${p.ms} ms 뒤 MAXPOLL (max.poll.interval.ms ${p.interval})`,
  },
  hintSlow: {
    en: () => 'give a the slow message: --slow-at 3 with a --slow-sec longer than max.poll.interval.ms',
    ko: () => 'a에게 느린 메시지를 주세요. --slow-at 3과 max.poll.interval.ms보다 긴 --slow-sec',
  },
  hintMaxpoll: {
    en: () => 'the slow work must outlast max.poll.interval.ms: lower it (and session.timeout.ms below it) for both workers, and keep --slow-sec longer',
    ko: () => '느린 처리가 max.poll.interval.ms보다 길어야 해요. 두 워커 모두 그 값을 낮추고(session.timeout.ms는 그보다 작게), --slow-sec은 더 길게 두세요',
  },
  takeOverExpected: {
    en: (p: { offset: number }) => `b gets p0 and finishes offset ${p.offset} before a does`,
    ko: (p) => `b가 p0을 받아 a보다 먼저 offset ${p.offset}을 끝냄`,
  },
  bOnSlow: { en: (p: { b: string; a: string }) => `b at ${p.b}, a at ${p.a}`, ko: (p) => `b ${p.b}, a ${p.a}` },
  bNeverSlow: { en: (p: { offset: number }) => `b never processed offset ${p.offset}`, ko: (p) => `b가 offset ${p.offset}을 처리하지 않음` },
  hintB: {
    en: () => 'start b in the same group, with the same settings but without the slow message, before the messages are produced',
    ko: () => '메시지를 보내기 전에, 같은 그룹에 느린 메시지만 빼고 같은 설정으로 b를 띄우세요',
  },
  lateExpected: {
    en: (p: { next: number }) => `a's late commit of p0=${p.next} fails with UNKNOWN_MEMBER_ID: a is no longer a member (Kafka)`,
    ko: (p) => `a의 늦은 commit p0=${p.next}이 UNKNOWN_MEMBER_ID로 실패함: a는 더 이상 구성원이 아님 (Kafka)`,
  },
  noFailedCommit: { en: () => 'no failed commit after a finished the slow message', ko: () => 'a가 느린 메시지를 끝낸 뒤 실패한 commit이 없음' },
  lostExpected: {
    en: () => 'a hears that p0 was lost, not revoked: there is no chance to commit on the way out (librdkafka)',
    ko: () => 'a는 p0이 반납(revoked)이 아니라 lost 됐다고 들음: 나가면서 commit 할 기회가 없음 (librdkafka)',
  },

  answersExpected: {
    en: (p: { file: string; keys: string }) => `${p.file} gives each of ${p.keys} once, as key=value lines`,
    ko: (p) => `${p.file}에 ${p.keys}가 key=value 줄로 한 번씩 있음`,
  },
  answersOk: { en: () => 'all four keys', ko: () => '네 키 모두 있음' },
  unexpectedLine: { en: (p: { line: string }) => `unexpected line "${p.line}"`, ko: (p) => `예상하지 못한 줄 "${p.line}"` },
  givenTwice: { en: (p: { key: string }) => `${p.key} given twice`, ko: (p) => `${p.key}가 두 번 있음` },
  missingKeys: { en: (p: { keys: string }) => `missing ${p.keys}`, ko: (p) => `빠진 키: ${p.keys}` },
  hintAnswers: {
    en: (p: { file: string }) => `write $WORK/${p.file} with one key=value per line, only the four keys the step names`,
    ko: (p) => `$WORK/${p.file}에 단계에서 말한 네 키만 한 줄에 key=value 하나씩 쓰세요`,
  },
  answerExpected: {
    en: (p: { key: string }) => `${p.key} is what step 4's files show`,
    ko: (p) => `${p.key}가 4단계 파일에 나온 값과 같음`,
  },
  noEvidence: {
    en: (p: { key: string }) => `step 4's logs show what ${p.key} asks for`,
    ko: (p) => `4단계 로그에 ${p.key}가 묻는 내용이 있음`,
  },
  hintExceeded: {
    en: () => 'read the client: MAXPOLL line of slow-a.log: it says by how many milliseconds the poll interval was exceeded (the number only)',
    ko: () => 'slow-a.log의 client: MAXPOLL 줄을 읽으세요. poll 간격을 몇 밀리초 넘겼는지 나와요 (숫자만)',
  },
  hintCommitError: {
    en: () => "copy the error name of a's commit failed line, as the log writes it",
    ko: () => 'a의 commit failed 줄에 있는 오류 이름을 로그에 적힌 그대로 옮기세요',
  },
  hintTwice: {
    en: () => 'take the offsets from dups-maxpoll.txt, as it writes them (a range as from..to, several separated by commas)',
    ko: () => 'dups-maxpoll.txt에 적힌 offset을 그대로 쓰세요 (범위는 from..to, 여러 개는 쉼표로)',
  },
  hintCallback: {
    en: () => 'after the slow message, did a get p0 revoked or lost? Take the word of that line of slow-a.log',
    ko: () => '느린 메시지 뒤에 a는 p0을 revoked 했나요, lost 했나요? slow-a.log의 그 줄에 있는 단어를 쓰세요',
  },
});
