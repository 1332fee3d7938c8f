import { defineMessages } from '@kafka-labs/i18n';

/** What 15-eos-pipeline-exercise's run script and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  runStep: {
    en: (p: { topics: string }) => `Run the reference solution (solution.sh) with the topics ${p.topics}`,
    ko: (p) => `모범 답안(solution.sh)을 토픽 ${p.topics}로 실행하기`,
  },
  closing: {
    en: () =>
      'A pipeline is exactly once for read_committed readers when three pieces are on together: a transaction under a\n' +
      'stable transactional.id (a restart aborts what the dead instance left open), the input offsets sent inside that\n' +
      'transaction (output and progress commit together), and readers at read_committed (aborted records stay hidden).',
    ko: () =>
      '세 가지가 함께 켜져 있을 때 파이프라인은 read_committed 독자에게 exactly-once가 돼요. 안정된 transactional.id 아래의\n' +
      '트랜잭션(재시작이 죽은 인스턴스가 열어 둔 것을 abort 해요), 그 트랜잭션 안에서 보낸 입력 offset(출력과 진행이 함께\n' +
      'commit 돼요), 그리고 read_committed로 읽는 독자(abort 된 레코드는 보이지 않아요)예요.',
  },

  logsExpected: {
    en: (p: { a: string; b: string }) => `${p.a} (the run killed at its pause) and ${p.b} (its restart) hold the pipeline's logs`,
    ko: (p) => `${p.a}(멈춘 곳에서 죽인 실행)와 ${p.b}(재시작)에 파이프라인의 로그가 있음`,
  },
  hintLogs: {
    en: (p: { name: string }) => `run the pipeline with --name ${p.name}-1, then its restart with --name ${p.name}-2, each one's output redirected into $WORK/<name>.log`,
    ko: (p) => `파이프라인을 --name ${p.name}-1로, 재시작을 --name ${p.name}-2로 실행하고, 각 출력을 $WORK/<이름>.log로 보내세요`,
  },
  commitExpected: {
    en: (p: { name: string; commit: string }) => `${p.name} runs without a transaction, committing its offsets after each batch (--commit ${p.commit})`,
    ko: (p) => `${p.name}이 트랜잭션 없이 배치마다 offset을 commit 함 (--commit ${p.commit})`,
  },
  hintStep1Commit: {
    en: () => 'step 1 is the at-least-once pipeline: no transaction, a commitSync after each batch',
    ko: () => '1단계는 at-least-once 파이프라인이에요. 트랜잭션 없이, 배치마다 commitSync 해요',
  },
  killedExpected: {
    en: (p: { name: string }) => `${p.name} was killed (SIGKILL) at its pause, mid-batch: no stopping line`,
    ko: (p) => `${p.name}이 멈춘 곳에서, 배치 도중에 죽음(SIGKILL): stopping 줄이 없음`,
  },
  killedFound: { en: (p: { after: string }) => `paused after ${p.after}, then killed`, ko: (p) => `${p.after} 뒤에 멈춘 다음 죽음` },
  stoppedFound: { en: () => 'it paused, then stopped cleanly (a stopping line)', ko: () => '멈춘 뒤 정상 종료함 (stopping 줄)' },
  noPause: { en: () => 'it never paused', ko: () => '멈춘 적이 없음' },
  hintKill9: {
    en: () => 'kill it with kill -9 once it logs paused: a plain kill lets it stop cleanly, which is not a crash',
    ko: () => 'paused가 찍히면 kill -9로 죽이세요. 그냥 kill은 정상 종료라서 장애가 아니에요',
  },
  hintPause: {
    en: () => 'start it with --pause-after at the point the step names, so that you kill it there',
    ko: () => '단계에서 말한 지점의 --pause-after로 띄워서 거기서 죽이세요',
  },
  restartedExpected: {
    en: (p: { name: string; offset: number }) => `${p.name} starts at the group's committed offset ${p.offset} and works through to the end (offset 10)`,
    ko: (p) => `${p.name}이 그룹의 commit 된 offset ${p.offset}에서 시작해 끝(offset 10)까지 처리함`,
  },
  restartedFound: {
    en: (p: { at: string; finished: boolean }) => `it started at ${p.at}${p.finished ? ' and reached 10' : ', and did not reach 10'}`,
    ko: (p) => `${p.at}에서 시작${p.finished ? '해 10에 닿음' : '했지만 10에 닿지 못함'}`,
  },
  hintSameGroup: {
    en: () => 'restart it with exactly the same flags but --pause-after: the same --group and --transactional-id',
    ko: () => '--pause-after만 빼고 똑같은 플래그로 다시 띄우세요. 같은 --group, 같은 --transactional-id로요',
  },
  hintWaitEnd: {
    en: () => 'stop the restarted worker only once its log shows offset 10 committed (or that it started there)',
    ko: () => '재시작한 워커는 로그에 offset 10이 commit 됐다고(또는 거기서 시작했다고) 나온 뒤에 멈추세요',
  },
  outputExpected: {
    en: (p: { file: string }) => `${p.file} holds the output topic read with the console consumer (print.offset=true)`,
    ko: (p) => `${p.file}에 console consumer로 읽은 출력 토픽이 있음 (print.offset=true)`,
  },
  hintOutput: {
    en: (p: { file: string }) => `read the step's output topic from the beginning with kafka-console-consumer and --formatter-property print.offset=true into $WORK/${p.file}`,
    ko: (p) => `단계의 출력 토픽을 kafka-console-consumer로 처음부터, --formatter-property print.offset=true로 읽어 $WORK/${p.file}에 저장하세요`,
  },
  twiceExpected: {
    en: (p: { file: string; ids: string }) => `${p.file} holds every order once, but ${p.ids} twice: what the killed worker wrote after its last commit is written again (at least once)`,
    ko: (p) => `${p.file}에 모든 주문이 한 번씩, 단 ${p.ids}는 두 번 있음: 죽은 워커가 마지막 commit 뒤에 쓴 것을 다시 써요 (at-least-once)`,
  },
  onceExpected: {
    en: (p: { file: string }) => `${p.file} holds every order exactly once (exactly once for a read_committed reader)`,
    ko: (p) => `${p.file}에 모든 주문이 정확히 한 번씩 있음 (read_committed 독자에게 exactly-once)`,
  },
  missing: { en: (p: { ids: string }) => `missing ${p.ids}`, ko: (p) => `빠짐: ${p.ids}` },
  hintReadAfter: {
    en: () => 'read the output only after the restarted worker has finished, and the whole topic (--from-beginning)',
    ko: () => '재시작한 워커가 끝난 뒤에, 토픽 전체를(--from-beginning) 읽으세요',
  },
  stableIdExpected: {
    en: () => 'both runs write in transactions (--commit after-txn) under the same transactional.id',
    ko: () => '두 실행 모두 같은 transactional.id로 트랜잭션 안에서 씀 (--commit after-txn)',
  },
  idsFound: {
    en: (p: { commit: string; a: string; b: string }) => `commit=${p.commit}, transactional.id ${p.a} then ${p.b}`,
    ko: (p) => `commit=${p.commit}, transactional.id ${p.a} 다음 ${p.b}`,
  },
  hintAfterTxn: {
    en: () => 'this step adds one piece: transactions (--commit after-txn with --transactional-id); the offsets stay outside for now',
    ko: () => '이 단계는 하나만 더해요. 트랜잭션(--transactional-id와 --commit after-txn)이에요. offset은 아직 밖에 둬요',
  },
  hintStableId: {
    en: () => 'give the restart the same --transactional-id and no --random-id: only the same id lets it abort what the dead one left open',
    ko: () => '재시작에도 같은 --transactional-id를 주고 --random-id는 빼세요. 같은 id여야 죽은 쪽이 열어 둔 것을 abort 해요',
  },
  hintIsolation: {
    en: () => 'read with --isolation-level read_committed: the console consumer reads read_uncommitted by default, aborted records included',
    ko: () => '--isolation-level read_committed로 읽으세요. console consumer는 기본으로 read_uncommitted라 abort 된 레코드까지 읽어요',
  },
  gapExpected: {
    en: () => 'gap-1 (--commit after-txn) was killed after committing its second transaction, before committing its offsets',
    ko: () => 'gap-1(--commit after-txn)이 두 번째 트랜잭션을 commit 한 뒤, offset을 commit 하기 전에 죽음',
  },
  gapFound: {
    en: (p: { commit: string; committed: number; durable: number }) => `commit=${p.commit}, ${p.committed} transaction(s) committed, offsets committed up to ${p.durable}`,
    ko: (p) => `commit=${p.commit}, 트랜잭션 ${p.committed}개 commit, offset은 ${p.durable}까지 commit`,
  },
  hintGap: {
    en: () => 'pause it right after its second transaction is committed (--pause-after committed:2), then kill it',
    ko: () => '두 번째 트랜잭션을 commit 한 직후에 멈추게 하고(--pause-after committed:2) 죽이세요',
  },
  inTransactionExpected: {
    en: () => 'eos-1 sends its offsets inside each transaction (--commit transaction) and was killed after its second commit',
    ko: () => 'eos-1이 트랜잭션마다 그 안에서 offset을 보내고(--commit transaction), 두 번째 commit 뒤에 죽음',
  },
  inTransactionFound: {
    en: (p: { commit: string; sent: number; committed: number }) => `commit=${p.commit}, ${p.sent} sent-offsets line(s), ${p.committed} transaction(s) committed`,
    ko: (p) => `commit=${p.commit}, sent-offsets 줄 ${p.sent}개, 트랜잭션 ${p.committed}개 commit`,
  },
  hintTransactionMode: {
    en: () => 'run eos with --commit transaction: the input offsets then go into the transaction (sendOffsetsToTransaction) and commit with the output',
    ko: () => 'eos는 --commit transaction으로 실행하세요. 그러면 입력 offset이 트랜잭션 안에 들어가(sendOffsetsToTransaction) 출력과 함께 commit 돼요',
  },
  abortedExpected: {
    en: (p: { file: string; ids: string }) =>
      `${p.file} holds every order once and ${p.ids} a second time: the records of the transaction the restart aborted, which read_uncommitted returns (Kafka: aborted records stay in the log)`,
    ko: (p) => `${p.file}에 모든 주문이 한 번씩, ${p.ids}는 한 번 더 있음: 재시작이 abort 한 트랜잭션의 레코드로, read_uncommitted가 돌려줘요 (Kafka: abort 된 레코드는 로그에 남아요)`,
  },
  hintUncommitted: {
    en: () => "read step 2's output topic again, this time without --isolation-level (the console consumer's default, read_uncommitted)",
    ko: () => '2단계의 출력 토픽을 이번에는 --isolation-level 없이(console consumer의 기본값 read_uncommitted) 다시 읽으세요',
  },
});
