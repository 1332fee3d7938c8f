import { defineMessages } from '@kafka-labs/i18n';

/** What 10-commit-in-handler's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  stepCommit: {
    en: (p: { at: number }) => `commit: processing offset ${p.at} throws, and the exception handler commits the offset anyway and goes on`,
    ko: (p) => `commit: offset ${p.at} 을 처리하다 예외가 나고, 예외 핸들러가 그래도 offset 을 commit 한 뒤 계속 가요`,
  },
  stepStop: {
    en: (p: { at: number }) => `stop: processing offset ${p.at} throws, and the handler stops the worker without a commit`,
    ko: (p) => `stop: offset ${p.at} 을 처리하다 예외가 나고, 핸들러는 commit 하지 않고 워커를 멈춰요`,
  },
  recordsIn: {
    en: (p: { n: number; topic: string; at: number }) =>
      `   ${p.n} records in ${p.topic}; the worker (librdkafka, enable.auto.commit=false) commits (commitSync) after each record it processed; offset ${p.at} throws`,
    ko: (p) =>
      `   ${p.topic} 에 레코드 ${p.n}개가 있어요. 워커(librdkafka, enable.auto.commit=false)는 레코드를 처리할 때마다 commit(commitSync)해요. offset ${p.at} 에서 예외가 나요`,
  },
  firstDone: {
    en: (p: { v: string; code: number; processed: string; failed: string }) =>
      `   ${p.v}-1 exited with code ${p.code}: processed ${p.processed}; failed ${p.failed}`,
    ko: (p) => `   ${p.v}-1 이 끝났어요(종료 코드 ${p.code}). 처리한 offset: ${p.processed}, 실패한 offset: ${p.failed}`,
  },
  handlerCommitted: {
    en: (p: { v: string; at: number }) =>
      `   its handler committed p0=${p.at + 1} right after the failure, logged the record as skipped, and went on with the rest`,
    ko: (p) => `   핸들러가 실패 직후 commit(p0=${p.at + 1})하고, 그 레코드를 건너뜀(skipped)으로 남긴 뒤 나머지를 계속 처리했어요`,
  },
  handlerStopped: {
    en: (p: { v: string }) => `   its handler committed nothing past the failed record: ${p.v}-1 left the group and exited`,
    ko: (p) => `   핸들러는 실패한 레코드를 넘어서 commit 하지 않았어요. ${p.v}-1 은 그룹을 떠나고 종료했어요`,
  },
  committedNow: {
    en: (p: { committed: string }) => `   kafka-consumer-groups --describe: the group's committed offset is ${p.committed}`,
    ko: (p) => `   kafka-consumer-groups --describe: 그룹의 commit offset: ${p.committed}`,
  },
  secondProcessed: {
    en: (p: { v: string; from: number; offsets: string }) =>
      `   ${p.v}-2 (same group, the cause of the failure fixed) started at the committed offset ${p.from} and processed ${p.offsets}`,
    ko: (p) => `   ${p.v}-2(같은 그룹, 실패 원인은 고쳐짐)는 commit offset ${p.from} 에서 시작했어요. 처리한 offset: ${p.offsets}`,
  },
  secondNothing: {
    en: (p: { v: string; from: number }) =>
      `   ${p.v}-2 (same group, the cause of the failure fixed) started at the committed offset ${p.from}, the end: nothing left to process`,
    ko: (p) => `   ${p.v}-2(같은 그룹, 실패 원인은 고쳐짐)는 commit offset ${p.from}, 곧 끝에서 시작했어요. 처리할 것이 남아 있지 않아요`,
  },
  none: { en: () => 'none', ko: () => '없음' },
  tally: {
    en: (p: { v: string; n: number }) => `${p.v}: what became of the ${p.n} records`,
    ko: (p) => `${p.v}: 레코드 ${p.n}개가 어떻게 됐나`,
  },
  processedLine: { en: (p: { offsets: string }) => `processed:        ${p.offsets}`, ko: (p) => `처리됨:        ${p.offsets}` },
  neverLine: { en: (p: { offsets: string }) => `never processed:  ${p.offsets}`, ko: (p) => `처리 안 됨:    ${p.offsets}` },
  committedEnd: { en: (p: { committed: string }) => `committed offset: ${p.committed}`, ko: (p) => `commit offset: ${p.committed}` },
  closing: {
    en: (p: { at: number; n: number }) =>
      [
        `An offset commit tells the group "everything before this is done". The handler that committed after offset ${p.at}`,
        `threw said so of a record that was not done: the group moved past it, and no restart and no other member`,
        `will ever read it again. That is the consumer's contract in every client (librdkafka here, the Java consumer, kafkajs):`,
        'a group resumes at its committed offset. The handler that did not commit left the group at the failed record, so',
        'the next worker of the group read it again and processed it. Without a retry that can succeed, send such a record to',
        'a dead-letter topic first and commit after that: then its offset is really done.',
      ].join('\n'),
    ko: (p) =>
      [
        `offset commit 은 그룹에게 "이 앞은 모두 처리됐다" 고 알리는 일이에요. offset ${p.at} 에서 예외가 난 뒤에 commit 한 핸들러는`,
        '처리되지 않은 레코드를 처리됐다고 말한 셈이에요. 그룹은 그 레코드를 지나갔고, 재시작해도 다른 구성원이 와도 다시는 읽지 않아요.',
        '어느 클라이언트든(여기서는 librdkafka, Java 컨슈머, kafkajs 도) 같은 컨슈머의 약속이에요. 그룹은 commit offset 에서 다시 시작해요.',
        'commit 하지 않은 핸들러는 그룹을 실패한 레코드에 남겨 뒀고, 그래서 그룹의 다음 워커가 그 레코드를 다시 읽어 처리했어요.',
        '성공할 수 있는 재시도가 없다면, 그런 레코드는 먼저 dead-letter 토픽에 보낸 뒤 commit 하세요. 그래야 그 offset 이 정말 처리된 거예요.',
      ].join('\n'),
  },

  failsAtExpected: {
    en: (p: { v: string; at: number }) => `${p.v}-1 processed offsets 0-${p.at - 1} in order, then processing offset ${p.at} threw (--fail-at ${p.at})`,
    ko: (p) => `${p.v}-1 이 offset 0-${p.at - 1} 까지 차례로 처리한 뒤, offset ${p.at} 처리에서 예외가 남(--fail-at ${p.at})`,
  },
  failsAtFound: {
    en: (p: { before: string; failed: string }) => `processed before the failure: ${p.before}; failed: ${p.failed}`,
    ko: (p) => `실패 전에 처리: ${p.before}; 실패: ${p.failed}`,
  },
  handlerCommitsExpected: {
    en: (p: { at: number }) => `commit-1's exception handler committed p0=${p.at + 1} (past the failed record), skipped it and processed the rest`,
    ko: (p) => `commit-1 의 예외 핸들러가 실패한 레코드 너머까지 commit(p0=${p.at + 1})하고, 그 레코드를 건너뛴 뒤 나머지를 처리함`,
  },
  handlerCommitsFound: {
    en: (p: { commit: string; after: string }) => `first commit after the failure: ${p.commit}; processed after it: ${p.after}`,
    ko: (p) => `실패 뒤 첫 commit: ${p.commit}; 그 뒤에 처리: ${p.after}`,
  },
  handlerStopsExpected: {
    en: (p: { at: number }) => `stop-1 stopped at the failed record ('stopping: failed p0 offset ${p.at}') and never committed past it`,
    ko: (p) => `stop-1 은 실패한 레코드에서 멈췄고('stopping: failed p0 offset ${p.at}') 그 너머로 commit 한 적이 없음`,
  },
  handlerStopsFound: {
    en: (p: { stopping: string; last: string }) => `stopping: ${p.stopping}; last commit: ${p.last}`,
    ko: (p) => `stopping: ${p.stopping}; 마지막 commit: ${p.last}`,
  },
  pastExpected: {
    en: (p: { n: number }) =>
      `the consumer's contract (any client): once commit-1 stopped, the group's committed offset was ${p.n}, past the failed record, as if it were done`,
    ko: (p) => `컨슈머의 약속(어느 클라이언트든): commit-1 이 멈춘 뒤 그룹의 commit offset(${p.n})은 실패한 레코드를 지나 있었음. 처리된 것처럼`,
  },
  atFailureExpected: {
    en: (p: { at: number }) => `the consumer's contract (any client): once stop-1 stopped, the group's committed offset was ${p.at}, the failed record itself`,
    ko: (p) => `컨슈머의 약속(어느 클라이언트든): stop-1 이 멈춘 뒤 그룹의 commit offset 은 실패한 레코드 자신(${p.at})이었음`,
  },
  committedFound: { en: (p: { committed: string }) => `committed: ${p.committed}`, ko: (p) => `commit offset: ${p.committed}` },
  resumesExpected: {
    en: (p: { v: string }) => `the consumer's contract (any client): ${p.v}-2, a new member of the same group, began at the committed offset`,
    ko: (p) => `컨슈머의 약속(어느 클라이언트든): 같은 그룹의 새 구성원 ${p.v}-2 는 commit offset 에서 시작함`,
  },
  resumesFound: {
    en: (p: { committed: string; first: string }) => `committed: ${p.committed}; first offset processed: ${p.first}`,
    ko: (p) => `commit offset: ${p.committed}; 처음 처리한 offset: ${p.first}`,
  },
  lostExpected: {
    en: (p: { at: number }) => `offset ${p.at} was processed by no worker of the group, every other record once: the record is lost`,
    ko: (p) => `offset ${p.at} 은 그룹의 어느 워커도 처리하지 않았고, 다른 레코드는 모두 한 번씩 처리됨: 그 레코드는 유실됨`,
  },
  retriedExpected: {
    en: (p: { at: number }) => `stop-2 processed offset ${p.at} on the retry, and every record was processed once: nothing lost`,
    ko: (p) => `stop-2 가 재시도에서 offset ${p.at} 을 처리했고, 모든 레코드가 한 번씩 처리됨: 유실 없음`,
  },
  countsFound: {
    en: (p: { never: string; twice: string; retried: string }) => `never processed: ${p.never}; processed twice: ${p.twice}; processed by the second worker: ${p.retried}`,
    ko: (p) => `처리 안 됨: ${p.never}; 두 번 처리: ${p.twice}; 두 번째 워커가 처리: ${p.retried}`,
  },
  endExpected: {
    en: (p: { v: string; n: number }) => `the group's committed offset is ${p.n}, the end of the topic, once ${p.v}-2 stopped`,
    ko: (p) => `${p.v}-2 가 멈춘 뒤 그룹의 commit offset 은 토픽의 끝(${p.n})`,
  },
  lostHint: {
    en: () => 'commit only what is done: in the error path, stop (the record is read again) or hand the record to a dead-letter topic first and commit after that',
    ko: () => 'commit 은 처리가 끝난 것만: 오류 경로에서는 멈추거나(레코드를 다시 읽음), 레코드를 먼저 dead-letter 토픽에 넘긴 뒤 commit 하세요',
  },
});
