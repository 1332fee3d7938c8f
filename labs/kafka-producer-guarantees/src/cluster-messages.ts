import { defineMessages } from '@kafka-labs/i18n';

/** What cluster.ts says in the transcripts of the 3-node labs, in English and Korean. */
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
});
