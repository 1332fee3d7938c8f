import { defineMessages } from '@kafka-labs/i18n';

/** What 01-acks-leader-loss's transcript and grader say, in English and Korean. */
export const MESSAGES = defineMessages({
  quorum: {
    en: () => 'Record the KRaft quorum: its active controller and its voters',
    ko: () => 'KRaft 쿼럼 기록: 활성 컨트롤러와 투표권을 가진 노드(voter)',
  },
  quorumSaid: {
    en: (p: { followers: string }) => `   the followers (nodes ${p.followers}) hold two of the three votes, the active controller's among them`,
    ko: (p) => `   팔로워(노드 ${p.followers})가 세 표 중 두 표를 갖고 있고, 활성 컨트롤러도 그중 하나예요`,
  },
  create: {
    en: (p: { replicas: string; config: string }) => `Create one topic per variant with replicas ${p.replicas} and ${p.config}, and one for the retry trap`,
    ko: (p) => `변형마다 토픽 하나씩 만들기(레플리카 ${p.replicas}, ${p.config}), 재시도 함정용 토픽도 하나`,
  },
  startProducers: {
    en: (p: { address: string; config: string }) => `Start one producer per variant, bootstrapping from L only (${p.address}): ${p.config}`,
    ko: (p) => `변형마다 프로듀서 하나씩 시작, L 로만 bootstrap(${p.address}): ${p.config}`,
  },
  aEverywhere: {
    en: () => 'A, then the high watermark 1 on each topic: every replica has A',
    ko: () => 'A 를 보내고, 토픽마다 high watermark 1: 모든 레플리카에 A 가 있어요',
  },
  freeze: {
    en: () => 'Freeze the followers (SIGSTOP) once the answer to their last fetch from L is in',
    ko: () => 'L 에 보낸 마지막 fetch 의 응답을 받은 뒤 팔로워 얼리기(SIGSTOP)',
  },
  frozen: {
    en: (p: { node: number; attempts: number }) => `   node ${p.node} frozen (attempt ${p.attempts}); no fetch of it is parked at L`,
    ko: (p) => `   노드 ${p.node} 얼림(${p.attempts}번째 시도). L 에서 기다리는 이 노드의 fetch 는 없어요`,
  },
  sendX: { en: () => 'Send X through each producer: only L can take it', ko: () => '프로듀서마다 X 보내기: 받을 수 있는 건 L 뿐이에요' },
  frozenIsr: {
    en: () => "leader and ISR while the followers are frozen (L's metadata): the ISR still holds all three",
    ko: () => '팔로워가 얼어 있는 동안의 리더와 ISR(L 의 메타데이터): ISR 에 여전히 셋 다 있어요',
  },
  explainX: {
    en: () =>
      '   acks=1 was answered by L alone; acks=0 asks for no answer, so the client reports -1001. acks=all waits for every\n' +
      '   member of the current ISR, and the ISR still holds both frozen followers: a follower leaves it only after\n' +
      '   replica.lag.time.max.ms (30 s) behind, and only through the KRaft quorum, two of whose three voters are frozen.\n' +
      '   So L answers each attempt "Request timed out" after request.timeout.ms (the MSGSET lines of acksall.log) and\n' +
      '   the client gives X up after message.timeout.ms. min.insync.replicas=2 plays no part: it only refuses a write\n' +
      '   once the ISR has shrunk below 2 (02-min-insync shows an ISR of the leader alone).',
    ko: () =>
      '   acks=1 은 L 혼자 응답했어요. acks=0 은 응답을 요청하지 않으니 클라이언트는 -1001 을 알려요. acks=all 은 지금 ISR 에\n' +
      '   있는 레플리카 모두를 기다리는데, 얼어 있는 두 팔로워가 아직 ISR 에 있어요. 팔로워는 replica.lag.time.max.ms(30초)\n' +
      '   동안 뒤처져야 ISR 에서 빠지고, 그것도 KRaft 쿼럼을 거쳐야 하는데 세 voter 중 둘이 얼어 있어요. 그래서 L 은\n' +
      '   request.timeout.ms 가 지나면 시도마다 "Request timed out" 으로 답하고(acksall.log 의 MSGSET 줄), 클라이언트는\n' +
      '   message.timeout.ms 뒤에 X 를 포기해요. 여기서 min.insync.replicas=2 는 아무 역할도 하지 않아요. 이 설정은 ISR 이\n' +
      '   2 보다 작아졌을 때 쓰기를 거절할 뿐이에요(ISR 이 리더 혼자인 경우는 02-min-insync 에서 봐요).',
  },
  kill: {
    en: () => 'Kill L (SIGKILL), thaw the followers, wait for a follower to lead',
    ko: () => 'L 죽이기(SIGKILL), 팔로워 녹이기, 팔로워가 리더가 될 때까지 기다리기',
  },
  restart: { en: () => 'Restart L and wait until it is back in every ISR', ko: () => 'L 재시작, 모든 ISR 에 돌아올 때까지 기다리기' },
  dump: { en: () => 'Dump every replica of every variant', ko: () => '모든 변형의 모든 레플리카 덤프' },
  trap: {
    en: (p: { topic: string; leader: number }) => `The trap: acks=all to ${p.topic} (leader node ${p.leader}), its followers frozen, then thawed`,
    ko: (p) => `함정: ${p.topic}(리더 노드 ${p.leader})에 acks=all 로 보내기, 팔로워를 얼렸다가 녹임`,
  },
  attempts: {
    en: (p: { n: number; y: number }) =>
      `   the client sent ${p.n} Produce requests (${p.y} for Y, one for Z): every one of them left a copy. It takes\n` +
      '   enable.idempotence=false, as every producer of this lab runs: an idempotent producer\'s retry carries the same\n' +
      '   producerId and sequence, and the broker does not append it twice.',
    ko: (p) =>
      `   클라이언트가 Produce 요청을 ${p.n}번 보냈고(Y 에 ${p.y}번, Z 에 한 번), 요청마다 사본이 하나씩 남았어요. 이 함정은\n` +
      '   이 실습의 모든 프로듀서처럼 enable.idempotence=false 일 때 생겨요. 멱등 프로듀서의 재시도는 같은 producerId 와\n' +
      '   순번을 달고 가서 브로커가 두 번 덧붙이지 않아요.',
  },
  closing: {
    en: () =>
      'acks=1: L acknowledged X at offset 1 alone; it died before a follower copied X, a follower took over without it\n' +
      'and L cut X from its own log when it rejoined. An acknowledged record is gone: the article\'s comparison table puts\n' +
      'acks=1 under at-least-once with no message loss, and this run contradicts it. acks=0: the producer never learns an\n' +
      'offset (-1001) and X is gone the same way. acks=all waited for every replica of the ISR, which never shrank (the\n' +
      'frozen pair held two of the three votes), so X was never acknowledged (_MSG_TIMED_OUT) and nothing acknowledged\n' +
      'was lost. The trap: without idempotence a timed-out acks=all write is not a write that did not happen: once the\n' +
      'followers came back, every attempt of Y was copied and committed before Z.',
    ko: () =>
      'acks=1: L 혼자 X 를 offset 1 로 응답했어요. 팔로워가 X 를 복제하기 전에 L 이 죽었고, 팔로워가 X 없이 리더를\n' +
      '넘겨받았고, 다시 합류한 L 은 자기 로그에서 X 를 잘라 냈어요. 응답받은 레코드가 사라진 거예요. 글의 비교표는\n' +
      'acks=1 을 at-least-once 칸에 두고 메시지 손실이 없다고 하지만, 이 실행 결과는 그와 맞지 않아요. acks=0: 프로듀서는\n' +
      'offset 을 알 수 없고(-1001), X 는 같은 식으로 사라졌어요. acks=all 은 ISR 의 레플리카 모두를 기다렸는데, ISR 은\n' +
      '한 번도 줄지 않았어요(얼어 있는 두 노드가 세 표 중 두 표를 가졌어요). 그래서 X 는 끝내 응답받지 못했고\n' +
      '(_MSG_TIMED_OUT), 응답받은 레코드 중 유실된 건 없어요. 함정: 멱등성이 없으면 타임아웃 난 acks=all 쓰기가 일어나지\n' +
      '않은 쓰기는 아니에요. 팔로워가 돌아오자 Y 의 모든 시도가 복제되고 Z 보다 앞에 commit 됐어요.',
  },

  aExpected: {
    en: () => 'A was sent and every in-sync replica had it before the followers froze (high watermark 1)',
    ko: () => 'A 를 보냈고, 팔로워를 얼리기 전에 ISR 의 모든 레플리카에 A 가 있었음(high watermark 1)',
  },
  aFound: {
    en: (p: { told: string; hw: string }) => `${p.told}; high watermark ${p.hw}`,
    ko: (p) => `${p.told}, high watermark ${p.hw}`,
  },
  quorumExpected: {
    en: (p: { leader: number }) =>
      `the three nodes were the KRaft voters and the active controller was not L (node ${p.leader}): the frozen followers held two of three votes`,
    ko: (p) => `세 노드가 KRaft voter 였고 활성 컨트롤러는 L(노드 ${p.leader})이 아니었음: 얼린 팔로워가 세 표 중 두 표를 가짐`,
  },
  quorumFound: {
    en: (p: { controller: string; voters: string }) => `quorum.txt: LeaderId ${p.controller}, voters [${p.voters}]`,
    ko: (p) => `quorum.txt: LeaderId ${p.controller}, voter [${p.voters}]`,
  },
  quorumHint: {
    en: () => 'quorum.txt is kafka-metadata-quorum describe --status, taken before the freeze',
    ko: () => 'quorum.txt 는 얼리기 전에 받은 kafka-metadata-quorum describe --status 출력이에요',
  },
  isrKeptExpected: {
    en: (p: { leader: number }) => `while the followers were frozen, L (node ${p.leader}) led with all three replicas still in its ISR`,
    ko: (p) => `팔로워가 얼어 있는 동안 L(노드 ${p.leader})이 리더였고 ISR 에 레플리카 셋이 모두 남아 있었음`,
  },
  isrKeptHint: {
    en: () => 'acks=all waits for every member of the current ISR; only a shrunk ISR lets min.insync.replicas matter',
    ko: () => 'acks=all 은 지금 ISR 의 구성원 모두를 기다려요. ISR 이 줄어야 min.insync.replicas 가 의미를 가져요',
  },
  moment: {
    en: (p: { moment: string; leader: string; isr: string }) => `${p.moment}: leader ${p.leader} isr [${p.isr}]`,
    ko: (p) => `${p.moment}: 리더 ${p.leader}, isr [${p.isr}]`,
  },
  failoverExpected: {
    en: (p: { leader: number }) => `L (node ${p.leader}) led with all three replicas in sync, then a follower took over without L`,
    ko: (p) => `L(노드 ${p.leader})이 레플리카 셋 모두 동기화된 채 리더였고, 그 뒤 팔로워가 L 없이 리더를 넘겨받음`,
  },
  failoverHint: { en: () => 'cluster.jsonl records leader and ISR at each moment', ko: () => 'cluster.jsonl 에 시점마다 리더와 ISR 이 있어요' },
  truncatedExpected: {
    en: (p: { partition: string }) => `L cut its log back to offset 1 on rejoining ("Truncating to offset 1" for ${p.partition})`,
    ko: (p) => `L 이 다시 합류하면서 로그를 offset 1 까지 잘라 냄(${p.partition} 의 "Truncating to offset 1")`,
  },
  truncatedFound: { en: () => 'truncation.txt has the line', ko: () => 'truncation.txt 에 그 줄이 있음' },
  notTruncatedFound: { en: () => 'no such line in truncation.txt', ko: () => 'truncation.txt 에 그런 줄이 없음' },
  onlyAExpected: {
    en: () => 'every replica holds A at offset 0 and nothing else: X did not survive the failover',
    ko: () => '모든 레플리카에 offset 0 의 A 만 있음: X 는 failover 를 넘기지 못함',
  },
  lostFound: {
    en: (p: { told: string; lost: string }) => `${p.told}; acknowledged and missing: ${p.lost}`,
    ko: (p) => `${p.told}, 응답받았는데 없는 레코드: ${p.lost}`,
  },
  none: { en: () => 'none', ko: () => '없음' },
  acks1Expected: {
    en: () => 'acks=1: the leader alone acknowledged X at offset 1, and X is lost: an acknowledged record is gone, against the article\'s at-least-once row',
    ko: () => 'acks=1: 리더 혼자 X 를 offset 1 로 응답했는데 X 가 유실됨. 응답받은 레코드가 사라졌고, 글의 at-least-once 줄과 맞지 않음',
  },
  acks0Expected: {
    en: (p: { offset: number }) => `acks=0: the client reported X delivered with offset ${p.offset} (no answer to learn one from), and X is lost`,
    ko: (p) => `acks=0: 클라이언트는 X 를 offset ${p.offset} 로 전달했다고 알렸고(offset 을 알려 줄 응답이 없음), X 는 유실됨`,
  },
  acksAllExpected: {
    en: (p: { error: string }) => `acks=all: X, waiting for every replica of an ISR that never shrank, was never acknowledged (${p.error}) and every acknowledged record is on every replica`,
    ko: (p) => `acks=all: 한 번도 줄지 않은 ISR 의 레플리카 모두를 기다린 X 는 끝내 응답받지 못했고(${p.error}), 응답받은 레코드는 모두 모든 레플리카에 있음`,
  },
  acksAllHint: {
    en: () => 'the leader answers an acks=all write once every replica in the ISR has it',
    ko: () => '리더는 ISR 의 레플리카 모두가 가진 뒤에야 acks=all 쓰기에 응답해요',
  },
  yExpected: {
    en: (p: { error: string }) => `with both followers frozen, acks=all Y failed (${p.error}); Z, sent after they were thawed, was acknowledged`,
    ko: (p) => `두 팔로워가 얼어 있을 때 acks=all 로 보낸 Y 는 실패했고(${p.error}), 녹인 뒤 보낸 Z 는 응답받음`,
  },
  pair: { en: (p: { y: string; z: string }) => `${p.y}, ${p.z}`, ko: (p) => `${p.y}, ${p.z}` },
  storedExpected: {
    en: () => 'the "failed" Y is stored on every replica, once before Z for each copy, and Z sits right after them (enable.idempotence=false)',
    ko: () => '"실패한" Y 가 모든 레플리카에 사본마다 한 번씩 Z 앞에 저장됐고, Z 는 바로 그 뒤에 있음(enable.idempotence=false)',
  },
  storedFound: {
    en: (p: { z: number; replicas: string }) => `Z at offset ${p.z}; ${p.replicas}`,
    ko: (p) => `Z 는 offset ${p.z}, ${p.replicas}`,
  },
  perAttemptExpected: {
    en: () => 'each Produce request the client sent for the trap topic left one copy: the Y attempts, then Z',
    ko: () => '클라이언트가 함정 토픽에 보낸 Produce 요청마다 사본이 하나씩 남음: Y 의 시도들, 그다음 Z',
  },
  perAttemptFound: {
    en: (p: { attempts: number; copies: number }) => `${p.attempts} Produce request(s) logged, ${p.copies} cop${p.copies === 1 ? 'y' : 'ies'} of Y`,
    ko: (p) => `로그에 Produce 요청 ${p.attempts}건, Y 의 사본 ${p.copies}개`,
  },
  perAttemptHint: {
    en: () => 'the producer runs with debug=msg, which logs every Produce MessageSet',
    ko: () => '프로듀서는 debug=msg 로 돌아서 Produce MessageSet 을 모두 로그에 남겨요',
  },
});
