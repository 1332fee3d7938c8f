import { defineMessages, textsIn, type Lang } from '@kafka-labs/i18n';
import { el, type Child } from '../markup.ts';
import { swatch, type Section } from '../page.ts';
import { COLOURS, GREEN, INK, MUTED, RED, WIDTH } from '../style.ts';

/** What a lab did to one node just before a moment. */
export type NodeAction = 'freeze' | 'thaw' | 'kill' | 'stop' | 'restart';

/** A partition's leader (-1: none) and ISR at a moment, as the run recorded it. */
export interface ReplicaState {
  leader: number;
  isr: number[];
}

/**
 * A 3-node cluster over the moments a run recorded: before each moment what was done to which node, and per variant
 * (a topic) its leader and ISR at each moment and where its lesson's record ended up: what the producer was told,
 * which replicas hold it at the end, which node cut it from its log.
 */
export interface ClusterView {
  kind: 'cluster';
  files: string[];
  nodes: number[];
  moments: { name: string; events: { node: number; action: NodeAction }[] }[];
  variants: {
    title: string;
    /** One per moment, in the moments' order; null where the run recorded none for this topic. */
    states: (ReplicaState | null)[];
    /** Optional, one per moment ('' for none): what the producer was told around the moment, drawn under its column. */
    notes?: string[];
    record: { event: string; told: string; acknowledged: boolean; keptOn: number[]; truncatedOn: number[] };
  }[];
}

const MESSAGES = defineMessages({
  title: { en: () => 'Leader and ISR over the run', ko: () => '실행 중의 리더와 ISR' },
  intro: {
    en: () =>
      'One lane per node, one column per moment the run recorded (cluster.jsonl): what was done to a node just before it, whether the node led, was in the ISR or out of it. On the right, the record of the lesson: what its producer was told and which replicas hold it at the end.',
    ko: () =>
      '노드마다 한 줄, 실행이 기록한 시점(cluster.jsonl)마다 한 칸이에요. 그 직전에 노드에 한 일, 그 노드가 리더였는지, ISR 안이었는지 밖이었는지를 보여 줘요. 오른쪽은 이 실습의 레코드예요. 프로듀서가 들은 답과 마지막에 그 레코드를 가진 레플리카.',
  },
  node: { en: (p: { n: number }) => `node ${p.n}`, ko: (p) => `노드 ${p.n}` },
  leader: { en: () => 'leader', ko: () => '리더' },
  inIsr: { en: () => 'in the ISR', ko: () => 'ISR 안' },
  outOfIsr: { en: () => 'out of the ISR', ko: () => 'ISR 밖' },
  down: { en: () => 'node down or frozen', ko: () => '노드가 내려가거나 얼어 있음' },
  noLeader: { en: () => 'no leader', ko: () => '리더 없음' },
  newLeader: { en: (p: { from: number; to: number }) => `leader ${p.from} → ${p.to}`, ko: (p) => `리더 ${p.from} → ${p.to}` },
  freeze: { en: () => 'frozen', ko: () => '얼림' },
  thaw: { en: () => 'thawed', ko: () => '녹임' },
  kill: { en: () => 'killed', ko: () => '죽임' },
  stop: { en: () => 'stopped', ko: () => '종료' },
  restart: { en: () => 'restarted', ko: () => '재시작' },
  told: { en: (p: { event: string; told: string }) => `${p.event}: ${p.told}`, ko: (p) => `${p.event}: ${p.told}` },
  kept: { en: () => 'kept', ko: () => '남음' },
  truncated: { en: () => 'truncated', ko: () => '잘려 나감' },
  missing: { en: () => 'not there', ko: () => '없음' },
  lost: { en: (p: { event: string }) => `acknowledged ${p.event} lost`, ko: (p) => `응답받은 ${p.event} 유실` },
  safe: { en: (p: { event: string }) => `acknowledged ${p.event} on every replica`, ko: (p) => `응답받은 ${p.event} 가 모든 레플리카에 있음` },
  neverAcknowledged: { en: (p: { event: string }) => `${p.event} never acknowledged`, ko: (p) => `${p.event} 는 응답받지 못함` },
});

const LEFT = 80;
const RECORD = 300;
const LANE = 30;
const TOP = 58;
/** The height of the row of notes under the lanes, when a variant has any. */
const NOTE = 16;

/** Whether each node runs (true) or is down or frozen (false) at each moment, from the events before it. */
function runningAt(view: ClusterView): Map<number, boolean>[] {
  const now = new Map(view.nodes.map((n) => [n, true]));
  return view.moments.map((m) => {
    for (const { node, action } of m.events) now.set(node, action === 'thaw' || action === 'restart');
    return new Map(now);
  });
}

export function drawCluster(view: ClusterView, lang: Lang): Section[] {
  const t = textsIn(MESSAGES, lang);
  const running = runningAt(view);
  const columns = view.moments.length;
  const column = (WIDTH - LEFT - RECORD - 20) / Math.max(1, columns);
  const cx = (i: number) => LEFT + column * i + column / 2;
  const noted = view.variants.some((v) => v.notes?.some(Boolean));
  const notesY = TOP + view.nodes.length * LANE + 10;
  const height = TOP + view.nodes.length * LANE + 30 + (noted ? NOTE : 0);
  const laneY = (node: number) => TOP + view.nodes.indexOf(node) * LANE;

  const figures = view.variants.map((variant) => {
    const body: Child[] = [el('text', { x: 8, y: 18, 'font-size': 14, 'font-weight': 700, fill: INK }, variant.title)];
    view.moments.forEach((moment, i) => {
      body.push(el('text', { class: 'moment', x: cx(i), y: 38, 'font-size': 12, 'font-weight': 600, fill: INK, 'text-anchor': 'middle' }, moment.name));
      const acts = moment.events.map((e) => `${e.node}: ${t[e.action]()}`).join(', ');
      if (acts) body.push(el('text', { class: 'events', x: cx(i), y: 50, 'font-size': 10, fill: MUTED, 'text-anchor': 'middle' }, acts));
    });
    for (const node of view.nodes) {
      const y = laneY(node);
      body.push(el('text', { x: 8, y: y + 15, 'font-size': 12, fill: INK }, t.node({ n: node })));
      view.moments.forEach((_, i) => {
        const state = variant.states[i];
        const up = running[i]!.get(node) ?? true;
        const leads = state?.leader === node;
        const inIsr = state?.isr.includes(node) ?? false;
        const fill = leads ? COLOURS[0]! : inIsr ? '#bee3f8' : '#ffffff';
        body.push(
          el('g', { class: `cell${leads ? ' leader' : ''}${inIsr ? ' isr' : ''}${up ? '' : ' down'}`, 'data-node': node, 'data-moment': i },
            el('rect', { x: cx(i) - column / 2 + 6, y: y + 2, width: column - 12, height: LANE - 6, rx: 4, fill, stroke: up ? COLOURS[0] : MUTED, 'stroke-dasharray': up ? null : '4 3', 'fill-opacity': up ? 1 : 0.5 }),
            leads ? el('text', { x: cx(i), y: y + 17, 'font-size': 11, 'font-weight': 700, fill: '#ffffff', 'text-anchor': 'middle' }, t.leader()) : null,
          ),
        );
      });
    }
    variant.notes?.forEach((note, i) => {
      if (note) body.push(el('text', { class: 'note', x: cx(i), y: notesY, 'font-size': 10, fill: INK, 'text-anchor': 'middle' }, note));
    });
    view.moments.forEach((_, i) => {
      const [before, after] = [variant.states[i - 1], variant.states[i]];
      if (after && after.leader === -1) {
        body.push(el('text', { class: 'no-leader', x: cx(i), y: height - 10, 'font-size': 11, 'font-weight': 700, fill: RED, 'text-anchor': 'middle' }, t.noLeader()));
      } else if (before && after && before.leader > 0 && after.leader !== before.leader) {
        body.push(el('text', { class: 'leader-change', x: cx(i), y: height - 10, 'font-size': 11, 'font-weight': 700, fill: INK, 'text-anchor': 'middle' }, t.newLeader({ from: before.leader, to: after.leader })));
      }
    });
    const { record } = variant;
    const rx = WIDTH - RECORD;
    const lost = record.acknowledged && record.keptOn.length < view.nodes.length;
    body.push(
      el('text', { class: 'told', x: rx, y: 38, 'font-size': 12, 'font-weight': 600, fill: INK }, t.told({ event: record.event, told: record.told })),
      el('text', { class: lost ? 'verdict lost' : 'verdict', x: rx, y: height - 10, 'font-size': 12, 'font-weight': 700, fill: lost ? RED : record.acknowledged ? GREEN : MUTED },
        !record.acknowledged ? t.neverAcknowledged({ event: record.event }) : lost ? t.lost({ event: record.event }) : t.safe({ event: record.event })),
    );
    for (const node of view.nodes) {
      const kept = record.keptOn.includes(node);
      const cut = record.truncatedOn.includes(node);
      body.push(
        el('text', { class: kept ? 'kept' : cut ? 'truncated' : 'missing', x: rx, y: laneY(node) + 15, 'font-size': 12, fill: kept ? GREEN : cut ? RED : MUTED },
          `${record.event} ${kept ? t.kept() : cut ? t.truncated() : t.missing()}`),
      );
    }
    return { svg: el('svg', { class: 'cluster', viewBox: `0 0 ${WIDTH} ${height}`, width: WIDTH, height, role: 'img', 'aria-label': variant.title }, body) };
  });
  const box = (fill: string, stroke: string, dashed = false) =>
    swatch(el('rect', { x: 1, y: 2, width: 24, height: 10, rx: 2, fill, stroke, 'stroke-dasharray': dashed ? '4 3' : null }));
  return [
    {
      title: t.title(),
      intro: t.intro(),
      figures,
      legend: [
        { swatch: box(COLOURS[0]!, COLOURS[0]!), text: t.leader() },
        { swatch: box('#bee3f8', COLOURS[0]!), text: t.inIsr() },
        { swatch: box('#ffffff', COLOURS[0]!), text: t.outOfIsr() },
        { swatch: box('#ffffff', MUTED, true), text: t.down() },
      ],
    },
  ];
}
