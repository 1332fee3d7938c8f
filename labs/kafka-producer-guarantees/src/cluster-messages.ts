import { defineMessages } from '@kafka-labs/i18n';

/** What cluster.ts says, and what the run scripts and graders of the 3-node labs share, in English and Korean. */
export const CLUSTER_MESSAGES = defineMessages({
  pickLeader: {
    en: () => 'Pick the partition leader L: a node that is not the active KRaft controller',
    ko: () => '파티션 리더 L 고르기: 활성 KRaft 컨트롤러가 아닌 노드',
  },
  leaderChosen: {
    en: (p: { controller: number; leader: number; followers: string }) =>
      `   active controller: node ${p.controller}; leader L: node ${p.leader}; followers: nodes ${p.followers}`,
    ko: (p) => `   활성 컨트롤러: 노드 ${p.controller}, 리더 L: 노드 ${p.leader}, 팔로워: 노드 ${p.followers}`,
  },
  leaderAndIsr: { en: () => 'leader and ISR', ko: () => '리더와 ISR' },
  deliveryResults: { en: () => 'delivery results', ko: () => '전송 결과' },
  truncation: {
    en: () => "L's server.log: what it cut from its own log on rejoining",
    ko: () => 'L 의 server.log: 다시 합류하면서 자기 로그에서 잘라 낸 것',
  },
  noMoment: {
    en: (p: { moment: string }) => `no "${p.moment}" moment in cluster.jsonl`,
    ko: (p) => `cluster.jsonl 에 "${p.moment}" 시점이 없음`,
  },
  notListed: { en: () => 'not listed', ko: () => '목록에 없음' },
});
