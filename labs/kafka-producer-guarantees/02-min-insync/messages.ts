import { defineMessages } from '@kafka-labs/i18n';

/** What 02-min-insync's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  create: {
    en: (p: { topics: string; replicas: string }) => `Create ${p.topics}, replicas ${p.replicas}`,
    ko: (p) => `토픽 만들기: ${p.topics}, 레플리카 ${p.replicas}`,
  },
  sendA: {
    en: (p: { address: string; config: string }) => `Send A to each, bootstrapping from L (${p.address}): ${p.config}`,
    ko: (p) => `토픽마다 A 보내기, L 로 bootstrap(${p.address}): ${p.config}`,
  },
  stopFollowers: {
    en: () => 'Stop both followers cleanly (SIGTERM: a controlled shutdown), and wait until L is the only in-sync replica',
    ko: () => '두 팔로워를 정상 종료(SIGTERM: controlled shutdown)하고, L 이 유일한 ISR 이 될 때까지 기다리기',
  },
  stopped: { en: (p: { node: number }) => `   node ${p.node} stopped`, ko: (p) => `   노드 ${p.node} 종료` },
  sendB: { en: () => 'Send B to each', ko: () => '토픽마다 B 보내기' },
  refusals: {
    en: (p: { n: number; variant: string }) => `the broker refused B ${p.n} times on ${p.variant} (${p.variant}.log, debug=msg; the first 3)`,
    ko: (p) => `브로커가 ${p.variant} 에서 B 를 ${p.n}번 거절함(${p.variant}.log, debug=msg, 처음 3개)`,
  },
  watermarks: { en: () => 'high watermarks with L alone in sync', ko: () => 'L 혼자 ISR 일 때의 high watermark' },
  explainB: {
    en: () =>
      '   minisr2 (acks=all): L refuses B before appending it (NOT_ENOUGH_REPLICAS, which librdkafka marks MsgNotPersisted);\n' +
      '   the client retries until message.timeout.ms and reports _MSG_TIMED_OUT. minisr1 (acks=all): an ISR of one is\n' +
      '   enough, so B is acknowledged and committed: the high watermark moves to 2 with a single copy. acks1 (acks=1 on a\n' +
      '   min.insync.replicas=2 topic): L acknowledges B at offset 1, but the high watermark stays 1: with the ISR below\n' +
      '   min.insync.replicas the leader does not advance it, so B is acknowledged and not committed.',
    ko: () =>
      '   minisr2(acks=all): L 은 B 를 덧붙이기 전에 거절해요(NOT_ENOUGH_REPLICAS, librdkafka 는 MsgNotPersisted 로 표시).\n' +
      '   클라이언트는 message.timeout.ms 까지 재시도하고 _MSG_TIMED_OUT 을 알려요. minisr1(acks=all): ISR 이 하나여도\n' +
      '   충분해서 B 는 응답받고 commit 돼요. 사본 하나로 high watermark 가 2 로 올라가요. acks1(min.insync.replicas=2\n' +
      '   토픽에 acks=1): L 은 B 에 offset 1 로 응답하지만 high watermark 는 1 에 머물러요. ISR 이 min.insync.replicas\n' +
      '   보다 작으면 리더가 high watermark 를 올리지 않아서, B 는 응답받았지만 commit 되지 않은 거예요.',
  },
  killLeader: {
    en: () => 'Kill L (SIGKILL), restart both followers, and wait until L is fenced',
    ko: () => 'L 죽이기(SIGKILL), 두 팔로워 재시작, L 이 펜싱될 때까지 기다리기',
  },
  describe: {
    en: () => 'kafka-topics --describe with L dead (Elr: the eligible leader replicas)',
    ko: () => 'L 이 죽은 뒤의 kafka-topics --describe(Elr: 리더가 될 자격이 있는 레플리카)',
  },
  explainElection: {
    en: () =>
      '   unclean.leader.election.enable is false (the default), so only a clean election may happen. Since KIP-966 the\n' +
      '   controller keeps, beside the ISR, the Eligible Leader Replicas (ELR): replicas that left the ISR while it shrank\n' +
      '   below min.insync.replicas. The high watermark does not move while the ISR is that small, so they hold every\n' +
      '   committed record and may lead cleanly when the last ISR member dies. minisr2 and acks1: a follower from the ELR\n' +
      '   leads, without B. minisr1: its ISR of L alone never went below min.insync.replicas=1 while the followers were\n' +
      '   away, so neither of them is eligible; with L fenced the ISR is empty, the ELR holds L alone, and the partition has\n' +
      '   no leader (-1) until L returns. Only a forced unclean election (kafka-leader-election --election-type unclean)\n' +
      '   would lead it without B.',
    ko: () =>
      '   unclean.leader.election.enable 은 false(기본값)라서 clean 선출만 일어날 수 있어요. KIP-966 부터 컨트롤러는 ISR\n' +
      '   옆에 ELR(Eligible Leader Replicas)을 둬요. ISR 이 min.insync.replicas 아래로 줄어들 때 ISR 에서 빠진 레플리카예요.\n' +
      '   ISR 이 그만큼 작으면 high watermark 가 움직이지 않으니, 이 레플리카들은 commit 된 레코드를 모두 갖고 있어서\n' +
      '   마지막 ISR 구성원이 죽었을 때 clean 하게 리더가 될 수 있어요. minisr2 와 acks1: ELR 의 팔로워가 B 없이 리더가 돼요.\n' +
      '   minisr1: 팔로워가 없는 동안 L 혼자인 ISR 은 min.insync.replicas=1 아래로 내려간 적이 없어서, 두 팔로워 모두 자격이\n' +
      '   없어요. L 이 펜싱되면 ISR 은 비고 ELR 에는 L 만 남아서, 파티션은 L 이 돌아올 때까지 리더가 없어요(-1). 강제로\n' +
      '   unclean 선출을 해야만(kafka-leader-election --election-type unclean) B 없이 리더가 생겨요.',
  },
  restartLeader: {
    en: () => 'Restart L and wait until every replica is back in sync',
    ko: () => 'L 재시작, 모든 레플리카가 다시 동기화될 때까지 기다리기',
  },
  dump: { en: () => 'Dump every replica', ko: () => '모든 레플리카 덤프' },
  closing: {
    en: () =>
      'With two of three replicas down, min.insync.replicas decides what acks=all means: with 2 the write is refused and\n' +
      'nothing is acknowledged that could be lost; with 1 the leader acknowledges and commits B on its own copy. That is\n' +
      'not acks=1 when the leader then dies: acks=1 to a leader whose ISR is itself (min.insync.replicas=2) was told an\n' +
      'offset for a record that was never committed, and a clean election of an eligible follower lost it. acks=all with\n' +
      'min.insync.replicas=1 committed B, so no replica without it could be elected: the partition stayed offline until L\n' +
      'returned with B. It would lose B only to a forced unclean election.',
    ko: () =>
      '세 레플리카 중 둘이 내려가면 acks=all 의 의미는 min.insync.replicas 가 정해요. 2 면 쓰기가 거절돼서 나중에 유실될 수\n' +
      '있는 걸 응답하지 않아요. 1 이면 리더가 자기 사본 하나로 B 에 응답하고 commit 해요. 그렇다고 리더가 죽었을 때 acks=1 과\n' +
      '같지는 않아요. ISR 이 자기 혼자인 리더(min.insync.replicas=2)에 acks=1 로 보낸 레코드는 offset 을 받았지만 commit 된\n' +
      '적이 없고, 자격 있는 팔로워의 clean 선출로 유실됐어요. min.insync.replicas=1 의 acks=all 은 B 를 commit 했기 때문에\n' +
      'B 가 없는 레플리카는 리더로 뽑힐 수 없었어요. 파티션은 L 이 B 를 들고 돌아올 때까지 오프라인이었어요. B 를 잃는 건\n' +
      '강제로 unclean 선출을 할 때뿐이에요.',
  },

  aExpected: {
    en: () => 'with three replicas in sync, A was acknowledged at offset 0',
    ko: () => '레플리카 셋이 모두 동기화된 상태에서 A 가 offset 0 으로 응답받음',
  },
  isrOneExpected: {
    en: (p: { leader: number }) => `with both followers stopped, L (node ${p.leader}) led and was the only in-sync replica when B was sent`,
    ko: (p) => `두 팔로워가 종료된 뒤 B 를 보낼 때 L(노드 ${p.leader})이 리더이자 유일한 ISR 이었음`,
  },
  moment: {
    en: (p: { leader: number; isr: string }) => `leader ${p.leader} isr [${p.isr}]`,
    ko: (p) => `리더 ${p.leader}, isr [${p.isr}]`,
  },
  refusedExpected: {
    en: (p: { error: string; timeout: string }) =>
      `acks=all with min.insync.replicas=2 and one replica in sync: the broker answered "${p.error}" (the client's action: MsgNotPersisted) and the client gave B up (${p.timeout})`,
    ko: (p) =>
      `min.insync.replicas=2, ISR 하나에 acks=all: 브로커가 "${p.error}" 로 답했고(클라이언트의 action: MsgNotPersisted) 클라이언트는 B 를 포기함(${p.timeout})`,
  },
  refusedFound: {
    en: (p: { told: string; n: number }) => `${p.told}; ${p.n} refused attempt(s) in the debug lines`,
    ko: (p) => `${p.told}, debug 줄에 거절된 시도 ${p.n}건`,
  },
  refusedHint: {
    en: () => 'the refusal is visible only with debug=msg: librdkafka retries it and reports the timeout',
    ko: () => '거절은 debug=msg 로만 보여요. librdkafka 는 재시도하고 타임아웃을 알려요',
  },
  nothingStoredExpected: {
    en: () => 'B was refused before it was appended: the high watermark stayed 1 and every replica holds only A',
    ko: () => 'B 는 덧붙이기 전에 거절됨: high watermark 는 1 에 머물렀고 모든 레플리카에 A 만 있음',
  },
  hwFound: {
    en: (p: { hw: string; rest: string }) => `high watermark ${p.hw}; ${p.rest}`,
    ko: (p) => `high watermark ${p.hw}, ${p.rest}`,
  },
  toldHw: {
    en: (p: { told: string; hw: string }) => `${p.told}; high watermark ${p.hw}`,
    ko: (p) => `${p.told}, high watermark ${p.hw}`,
  },
  committedExpected: {
    en: () => 'acks=all with min.insync.replicas=1 and one replica in sync: L acknowledged B at offset 1 and committed it (high watermark 2)',
    ko: () => 'min.insync.replicas=1, ISR 하나에 acks=all: L 이 B 에 offset 1 로 응답하고 commit 함(high watermark 2)',
  },
  offlineExpected: {
    en: () => 'with L dead and the followers back, no follower was eligible: the partition had no leader (-1), waiting for L',
    ko: () => 'L 이 죽고 팔로워가 돌아왔을 때 자격 있는 팔로워가 없음: 파티션은 리더 없이(-1) L 을 기다림',
  },
  offlineHint: {
    en: () => 'the ISR of L alone never went below min.insync.replicas=1, so no follower entered the ELR',
    ko: () => 'L 혼자인 ISR 이 min.insync.replicas=1 아래로 간 적이 없어서 ELR 에 들어간 팔로워가 없어요',
  },
  copiedExpected: {
    en: () => 'once L returned, every replica holds A and B: the committed B survived the leader\'s death',
    ko: () => 'L 이 돌아온 뒤 모든 레플리카에 A 와 B 가 있음: commit 된 B 는 리더가 죽어도 살아남음',
  },
  notCommittedExpected: {
    en: () => 'acks=1 on a min.insync.replicas=2 topic with one replica in sync: L acknowledged B at offset 1, and the high watermark stayed 1 (not committed)',
    ko: () => 'min.insync.replicas=2 토픽, ISR 하나에 acks=1: L 이 B 에 offset 1 로 응답했지만 high watermark 는 1 에 머묾(commit 안 됨)',
  },
  electedExpected: {
    en: (p: { leader: number }) => `with L (node ${p.leader}) dead, a follower outside the last ISR was elected cleanly: it was an eligible leader replica (ELR)`,
    ko: (p) => `L(노드 ${p.leader})이 죽자 마지막 ISR 밖의 팔로워가 clean 선출로 리더가 됨: ELR 에 있던 레플리카`,
  },
  electedHint: {
    en: () => 'topics-leader-dead.txt is kafka-topics --describe at that moment, with its Elr and LastKnownElr columns',
    ko: () => 'topics-leader-dead.txt 는 그 시점의 kafka-topics --describe 출력이고, Elr 와 LastKnownElr 칸이 있어요',
  },
  lostExpected: {
    en: () => 'the acknowledged B is lost: L cut its log back to offset 1 on rejoining and every replica holds only A',
    ko: () => '응답받은 B 가 유실됨: L 이 다시 합류하면서 로그를 offset 1 까지 잘라 냈고 모든 레플리카에 A 만 있음',
  },
  lostFound: {
    en: (p: { truncated: string; replicas: string }) => `truncated to ${p.truncated}; ${p.replicas}`,
    ko: (p) => `잘라 낸 위치 ${p.truncated}, ${p.replicas}`,
  },
  noTruncation: { en: () => 'no line', ko: () => '줄 없음' },
});
