import { defineMessages } from '@kafka-labs/i18n';

/** What 03-zombie-fencing's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  variant: {
    en: (p: { name: string; randomId: boolean; assign: boolean; stallAfter: string; orders: number; held: boolean }) =>
      `${p.name}: ${p.randomId ? 'a random transactional.id per start' : 'one transactional.id for both'}, ${p.assign ? 'assign()' : 'subscribe()'}; ` +
      (p.held
        ? `a1 stalls after "${p.stallAfter}" (its batch and its offsets in its open transaction), a2 starts, then a1 resumes`
        : `a1 stalls after "${p.stallAfter}" (its transaction open), a2 processes all ${p.orders} orders, then a1 resumes`),
    ko: (p) =>
      `${p.name}: ${p.randomId ? '시작마다 무작위 transactional.id' : '둘이 같은 transactional.id'}, ${p.assign ? 'assign()' : 'subscribe()'}; ` +
      (p.held
        ? `a1은 "${p.stallAfter}" 뒤에 멈추고(배치와 offset이 열린 트랜잭션 안에 있음), a2가 시작한 뒤 a1이 다시 움직임`
        : `a1은 "${p.stallAfter}" 뒤에 트랜잭션을 연 채 멈추고, a2가 주문 ${p.orders}개를 모두 처리한 뒤 a1이 다시 움직임`),
  },
  heldWhile: {
    en: (p: { a2: string; a1: string; seconds: string; started: string; offset: string }) =>
      `   a2 (transactional.id ${p.a2}) asked for the group's committed offsets ${p.seconds} s ago and has no answer yet (starting at: ${p.started})\n` +
      `   while a1 (${p.a1}) stalls with offsets in its open transaction; the group's committed offset as kafka-consumer-groups shows it: ${p.offset}`,
    ko: (p) =>
      `   a2(transactional.id ${p.a2})가 ${p.seconds}초 전에 그룹의 commit 된 offset을 물었는데 아직 답이 없어요(시작 위치: ${p.started}).\n` +
      `   그동안 a1(${p.a1})은 열린 트랜잭션에 offset을 든 채 멈춰 있어요. kafka-consumer-groups 가 보여 주는 그룹의 commit 된 offset: ${p.offset}`,
  },
  notYet: { en: () => 'not yet', ko: () => '아직 없음' },
  takenOver: {
    en: (p: { a2: string; last: number; a1: string; offset: string }) =>
      `   a2 (transactional.id ${p.a2}) processed offsets 0-${p.last} while a1 (${p.a1}) stalled; the group's committed offset: ${p.offset}`,
    ko: (p) => `   a1(${p.a1})이 멈춰 있는 동안 a2(transactional.id ${p.a2})가 offset 0-${p.last}를 처리했어요. 그룹의 commit 된 offset: ${p.offset}`,
  },
  a1Label: { en: (p: { name: string }) => `${p.name}, the stalled instance`, ko: (p) => `${p.name}, 멈췄던 인스턴스` },
  a2Label: { en: (p: { name: string }) => `${p.name}, the instance that took over`, ko: (p) => `${p.name}, 넘겨받은 인스턴스` },
  variantResult: {
    en: (p: { id: string; state: string; epoch: number; before: string; after: string; n: number; twice: string; uncommitted: number }) =>
      `   a1's transactional.id ${p.id}: ${p.state}, epoch ${p.epoch}. Group offset: ${p.before} before a1 resumed, ${p.after} after.\n` +
      `   read_committed output: ${p.n} records, twice: ${p.twice}; read_uncommitted: ${p.uncommitted}.`,
    ko: (p) =>
      `   a1의 transactional.id ${p.id}: ${p.state}, epoch ${p.epoch}. 그룹 offset: a1이 다시 움직이기 전 ${p.before}, 뒤 ${p.after}.\n` +
      `   read_committed 출력: 레코드 ${p.n}개, 두 번: ${p.twice}; read_uncommitted: ${p.uncommitted}개.`,
  },
  protectedFenced: {
    en: () =>
      "   What protected the output: the transaction coordinator: a2 called initTransactions with the same transactional.id, which aborted a1's open\n" +
      "   transaction (ABORT at epoch e+1) and gave a2 epoch e+2; a1's next call carried epoch e and was refused (-144, fatal).",
    ko: () =>
      '   출력을 지킨 것: 트랜잭션 코디네이터예요. a2가 같은 transactional.id로 initTransactions를 부르자 a1의 열린 트랜잭션이\n' +
      '   abort 됐고(epoch e+1의 ABORT), a2는 epoch e+2를 받았어요. epoch e를 든 a1의 다음 호출은 거절됐어요(-144, fatal).',
  },
  protectedNone: {
    en: () =>
      '   What protected the output: none: a1 and a2 were two producers (two transactional.ids) that no coordinator relates, and offsets committed\n' +
      '   without a group generation (assign()) are not checked, so a1 committed its stale batch and an older offset.',
    ko: () =>
      '   출력을 지킨 것: 없어요. a1과 a2는 어떤 코디네이터도 이어 주지 않는 두 프로듀서(transactional.id 둘)였고, 그룹 generation 없이\n' +
      '   (assign()) commit 하는 offset은 검사받지 않아요. 그래서 a1이 낡은 배치와 더 오래된 offset을 commit 했어요.',
  },
  protectedGroup: {
    en: () =>
      "   What protected the output: the group coordinator (KIP-447): sendOffsetsToTransaction carries a1's member id and generation; a1 had been\n" +
      '   removed from the group when a2 took p0, so its offsets were refused (25 or 22) and a1 aborted its own transaction.',
    ko: () =>
      '   출력을 지킨 것: 그룹 코디네이터(KIP-447)예요. sendOffsetsToTransaction은 a1의 member id와 generation을 함께 보내는데, a2가 p0를\n' +
      '   가져갈 때 a1은 그룹에서 빠졌으니 그 offset이 거절됐고(25 또는 22), a1은 자기 트랜잭션을 스스로 abort 했어요.',
  },
  protectedHeld: {
    en: () =>
      "   What protected the output: the stable-offset fetch (KIP-447). a1's open transaction already held offset 5 for the group; a2's fetch of\n" +
      '   the committed offsets (librdkafka 2.15.1 sends require_stable when read_committed) was answered UNSTABLE_OFFSET_COMMIT and asked again\n' +
      "   until a1's transaction ended. a1 committed, a2 started at 5. No copy, although the ids were random and nothing fenced a1.",
    ko: () =>
      '   출력을 지킨 것: 안정된 offset 조회(KIP-447)예요. a1의 열린 트랜잭션이 이미 그룹의 offset 5를 들고 있었어요. a2의 commit 된 offset\n' +
      '   조회(librdkafka 2.15.1은 read_committed면 require_stable을 보내요)는 UNSTABLE_OFFSET_COMMIT 답을 받고, a1의 트랜잭션이 끝날 때까지\n' +
      '   다시 물었어요. a1이 commit 했고 a2는 5에서 시작했어요. id가 무작위이고 아무것도 a1을 펜싱하지 않았는데도 사본은 없어요.',
  },
  summaryRow: {
    en: (p: { name: string; twice: number; before: string; after: string; zombie: string }) =>
      `${p.name.padEnd(21)} twice: ${String(p.twice).padEnd(3)} group offset ${p.before} -> ${p.after}   a1: ${p.zombie}`,
    ko: (p) => `${p.name.padEnd(21)} 두 번: ${String(p.twice).padEnd(3)} 그룹 offset ${p.before} -> ${p.after}   a1: ${p.zombie}`,
  },
  summaryLabel: { en: () => 'read_committed output and the group offset per variant', ko: () => '변형별 read_committed 출력과 그룹 offset' },
  closing: {
    en: () =>
      'Zombie fencing lives in the transactional.id: the coordinator knows one producer per id, and a new instance that\n' +
      'initialises it aborts what the old one left open and raises the epoch, so the old one can no longer write or\n' +
      'commit. A random id per start gives every instance its own producer: nothing connects the zombie to its successor,\n' +
      'and with assign() nothing checks its offsets either: its late commit duplicates a batch and moves the offset back.\n' +
      'With subscribe(), KIP-447 makes the consumer group the fence: offsets sent in a transaction carry the member id\n' +
      'and generation, and a member the group has replaced is refused. Use a stable transactional.id per input partition\n' +
      'set (or per instance) and a subscribed consumer: either protection alone stops this zombie.\n' +
      'The duplicate also needs the zombie to stall before sendOffsetsToTransaction: stalled after it, its transaction\n' +
      "already holds offsets for the group, and the successor's committed-offset fetch (require_stable, KIP-447) waits\n" +
      'until that transaction ends, so the successor never processes the same batch alongside it (random-after-offsets).',
    ko: () =>
      '좀비 펜싱은 transactional.id에 달려 있어요. 코디네이터는 id 하나에 프로듀서 하나만 알고, 그 id로 초기화하는 새\n' +
      '인스턴스는 옛 인스턴스가 열어 둔 트랜잭션을 abort 하고 epoch를 올려요. 그러면 옛 인스턴스는 더 이상 쓰지도 commit 하지도\n' +
      '못해요. 시작마다 무작위 id를 쓰면 인스턴스마다 따로인 프로듀서가 돼서, 좀비와 후임을 이어 주는 게 없어요.\n' +
      'assign()이면 offset을 검사하는 것도 없어서, 늦은 commit이 배치를 중복시키고 offset을 뒤로 돌려놓아요.\n' +
      'subscribe()면 KIP-447 덕분에 컨슈머 그룹이 울타리가 돼요. 트랜잭션으로 보내는 offset에는 member id와 generation이\n' +
      '실리고, 그룹이 교체한 구성원은 거절돼요. 입력 파티션 묶음마다(또는 인스턴스마다) 고정된 transactional.id와 subscribe 한\n' +
      '컨슈머를 쓰세요. 둘 중 하나만 있어도 이 좀비는 막혀요.\n' +
      '중복이 생기려면 좀비가 sendOffsetsToTransaction 전에 멈춰야 해요. 그 뒤에 멈추면 그 트랜잭션이 이미 그룹의 offset을\n' +
      '들고 있어서, 후임의 commit 된 offset 조회(require_stable, KIP-447)가 그 트랜잭션이 끝날 때까지 기다려요. 그래서 후임이\n' +
      '같은 배치를 나란히 처리하는 일이 없어요(random-after-offsets).',
  },

  stalledExpected: {
    en: (p: { stallAfter: string; orders: number }) =>
      `a1 paused after ${p.stallAfter} with its transaction open, and resumed only after a2 had committed offset ${p.orders}`,
    ko: (p) => `a1이 ${p.stallAfter} 뒤에 트랜잭션을 연 채 멈췄고, a2가 offset ${p.orders}를 commit 한 뒤에야 다시 움직임`,
  },
  stalledFound: {
    en: (p: { paused: 'open' | 'outside' | 'never'; resumed: string; orders: number; done: string }) =>
      `a1 paused: ${{ open: 'in an open transaction', outside: 'outside a transaction', never: 'never' }[p.paused]}; resumed ${p.resumed}; a2 committed offset ${p.orders} ${p.done}`,
    ko: (p) =>
      `a1 멈춤: ${{ open: '열린 트랜잭션 안', outside: '트랜잭션 밖', never: '없음' }[p.paused]}; 다시 움직임 ${p.resumed}; a2의 offset ${p.orders} commit ${p.done}`,
  },
  never: { en: () => 'never', ko: () => '없음' },
  stalledHeldExpected: {
    en: (p: { stallAfter: string }) =>
      `a1 paused after ${p.stallAfter} with its transaction open, and a2 asked for the committed offsets before a1 resumed and had no answer until then`,
    ko: (p) => `a1이 ${p.stallAfter} 뒤에 트랜잭션을 연 채 멈췄고, a2가 a1이 다시 움직이기 전에 commit 된 offset을 물었으며 그때까지 답을 받지 못함`,
  },
  stalledHeldFound: {
    en: (p: { paused: 'open' | 'outside' | 'never'; asked: string; resumed: string; started: string }) =>
      `a1 paused: ${{ open: 'in an open transaction', outside: 'outside a transaction', never: 'never' }[p.paused]}; a2 asked ${p.asked}; a1 resumed ${p.resumed}; a2 starting at ${p.started}`,
    ko: (p) =>
      `a1 멈춤: ${{ open: '열린 트랜잭션 안', outside: '트랜잭션 밖', never: '없음' }[p.paused]}; a2가 물음 ${p.asked}; a1 다시 움직임 ${p.resumed}; a2 시작 ${p.started}`,
  },
  heldExpected: {
    en: () =>
      "a2's committed-offset fetch was held until a1's transaction ended (librdkafka 2.15.1's require_stable fetch, the broker's UNSTABLE_OFFSET_COMMIT): a2 got its starting offset only after a1's commit, and it is the offset a1 sent in that transaction",
    ko: () =>
      'a2의 commit 된 offset 조회가 a1의 트랜잭션이 끝날 때까지 붙잡혔음(librdkafka 2.15.1의 require_stable 조회, 브로커의 UNSTABLE_OFFSET_COMMIT): a2는 a1이 commit 한 뒤에야 시작 offset을 받았고, 그것은 a1이 그 트랜잭션에서 보낸 offset임',
  },
  heldFound: {
    en: (p: { asked: string; committed: string; started: string; offsets: string; sent: string; held: string }) =>
      `a2 asked ${p.asked}, a1 committed ${p.committed}, a2 starting at ${p.offsets} ${p.started} (held ${p.held} s); a1 sent ${p.sent}`,
    ko: (p) => `a2가 물음 ${p.asked}, a1 commit ${p.committed}, a2가 ${p.offsets}에서 시작 ${p.started} (${p.held}초 붙잡힘); a1이 보낸 것 ${p.sent}`,
  },
  heldOutcomeExpected: {
    en: () => 'a1 resumed and committed its transaction (its batch and its offsets) without an error',
    ko: () => 'a1이 다시 움직여 트랜잭션(배치와 offset)을 오류 없이 commit 함',
  },
  copiesHeld: {
    en: (p: { batch: string }) => `read_committed output: every order once, a1's batch (${p.batch}) written by a1 and the rest by a2`,
    ko: (p) => `read_committed 출력: 모든 주문이 한 번씩, a1의 배치(${p.batch})는 a1이, 나머지는 a2가 씀`,
  },
  offsetHeld: {
    en: (p: { orders: number }) => `no committed offset for the group while a1's offsets were pending in its transaction, ${p.orders} at the end`,
    ko: (p) => `a1의 offset이 트랜잭션 안에서 대기하는 동안 그룹의 commit 된 offset은 없고, 끝에 ${p.orders}`,
  },
  epochsHeld: {
    en: () => "librdkafka 2.15.1 (transactions v1): a1's batch ends in a COMMIT at its own epoch e, before a2's batches: nobody bumped a1's epoch",
    ko: () => 'librdkafka 2.15.1(트랜잭션 v1): a1의 배치는 자기 epoch e의 COMMIT으로 끝나고 a2의 배치보다 앞섬: 아무도 a1의 epoch를 올리지 않음',
  },
  idsDifferent: { en: () => 'a1 and a2 started with different (random) transactional.ids', ko: () => 'a1과 a2가 서로 다른(무작위) transactional.id로 시작함' },
  idsSame: { en: () => 'a1 and a2 started with the same transactional.id', ko: () => 'a1과 a2가 같은 transactional.id로 시작함' },
  fencedExpected: {
    en: () => "a1's first call after it resumed failed fatally with _FENCED (-144) and it committed nothing",
    ko: () => '다시 움직인 a1의 첫 호출이 _FENCED (-144)로 fatal 실패했고, 아무것도 commit 하지 못함',
  },
  lateExpected: {
    en: () => 'a1 resumed, sent its stale offsets and committed its transaction without an error (the late commit)',
    ko: () => 'a1이 다시 움직여 낡은 offset을 보내고 오류 없이 트랜잭션을 commit 함(늦은 commit)',
  },
  groupFencedExpected: {
    en: () =>
      "a1's sendOffsetsToTransaction was refused by the group with UNKNOWN_MEMBER_ID (25) or ILLEGAL_GENERATION (22), then a1 aborted its transaction and committed nothing",
    ko: () => 'a1의 sendOffsetsToTransaction을 그룹이 UNKNOWN_MEMBER_ID (25)나 ILLEGAL_GENERATION (22)로 거절했고, a1은 트랜잭션을 abort 하고 아무것도 commit 하지 않음',
  },
  outcomeFound: { en: (p: { calls: string }) => `after resuming: ${p.calls}`, ko: (p) => `다시 움직인 뒤: ${p.calls}` },
  nothing: { en: () => 'nothing', ko: () => '없음' },
  copiesLate: {
    en: (p: { batch: string }) => `read_committed output: a1's late batch (${p.batch}) twice, every other order once`,
    ko: (p) => `read_committed 출력: a1의 늦은 배치(${p.batch})는 두 번, 나머지 주문은 한 번씩`,
  },
  copiesOnce: { en: () => "read_committed output: every order once (a2's), nothing of a1", ko: () => 'read_committed 출력: 모든 주문이 한 번씩(a2의 것), a1의 것은 없음' },
  uncommittedEqual: {
    en: () => "read_uncommitted output equals read_committed: a1's transaction was committed",
    ko: () => 'read_uncommitted 출력이 read_committed와 같음: a1의 트랜잭션이 commit 됐음',
  },
  uncommittedGhosts: {
    en: () => "read_uncommitted output holds read_committed's records plus a1's aborted batch",
    ko: () => 'read_uncommitted 출력은 read_committed의 레코드에 a1의 abort 된 배치를 더한 것',
  },
  uncommittedFound: {
    en: (p: { uncommitted: number; committed: number; a1: number }) => `read_uncommitted ${p.uncommitted} records, read_committed ${p.committed}, a1 wrote ${p.a1}`,
    ko: (p) => `read_uncommitted 레코드 ${p.uncommitted}개, read_committed ${p.committed}개, a1이 쓴 것 ${p.a1}개`,
  },
  offsetBack: {
    en: (p: { orders: number }) => `the group's committed offset was ${p.orders} when a1 resumed and moved BACK to a1's stale offset after its late commit`,
    ko: (p) => `a1이 다시 움직일 때 그룹의 commit 된 offset은 ${p.orders}였고, a1의 늦은 commit 뒤 a1의 낡은 offset으로 뒤로 감`,
  },
  offsetStays: {
    en: (p: { orders: number }) => `the group's committed offset was ${p.orders} when a1 resumed and stayed there`,
    ko: (p) => `a1이 다시 움직일 때 그룹의 commit 된 offset은 ${p.orders}였고 그대로 있음`,
  },
  offsetFound: {
    en: (p: { before: string; end: string; sent: string | null }) => `before a1 resumed ${p.before}, at the end ${p.end}${p.sent === null ? '' : `, a1 sent ${p.sent}`}`,
    ko: (p) => `a1이 다시 움직이기 전 ${p.before}, 끝에 ${p.end}${p.sent === null ? '' : `, a1이 보낸 것 ${p.sent}`}`,
  },
  epochsFenced: {
    en: () =>
      "librdkafka 2.15.1 (transactions v1): a1's batch at epoch e ends in an ABORT at e+1 (written by the coordinator for a2's initTransactions); a2 writes at e+2",
    ko: () => 'librdkafka 2.15.1(트랜잭션 v1): epoch e인 a1의 배치는 e+1의 ABORT로 끝나고(a2의 initTransactions 때문에 코디네이터가 씀), a2는 e+2로 씀',
  },
  epochsLate: {
    en: () =>
      "librdkafka 2.15.1 (transactions v1): a1's batch ends in a COMMIT at its own epoch e, the last batch of the log (after all of a2's): nobody bumped a1's epoch",
    ko: () => 'librdkafka 2.15.1(트랜잭션 v1): a1의 배치는 자기 epoch e의 COMMIT으로 끝나고, 그것이 로그의 마지막 배치(a2의 것 모두 뒤): 아무도 a1의 epoch를 올리지 않음',
  },
  epochsGroup: {
    en: () => "librdkafka 2.15.1 (transactions v1): a1's batch ends in an ABORT at its own epoch e (a1 aborted it itself; no coordinator fenced its producer)",
    ko: () => 'librdkafka 2.15.1(트랜잭션 v1): a1의 배치는 자기 epoch e의 ABORT로 끝남(a1이 스스로 abort 했고, 어떤 코디네이터도 프로듀서를 펜싱하지 않음)',
  },
  epochsFound: {
    en: (p: { e: string; marker: string; last: boolean; a2: string; described: string }) =>
      `a1's batch at e=${p.e}; its marker: ${p.marker}${p.last ? ' (last batch)' : ''}; a2's batches at ${p.a2}; kafka-transactions epoch of a1's id ${p.described}`,
    ko: (p) => `a1의 배치 e=${p.e}; 그 마커: ${p.marker}${p.last ? ' (마지막 배치)' : ''}; a2의 배치 epoch ${p.a2}; a1 id의 kafka-transactions epoch ${p.described}`,
  },
});
