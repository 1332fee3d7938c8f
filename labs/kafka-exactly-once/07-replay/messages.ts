import { defineMessages } from '@kafka-labs/i18n';

/** What 07-replay's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  row: {
    en: (p: { partition: number; committed: string; end: number; holder: string }) => `p${p.partition} committed ${p.committed} of ${p.end}, held by ${p.holder}`,
    ko: (p) => `p${p.partition} commit ${p.committed} / 끝 ${p.end}, 가진 구성원 ${p.holder}`,
  },
  nobody: { en: () => 'nobody', ko: () => '없음' },
  stepLive: {
    en: (p: { group: string; input: string; partitions: number; enriched: string }) =>
      `the live pipeline: group ${p.group} reads ${p.input} (${p.partitions} partitions), writes ${p.enriched}, applies each order through the inbox`,
    ko: (p) => `운영 파이프라인: 그룹 ${p.group} 이 ${p.input}(파티션 ${p.partitions}개)을 읽어 ${p.enriched} 에 쓰고, 주문마다 inbox 를 거쳐 반영`,
  },
  liveProcessed: {
    en: (p: { n: number; group: string }) => `live processed the ${p.n} orders; kafka-consumer-groups --describe --group ${p.group} (group-live.txt)`,
    ko: (p) => `live 가 주문 ${p.n}개를 처리했어요. kafka-consumer-groups --describe --group ${p.group} (group-live.txt)`,
  },
  stepReplay: {
    en: (p: { group: string; topic: string }) => `a replay with the same group.id: replayer joins ${p.group} and writes to ${p.topic}`,
    ko: (p) => `같은 group.id 로 재처리: replayer 가 ${p.group} 에 합류해 ${p.topic} 에 쓴다`,
  },
  liveRebalanced: {
    en: () => 'live logged a rebalance: it gave up partitions to replayer',
    ko: () => 'live 가 리밸런스를 로그에 남겼어요. replayer 에게 파티션을 반납했어요',
  },
  bothRun: {
    en: (p: { group: string }) => `kafka-consumer-groups --describe --group ${p.group} while both run (group-live-replay.txt)`,
    ko: (p) => `둘 다 도는 동안의 kafka-consumer-groups --describe --group ${p.group} (group-live-replay.txt)`,
  },
  resetLive: {
    en: (p: { group: string; code: string }) => `kafka-consumer-groups --reset-offsets --to-earliest --execute --group ${p.group} (exit code ${p.code}, reset-live.txt)`,
    ko: (p) => `kafka-consumer-groups --reset-offsets --to-earliest --execute --group ${p.group} (종료 코드 ${p.code}, reset-live.txt)`,
  },
  replayerConsumed: {
    en: (p: { n: number }) => `   replayer started at the group's committed offsets, already at the end: it consumed ${p.n} orders before it was stopped`,
    ko: (p) => `   replayer 는 이미 끝에 있는 그룹의 commit offset 에서 시작했어요. 멈출 때까지 consume 한 주문은 ${p.n}개예요`,
  },
  replayerLeft: {
    en: () => 'replayer left: live logged a second rebalance and took its partition back',
    ko: () => 'replayer 가 떠났어요. live 가 두 번째 리밸런스를 로그에 남기고 파티션을 돌려받았어요',
  },
  stepBackfill: {
    en: (p: { group: string; topic: string }) => `a dedicated replay group: ${p.group}, reset to the beginning while it has no member, writing to ${p.topic}`,
    ko: (p) => `전용 재처리 그룹: 구성원이 없을 때 처음으로 리셋한 ${p.group} 가 ${p.topic} 에 쓴다`,
  },
  resetBackfill: {
    en: (p: { group: string }) => `kafka-consumer-groups --reset-offsets --to-earliest --execute --group ${p.group} (reset-backfill.txt)`,
    ko: (p) => `kafka-consumer-groups --reset-offsets --to-earliest --execute --group ${p.group} (reset-backfill.txt)`,
  },
  backfilled: {
    en: (p: { n: number; topic: string }) => `backfill replayed ${p.n} orders from offset 0 into ${p.topic} (group-backfill.txt)`,
    ko: (p) => `backfill 이 주문 ${p.n}개를 offset 0 부터 ${p.topic} 로 재처리했어요 (group-backfill.txt)`,
  },
  liveAround: {
    en: (p: { group: string }) => `${p.group} before and after the backfill (group-live-before-backfill.txt, group-live-after-backfill.txt)`,
    ko: (p) => `백필 전후의 ${p.group} (group-live-before-backfill.txt, group-live-after-backfill.txt)`,
  },
  before: { en: (p: { row: string }) => `before: ${p.row}`, ko: (p) => `전: ${p.row}` },
  after: { en: (p: { row: string }) => `after:  ${p.row}`, ko: (p) => `후: ${p.row}` },
  liveMoves: {
    en: (p: { n: number }) => `live's rebalances during the backfill: ${p.n}`,
    ko: (p) => `백필하는 동안 live 의 리밸런스: ${p.n}`,
  },
  stepMerge: {
    en: (p: { topic: string }) => `the merge: ${p.topic} applied to the live database through the same inbox (PGlite serves one process: live stops first)`,
    ko: (p) => `병합: ${p.topic} 를 같은 inbox 를 거쳐 운영 DB 에 반영 (PGlite 는 프로세스 하나만 받아서 live 가 먼저 멈춘다)`,
  },
  databaseLabel: {
    en: () => 'the database before and after the merge (database-live.jsonl, database.jsonl)',
    ko: () => '병합 전후의 DB (database-live.jsonl, database.jsonl)',
  },
  dbBefore: {
    en: (p: { rows: number; inbox: number; orders: number; total: number }) =>
      `before: ${p.rows} order_events rows, ${p.inbox} inbox rows, ${p.orders} orders, applied counters summing to ${p.total}`,
    ko: (p) => `전: order_events ${p.rows}행, inbox ${p.inbox}행, 주문 ${p.orders}개, applied 카운터 합계 ${p.total}`,
  },
  dbMerge: {
    en: (p: { skipped: number; applied: number }) => `merge:  ${p.skipped} skipped (the inbox had them), ${p.applied} applied`,
    ko: (p) => `병합: ${p.skipped}개 건너뜀(inbox 에 있었어요), ${p.applied}개 반영`,
  },
  dbAfter: {
    en: (p: { rows: number; inbox: number; orders: number; total: number }) =>
      `after:  ${p.rows} order_events rows, ${p.inbox} inbox rows, ${p.orders} orders, applied counters summing to ${p.total}`,
    ko: (p) => `후: order_events ${p.rows}행, inbox ${p.inbox}행, 주문 ${p.orders}개, applied 카운터 합계 ${p.total}`,
  },
  noErrorLine: { en: () => 'no error line', ko: () => '오류 줄 없음' },
  closing: {
    en: (p: { live: string; replayed: number; refusal: string; backfill: string; backfilled: number; topic: string; kept: boolean; skipped: number; applied: number }) =>
      [
        `Same group.id: replayer became a member of ${p.live}. The coordinator took a partition from live (revoked, then assigned`,
        `one) and handed it to replayer at the group's committed offset, the end of the log: it replayed ${p.replayed} orders. Rewinding`,
        `the group is refused while it has members ("${p.refusal}...").`,
        `A group of its own (${p.backfill}) can be reset while it is empty: backfill read all ${p.backfilled} orders from offset 0 into`,
        `${p.topic}, and ${p.live} kept its member, its assignment and its offsets (${p.kept ? 'unchanged' : 'CHANGED'}). Merged into the live`,
        `database, every replayed event was already in the inbox: ${p.skipped} skipped, ${p.applied} applied. The separate group protects the live`,
        'pipeline; the inbox makes the replay harmless to the sink.',
      ].join('\n'),
    ko: (p) =>
      [
        `같은 group.id: replayer 는 ${p.live} 의 구성원이 됐어요. 코디네이터가 live 에게서 파티션 하나를 가져와(반납 뒤 하나만 할당)`,
        `그룹의 commit offset, 즉 로그의 끝에서 replayer 에게 넘겼어요. 재처리한 주문은 ${p.replayed}개예요. 구성원이 있는 동안에는`,
        `그룹을 되감을 수 없어요("${p.refusal}...").`,
        `자기만의 그룹(${p.backfill})은 비어 있을 때 리셋할 수 있어요. backfill 은 주문 ${p.backfilled}개를 모두 offset 0 부터 읽어`,
        `${p.topic} 에 썼고, ${p.live} 는 구성원도 할당도 offset 도 그대로였어요(${p.kept ? '변화 없음' : '바뀜'}). 운영 DB 에`,
        `병합하니 재처리한 이벤트가 모두 inbox 에 이미 있었어요: ${p.skipped}개 건너뜀, ${p.applied}개 반영. 별도 그룹은 운영 파이프라인을`,
        '지켜 주고, inbox 는 재처리가 싱크에 해를 끼치지 않게 해 줘요.',
      ].join('\n'),
  },

  nothing: { en: () => 'nothing', ko: () => '없음' },
  noRows: { en: () => 'no rows', ko: () => '행 없음' },
  liveProcessedExpected: {
    en: (p: { n: number; group: string }) => `live consumed and applied each of the ${p.n} orders once, and ${p.group} committed every partition at its end, held by live`,
    ko: (p) => `live 가 주문 ${p.n}개를 하나씩 한 번 consume 하고 반영했고, ${p.group} 는 live 가 가진 모든 파티션을 끝에서 commit 했음`,
  },
  liveProcessedFound: {
    en: (p: { consumed: number; applied: number; rows: string }) => `consumed ${p.consumed}, applied ${p.applied}; group-live.txt: ${p.rows}`,
    ko: (p) => `consume ${p.consumed}, 반영 ${p.applied}; group-live.txt: ${p.rows}`,
  },
  rebalanceExpected: {
    en: (p: { group: string }) =>
      `replayer joined ${p.group}: live logged a revoke and a smaller assignment, replayer was assigned the rest, the describe shows both members`,
    ko: (p) => `replayer 가 ${p.group} 에 합류했음: live 는 반납과 더 작은 할당을 로그에 남겼고, replayer 가 나머지를 받았고, describe 에 두 구성원이 다 보임`,
  },
  rebalanceFound: {
    en: (p: { replayer: string; live: string; share: string; rows: string }) =>
      `replayer assigned [${p.replayer}], live while it ran: ${p.live} [${p.share}]; group-live-replay.txt: ${p.rows}`,
    ko: (p) => `replayer 할당 [${p.replayer}], 그동안 live: ${p.live} [${p.share}]; group-live-replay.txt: ${p.rows}`,
  },
  replaysNothingExpected: {
    en: () => "replayer started at the live group's committed offsets (the end of each partition it got): it consumed and wrote nothing",
    ko: () => 'replayer 는 운영 그룹의 commit offset(받은 파티션마다 그 끝)에서 시작했음: consume 한 것도 쓴 것도 없음',
  },
  replaysNothingFound: {
    en: (p: { rows: string; consumed: number; produced: number }) => `replayer's partitions: ${p.rows}; consumed ${p.consumed}, produced ${p.produced}`,
    ko: (p) => `replayer 의 파티션: ${p.rows}; consume ${p.consumed}, produce ${p.produced}`,
  },
  refusedExpected: {
    en: (p: { group: string }) => `kafka-consumer-groups --reset-offsets was refused on ${p.group} while it had members, and its offsets stayed where they were`,
    ko: (p) => `구성원이 있는 동안 ${p.group} 의 kafka-consumer-groups --reset-offsets 는 거절됐고, offset 은 그대로였음`,
  },
  refusedFound: {
    en: (p: { refusal: string; rows: number; from: string; to: string }) => `${p.refusal}, ${p.rows} NEW-OFFSET rows; offsets ${p.from} -> ${p.to}`,
    ko: (p) => `${p.refusal}, NEW-OFFSET 행 ${p.rows}개; offset ${p.from} -> ${p.to}`,
  },
  refusedState: { en: (p: { state: string }) => `refused (state ${p.state})`, ko: (p) => `거절됨 (상태 ${p.state})` },
  noRefusal: { en: () => 'no refusal line', ko: () => '거절 줄 없음' },
  reclaimsExpected: {
    en: () => 'when replayer left, live logged a second rebalance and held every partition again',
    ko: () => 'replayer 가 떠나자 live 가 두 번째 리밸런스를 로그에 남기고 다시 모든 파티션을 가졌음',
  },
  reclaimsFound: {
    en: (p: { events: string; rows: string }) => `live after replayer stopped: ${p.events}; group-live-before-backfill.txt: ${p.rows}`,
    ko: (p) => `replayer 가 멈춘 뒤 live: ${p.events}; group-live-before-backfill.txt: ${p.rows}`,
  },
  resetAcceptedExpected: {
    en: (p: { group: string }) => `${p.group}, without members, was reset to offset 0 on every partition`,
    ko: (p) => `구성원이 없는 ${p.group} 가 모든 파티션에서 offset 0 으로 리셋됐음`,
  },
  noNewOffsetRows: { en: () => 'no NEW-OFFSET rows', ko: () => 'NEW-OFFSET 행 없음' },
  replaysEverythingExpected: {
    en: (p: { topic: string; group: string }) =>
      `backfill read every order from offset 0 once, wrote each to ${p.topic} once, and ${p.group} committed every partition at its end`,
    ko: (p) => `backfill 이 모든 주문을 offset 0 부터 한 번씩 읽어 ${p.topic} 에 한 번씩 썼고, ${p.group} 는 모든 파티션을 끝에서 commit 했음`,
  },
  replaysEverythingFound: {
    en: (p: { first: string; consumed: number; produced: number; rows: string }) =>
      `first offsets ${p.first}, consumed ${p.consumed}, produced ${p.produced}; group-backfill.txt: ${p.rows}`,
    ko: (p) => `첫 offset ${p.first}, consume ${p.consumed}, produce ${p.produced}; group-backfill.txt: ${p.rows}`,
  },
  untouchedExpected: {
    en: (p: { group: string }) =>
      `while backfill ran, ${p.group} kept its member, its assignment and its offsets: no rebalance in live's log, the same describe before and after`,
    ko: (p) => `backfill 이 도는 동안 ${p.group} 는 구성원도 할당도 offset 도 그대로였음: live 로그에 리밸런스가 없고, 전후 describe 가 같음`,
  },
  untouchedFound: {
    en: (p: { n: number; from: string; to: string }) => `live's rebalances during the backfill: ${p.n}; ${p.from} -> ${p.to}`,
    ko: (p) => `백필하는 동안 live 의 리밸런스: ${p.n}; ${p.from} -> ${p.to}`,
  },
  mergeExpected: {
    en: (p: { n: number }) => `merge read the ${p.n} backfilled orders and the inbox skipped every one (each was applied by live)`,
    ko: (p) => `merge 가 백필한 주문 ${p.n}개를 읽었고 inbox 가 전부 건너뛰었음(모두 live 가 반영했어요)`,
  },
  mergeFound: {
    en: (p: { consumed: number; skipped: number; applied: number; ids: string }) =>
      `consumed ${p.consumed}, skipped ${p.skipped}, applied ${p.applied}${p.ids ? ` (${p.ids})` : ''}`,
    ko: (p) => `consume ${p.consumed}, 건너뜀 ${p.skipped}, 반영 ${p.applied}${p.ids ? ` (${p.ids})` : ''}`,
  },
  unchangedExpected: {
    en: () => 'the database after the merge is row for row the one live left: each order applied once, nothing added or changed',
    ko: () => '병합 뒤의 DB 는 live 가 남긴 것과 행 하나까지 같음: 주문마다 한 번 반영, 더해지거나 바뀐 것 없음',
  },
  unchangedFound: {
    en: (p: { before: number; after: number; changed: number; once: number; n: number }) =>
      `${p.before} rows before, ${p.after} after, ${p.changed} differ; events applied: ${p.once} once of ${p.n}`,
    ko: (p) => `전 ${p.before}행, 후 ${p.after}행, 다른 행 ${p.changed}; 반영된 이벤트: ${p.n}개 중 ${p.once}개가 한 번`,
  },
});
