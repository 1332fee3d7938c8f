import { defineMessages } from '@kafka-labs/i18n';

/** The report page's headings, labels, legends and captions (what the pictures draw from a run folder stays as it is). */
export const MESSAGES = defineMessages({
  nothingGraded: { en: () => 'nothing was graded', ko: () => '채점한 것이 없어요' },
  figure: { en: () => 'figure', ko: () => '수치' },
  value: { en: () => 'value', ko: () => '값' },
  verdictHeading: { en: () => 'Verdict', ko: () => '판정' },
  meta: {
    en: (p: { track?: string; started: string; seconds: string }) => `${p.track ? `track ${p.track} · ` : ''}run started ${p.started} · took ${p.seconds} s`,
    ko: (p) => `${p.track ? `트랙 ${p.track} · ` : ''}실행 시작 ${p.started} · ${p.seconds}초 걸림`,
  },
  sources: { en: (p: { files: string }) => `Drawn from the run folder's ${p.files}.`, ko: (p) => `실행 폴더의 ${p.files}에서 그렸어요.` },
  noPicture: { en: () => 'No picture: the grader returned no view of this run.', ko: () => '그림 없음: 채점기가 이 실행의 뷰를 돌려주지 않았어요.' },
  sequenceTitle: { en: () => 'Producer ↔ proxy ↔ broker', ko: () => '프로듀서 ↔ 프록시 ↔ 브로커' },
  sequenceIntro: {
    en: (p: { dropped: number }) =>
      `Every Produce and InitProducerId request the proxy saw, in order, with the batch the client logged for it and what the broker stored; ${p.dropped} response${p.dropped === 1 ? '' : 's'} dropped by the proxy. Times are from the proxy's event log.`,
    ko: (p) =>
      `프록시가 본 Produce와 InitProducerId 요청을 순서대로, 클라이언트가 로그에 남긴 배치와 브로커가 저장한 것과 함께 보여 줘요. 프록시가 버린 응답은 ${p.dropped}개예요. 시각은 프록시의 이벤트 로그 기준이에요.`,
  },
  request: { en: () => 'request', ko: () => '요청' },
  response: { en: () => 'response', ko: () => '응답' },
  responseDropped: { en: () => 'response dropped by the proxy', ko: () => '프록시가 버린 응답' },
  responseAnswered: { en: () => 'response the proxy wrote itself (the request never reached the broker)', ko: () => '프록시가 직접 쓴 응답(요청은 브로커에 닿지 않음)' },
  partitionHolds: { en: () => 'What the partition holds (kafka-dump-log)', ko: () => '파티션에 남은 것 (kafka-dump-log)' },
  groupTitle: { en: (p: { group: string }) => `Group ${p.group}`, ko: (p) => `그룹 ${p.group}` },
  groupIntro: {
    en: (p: { workers: string; twice: string }) => `Workers ${p.workers}. ${p.twice ? `Processed more than once: ${p.twice}.` : 'No message was processed more than once.'}`,
    ko: (p) => `워커 ${p.workers}. ${p.twice ? `두 번 이상 처리됨: ${p.twice}.` : '두 번 이상 처리된 메시지는 없어요.'}`,
  },
  wholeRun: { en: (p: { group: string; span: string }) => `the whole run of group ${p.group}, ${p.span}`, ko: (p) => `그룹 ${p.group}의 실행 전체, ${p.span}` },
  closer: {
    en: (p: { from: string; to: string; again: boolean }) =>
      `closer: ${p.from} to ${p.to}, ${p.again ? 'where messages were processed again' : 'where a partition passed from one worker to another'}`,
    ko: (p) => `확대: ${p.from}부터 ${p.to}까지, ${p.again ? '메시지가 다시 처리된 구간' : '파티션이 한 워커에서 다른 워커로 넘어간 구간'}`,
  },
  owns: { en: (p: { member: string }) => `${p.member} owns the partition`, ko: (p) => `${p.member}가 파티션을 가짐` },
  commitMark: { en: () => 'commit (next offset to read)', ko: () => 'commit (다음에 읽을 offset)' },
  partitionLost: { en: () => 'partition lost', ko: () => '파티션 유실 (lost)' },
  committedOffset: { en: () => 'committed offset', ko: () => 'commit된 offset' },
  processedTwice: { en: () => 'processed more than once', ko: () => '두 번 이상 처리됨' },
  assignmentMark: { en: () => 'assignment, revocation or loss', ko: () => '할당, 반납 또는 유실' },
});
