import { textsIn, type Lang, type TextsOf } from '@kafka-labs/i18n';
import { MESSAGES } from '../messages.ts';
import type { DumpBatch } from '@kafka-labs/dumplog';
import { formatPid } from '@kafka-labs/kafka-client/producer-log';
import { clock, seconds, textWidth } from '../geometry.ts';
import { swatch, type Section } from '../page.ts';
import { el, type Child, type Markup } from '../markup.ts';
import { WORDS, type SequenceModel, type SequenceRow, type Tone } from './sequence-model.ts';
import { COLOURS, GREEN, INK, MUTED, RED, WIDTH } from '../style.ts';

const PROXY_X = 650;
const BROKER_X = 880;
const HEADER = 64;
/** A pause longer than this between two proxy events is drawn as a break with its length. */
const GAP_MS = 800;
const TONES: Record<Tone, string> = { plain: INK, good: GREEN, bad: RED, warn: '#b7791f' };

const producerX = (process: number, count: number) => (count <= 1 ? 220 : 150 + process * Math.min(170, 420 / (count - 1)));
const colourOf = (process: number) => COLOURS[process % COLOURS.length]!;

const arrow = (x1: number, x2: number, y: number, colour: string, marker: string, dashed = false): Markup =>
  el('line', { x1, x2: x2 + (x2 > x1 ? -2 : 2), y1: y, y2: y, stroke: colour, 'stroke-width': 1.8, 'stroke-dasharray': dashed ? '6 4' : null, 'marker-end': `url(#${marker})` });

const cross = (x: number, y: number, colour: string, size = 7): Markup =>
  el('path', { d: `M${x - size},${y - size}L${x + size},${y + size}M${x - size},${y + size}L${x + size},${y - size}`, stroke: colour, 'stroke-width': 3, 'stroke-linecap': 'round' });

/** Text that starts at `x` unless it would leave the picture; then it ends at the right edge. */
const label = (text: string, x: number, y: number, attrs: Record<string, string | number> = {}): Markup => {
  const size = Number(attrs['font-size'] ?? 12);
  const start = Math.min(x, WIDTH - 6 - textWidth(text, size, attrs['font-weight'] === 700 || attrs['font-weight'] === 600));
  return el('text', { x: start, y, 'font-size': size, fill: INK, ...attrs }, text);
};

function storedText(row: Extract<SequenceRow, { kind: 'request' }>, t: TextsOf<typeof WORDS>): Markup | null {
  if (!row.stored) return null;
  const { offset, payload, duplicate, copy } = row.stored;
  const text = duplicate
    ? t.duplicateOf({ offset })
    : !payload
      ? t.appended({ offset })
      : copy > 1
        ? t.appendedCopy({ offset, value: payload, copy })
        : t.appendedValue({ offset, value: payload });
  const fill = duplicate ? COLOURS[0]! : copy > 1 ? RED : GREEN;
  return label(text, BROKER_X + 12, 0, { class: duplicate ? 'stored stored-duplicate' : copy > 1 ? 'stored stored-again' : 'stored', fill, 'font-weight': 600 });
}

/** Rows of the exchange as a sequence diagram: lifelines for each producer process, the proxy and the broker. */
export function sequenceSvg(model: SequenceModel): Markup {
  const t = textsIn(WORDS, model.lang);
  const count = model.processes.length;
  const start = model.start ? Date.parse(model.start) : 0;
  const body: Child[] = [];
  const lives = model.processes.map(() => ({ from: Infinity, to: -Infinity, killed: false }));
  let y = HEADER + 10;
  let lastTime: number | null = null;

  for (const row of model.rows) {
    const px = producerX(row.process, count);
    const colour = colourOf(row.process);
    const time = 'time' in row && row.time ? Date.parse(row.time) : null;
    if (time !== null && lastTime !== null && time - lastTime > GAP_MS) {
      body.push(
        el('g', { class: 'pause' },
          el('rect', { x: 0, y, width: WIDTH, height: 22, fill: '#f7fafc' }),
          el('text', { x: 8, y: y + 15, 'font-size': 11, fill: MUTED, 'font-style': 'italic' }, t.pause({ seconds: seconds(time - lastTime) })),
        ),
      );
      y += 22;
    }
    if (time !== null) {
      body.push(el('text', { x: 8, y: y + 16, 'font-size': 10, fill: MUTED }, `+${seconds(time - start)}`));
      lastTime = time;
    }
    const life = lives[row.process]!;
    life.from = Math.min(life.from, y);

    if (row.kind === 'request') {
      const produce = row.api === 'Produce';
      const stroke = produce ? colour : MUTED;
      const marker = produce ? `arrow-${row.process % COLOURS.length}` : 'arrow-muted';
      const head = produce ? `Produce #${row.ordinal ?? '?'}${row.stored?.payload && (!row.stored.duplicate || row.retry) ? ` · ${row.stored.payload}` : ''}${row.retry ? ` · ${t.retry()}` : ''}` : row.api;
      const numbering = row.identity
        ? row.identity.producerId === -1
          ? t.noPid()
          : `producerId ${row.identity.producerId} · epoch ${row.identity.epoch} · baseSequence ${row.identity.baseSequence}`
        : null;
      const detail = [row.batch?.pid ? `MsgId ${row.batch.msgId}` : null, numbering ?? (row.batch ? `${formatPid(row.batch.pid)} · BaseSeq ${row.batch.baseSeq}` : null)]
        .filter(Boolean)
        .join(' · ') || null;
      const arrowY = y + (detail ? 34 : 22);
      const stored = storedText(row, t);
      body.push(
        el('g', { class: produce ? 'request request-produce' : 'request', 'data-ordinal': row.ordinal, 'data-connection': row.connection },
          el('title', {}, t.requestTitle({ api: row.api, connection: row.connection, correlationId: String(row.correlationId ?? '?') })),
          label(head, px + 10, y + 14, { 'font-weight': produce ? 700 : 400, fill: row.retry ? '#b7791f' : produce ? INK : MUTED }),
          detail ? label(detail, px + 10, y + 28, { 'font-size': 11, class: 'batch' }) : null,
          arrow(px, PROXY_X, arrowY, stroke, marker),
          row.answered
            ? el('text', { class: 'answered', x: PROXY_X + 12, y: arrowY + 4, 'font-size': 12, fill: RED, 'font-weight': 700 }, t.answered({ error: row.answered }))
            : [
                arrow(PROXY_X, BROKER_X, arrowY, stroke, marker),
                el('text', { x: PROXY_X + 10, y: arrowY - 5, 'font-size': 10, fill: MUTED }, `conn ${row.connection} · correlation_id ${row.correlationId ?? '?'}`),
              ],
          stored ? el('g', { transform: `translate(0 ${arrowY + 4})` }, stored) : null,
        ),
      );
      y = arrowY + 12;
    } else if (row.kind === 'response') {
      const produce = row.api === 'Produce';
      const arrowY = y + 18;
      const what = produce && row.stored ? (row.stored.duplicate ? t.responseFirstCopy : t.responseOffset)({ offset: row.stored.offset }) : t.apiResponse({ api: row.api });
      if (row.fate === 'answered') {
        body.push(
          el('g', { class: 'response response-answered', 'data-ordinal': row.ordinal },
            arrow(PROXY_X, px, arrowY, RED, 'arrow-red', true),
            label(t.answeredResponse({ api: row.api }), px + 16, arrowY - 5, { 'font-size': 11, fill: RED }),
          ),
        );
      } else if (row.fate === 'forwarded') {
        body.push(
          el('g', { class: 'response', 'data-ordinal': row.ordinal },
            arrow(BROKER_X, PROXY_X, arrowY, produce ? INK : MUTED, produce ? 'arrow-ink' : 'arrow-muted', true),
            arrow(PROXY_X, px, arrowY, produce ? INK : MUTED, produce ? 'arrow-ink' : 'arrow-muted', true),
            label(what, px + 16, arrowY - 5, { 'font-size': 11, fill: produce ? INK : MUTED }),
          ),
        );
      } else {
        const dropped = row.fate === 'dropped';
        const text = (dropped ? t.dropped : t.discarded)({ api: row.api });
        body.push(
          el('g', { class: dropped ? 'dropped' : 'discarded', 'data-ordinal': row.ordinal },
            el('title', {}, (dropped ? t.droppedTitle : t.discardedTitle)({ api: `${row.api}${row.ordinal ? ` #${row.ordinal}` : ''}` })),
            arrow(BROKER_X, PROXY_X + 12, arrowY, dropped ? RED : MUTED, dropped ? 'arrow-red' : 'arrow-muted', true),
            cross(PROXY_X, arrowY, dropped ? RED : MUTED),
            el('text', { x: PROXY_X - 14, y: arrowY + 4, 'text-anchor': 'end', 'font-size': 12, fill: dropped ? RED : MUTED, 'font-weight': 700 }, text),
          ),
        );
      }
      y = arrowY + 10;
    } else if (row.kind === 'note') {
      const x = row.at === 'proxy' ? PROXY_X + 10 : px + 10;
      const width = textWidth(row.text, 12) + 14;
      const left = Math.min(x, WIDTH - 4 - width);
      body.push(
        el('g', { class: `note note-${row.tone}` },
          el('rect', { x: left, y: y + 3, width, height: 20, rx: 4, fill: '#ffffff', stroke: TONES[row.tone], 'stroke-opacity': 0.5 }),
          el('text', { x: left + 7, y: y + 17, 'font-size': 12, fill: TONES[row.tone] }, row.text),
        ),
      );
      y += 28;
    } else {
      life.killed = row.killed;
      if (row.killed) {
        body.push(el('g', { class: 'killed' }, cross(px, y + 12, RED, 8), label(t.killed(), px + 14, y + 16, { fill: RED, 'font-weight': 700 })));
      } else {
        body.push(el('rect', { x: px - 10, y: y + 8, width: 20, height: 4, fill: colour }));
      }
      y += 26;
    }
    life.to = Math.max(life.to, y - (row.kind === 'end' ? 14 : 0));
  }
  const total = y + 12;

  const heads: Child[] = [];
  const head = (x: number, title: string, sub: string, colour: string) => {
    const width = Math.max(140, textWidth(title, 13, true) + 20);
    heads.push(
      el('rect', { x: x - width / 2, y: 8, width, height: 44, rx: 6, fill: '#ffffff', stroke: colour, 'stroke-width': 1.5 }),
      el('text', { x, y: 27, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': 700, fill: colour }, title),
      el('text', { x, y: 43, 'text-anchor': 'middle', 'font-size': 11, fill: MUTED }, sub),
    );
  };
  model.processes.forEach((p, i) => head(producerX(i, count), p.name, p.pid ? formatPid(p.pid) : t.noPid(), colourOf(i)));
  head(PROXY_X, t.proxy(), t.proxySub({ port: ':9532' }), INK);
  head(BROKER_X, t.broker(), t.brokerSub({ port: ':9533' }), INK);
  const lifelines: Child[] = [
    el('line', { x1: PROXY_X, x2: PROXY_X, y1: 52, y2: total, stroke: '#a0aec0', 'stroke-width': 1.5 }),
    el('line', { x1: BROKER_X, x2: BROKER_X, y1: 52, y2: total, stroke: '#a0aec0', 'stroke-width': 1.5 }),
    ...lives.flatMap((life, i) => {
      const x = producerX(i, count);
      const from = life.from === Infinity ? 52 : life.from;
      const to = life.to === -Infinity ? total : life.to;
      return [
        el('line', { x1: x, x2: x, y1: 52, y2: from, stroke: colourOf(i), 'stroke-width': 1, 'stroke-dasharray': '2 4', 'stroke-opacity': 0.6 }),
        el('line', { x1: x, x2: x, y1: from, y2: to, stroke: colourOf(i), 'stroke-width': 2, 'stroke-opacity': 0.6 }),
      ];
    }),
  ];
  const markers = [
    ...COLOURS.map((c, i) => [`arrow-${i}`, c] as const),
    ['arrow-ink', INK] as const,
    ['arrow-muted', MUTED] as const,
    ['arrow-red', RED] as const,
  ].map(([id, fill]) => el('marker', { id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, el('path', { d: 'M0,0L10,5L0,10Z', fill })));
  return el(
    'svg',
    { class: 'sequence', viewBox: `0 0 ${WIDTH} ${total}`, width: WIDTH, height: total, role: 'img', 'aria-label': 'sequence diagram: producer, proxy, broker' },
    el('defs', {}, markers),
    lifelines,
    heads,
    body,
  );
}

/** The stored batches as a table, a value stored more than once highlighted. */
function storedTable(batches: DumpBatch[]): Markup {
  const values = batches.map((b) => b.records.map((r) => r.payload ?? '').join(' '));
  return el(
    'table',
    { class: 'stored-batches' },
    el('tr', {}, ['offset', 'value', 'producerId', 'producerEpoch', 'baseSequence', 'CreateTime'].map((h) => el('th', {}, h))),
    batches.map((b, i) =>
      el(
        'tr',
        { class: values.indexOf(values[i]!) !== values.lastIndexOf(values[i]!) ? 'repeated' : null },
        [b.baseOffset === b.lastOffset ? b.baseOffset : `${b.baseOffset}..${b.lastOffset}`, values[i]!, b.producerId, b.producerEpoch, b.baseSequence, clock(new Date(b.createTime).toISOString())].map((c) => el('td', {}, c)),
      ),
    ),
  );
}

/** The producer labs' section: the sequence diagram and what the partition holds in the end. */
export function sequenceSection(model: SequenceModel, batches: DumpBatch[] | null, lang: Lang): Section {
  const t = textsIn(MESSAGES, lang);
  const dropped = model.rows.filter((r) => r.kind === 'response' && r.fate === 'dropped').length;
  return {
    title: t.sequenceTitle(),
    intro: t.sequenceIntro({ dropped }),
    figures: [{ svg: sequenceSvg(model) }],
    legend: [
      { swatch: swatch(el('line', { x1: 1, x2: 25, y1: 7, y2: 7, stroke: COLOURS[0]!, 'stroke-width': 1.8 })), text: t.request() },
      { swatch: swatch(el('line', { x1: 1, x2: 25, y1: 7, y2: 7, stroke: INK, 'stroke-width': 1.8, 'stroke-dasharray': '6 4' })), text: t.response() },
      { swatch: swatch(cross(13, 7, RED, 5)), text: t.responseDropped() },
      ...(model.rows.some((r) => r.kind === 'response' && r.fate === 'answered')
        ? [{ swatch: swatch(el('line', { x1: 1, x2: 25, y1: 7, y2: 7, stroke: RED, 'stroke-width': 1.8, 'stroke-dasharray': '6 4' })), text: t.responseAnswered() }]
        : []),
    ],
    after: batches ? el('div', {}, el('h3', {}, t.partitionHolds()), storedTable(batches)) : null,
  };
}
