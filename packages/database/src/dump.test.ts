import { GradeError } from '@kafka-labs/grader';
import { describe, expect, test } from 'vitest';
import { DUMP_LIMITS, formatDump, parseDump, sinkFigures, sinkState, type Dump } from './index.ts';

const at = (s: number) => `2026-01-01T00:00:${String(s).padStart(2, '0')}.000Z`;
/** What the plain sink leaves after E-1..E-4 and a redelivery of E-3 and E-4. */
const plainRun: Dump = {
  backend: 'pglite',
  tables: {
    order_events: ['E-1', 'E-2', 'E-3', 'E-4', 'E-3', 'E-4'].map((id, i) => ({
      seq: i + 1,
      event_id: id,
      order_id: `O-${id.slice(2)}`,
      status: 'PAID',
      applied_at: at(i),
    })),
    order_projection: [1, 2, 3, 4].map((n) => ({ order_id: `O-${n}`, status: 'PAID', updated_at: at(n), applied: n > 2 ? 2 : 1 })),
    inbox: [],
  },
};
const text = formatDump(plainRun);
const lines = text.trimEnd().split('\n');
const withLines = (edit: (lines: string[]) => string[]) => `${edit([...lines]).join('\n')}\n`;
const rejects = (altered: string, message: RegExp) => {
  expect(() => parseDump(altered, 'database.jsonl')).toThrow(GradeError);
  expect(() => parseDump(altered, 'database.jsonl')).toThrow(message);
};

test('a dump reads back as the rows it was made of, one JSON line per row after the header', () => {
  expect(parseDump(text)).toEqual(plainRun);
  expect(lines).toHaveLength(1 + 6 + 4);
  expect(lines[1]).toBe('{"table":"order_events","row":{"seq":1,"event_id":"E-1","order_id":"O-1","status":"PAID","applied_at":"2026-01-01T00:00:00.000Z"}}');
});

test('the sink figures show the redelivered events as excess rows, in the order of their first application', () => {
  expect(sinkFigures(sinkState(parseDump(text)))).toEqual({
    eventRows: 6,
    distinctEvents: 4,
    excessRows: 2,
    duplicated: [
      { eventId: 'E-3', rows: 2, seqs: [3, 5] },
      { eventId: 'E-4', rows: 2, seqs: [4, 6] },
    ],
    inboxRows: 0,
    orders: 4,
    appliedTotal: 6,
  });
});

describe('an altered dump', () => {
  test('with a duplicate row removed still parses, and its figures show one excess row fewer', () => {
    const altered = withLines((l) => l.filter((line) => !line.includes('"seq":6,')));
    expect(sinkFigures(sinkState(parseDump(altered)))).toMatchObject({ eventRows: 5, excessRows: 1, duplicated: [{ eventId: 'E-3' }] });
  });

  test('cut short in the middle of a line is refused', () => {
    rejects(text.slice(0, text.length - 20), /database\.jsonl: does not end with a newline/);
    rejects(`${text.slice(0, text.length - 20)}\n`, /database\.jsonl line 11: is not JSON/);
  });

  test('that is not a dump at all is refused at its first line', () => {
    rejects('', /does not end with a newline/);
    rejects('{"dump":"other"}\n', /line 1: is not a kafka-labs-database dump header/);
    rejects('order_id,status\nO-1,PAID\n', /line 1: is not JSON/);
    rejects(withLines((l) => [l[0]!.replace('"version":1', '"version":2'), ...l.slice(1)]), /line 1: has version 2, expected 1/);
    rejects(withLines((l) => [l[0]!.replace('"pglite"', '"sqlite"'), ...l.slice(1)]), /line 1: names backend "sqlite"/);
    rejects(withLines((l) => [l[0]!.replace('"inbox"', '"order_events"'), ...l.slice(1)]), /line 1: does not list its tables/);
  });

  test('with a row of a table that its header does not list is refused', () => {
    rejects(withLines((l) => [...l, '{"table":"payments","row":{"id":1}}']), /line 12: is a row of "payments", which the header does not list/);
    rejects(withLines((l) => [...l, '{"table":"__proto__","row":{"id":1}}']), /line 12: is a row of "__proto__"/);
  });

  test('with a row whose columns or values are not those of its table is refused', () => {
    rejects(withLines((l) => l.map((line) => line.replace('"seq":2,"event_id"', '"seq":2,"eventid"'))), /line 3: has columns seq,eventid,.* other rows of order_events have seq,event_id/);
    rejects(withLines((l) => l.map((line) => line.replace('"status":"PAID","applied_at":"2026-01-01T00:00:01', '"status":{"x":1},"applied_at":"2026-01-01T00:00:01'))), /line 3: has a value that is not/);
    rejects(withLines((l) => [...l, '["order_events"]']), /line 12: is not a \{"table", "row"\} line/);
  });

  test('with a cell of the wrong type for a sink table is refused by sinkState', () => {
    const altered = parseDump(withLines((l) => l.map((line) => line.replace('"applied":2', '"applied":"2"'))));
    expect(() => sinkState(altered)).toThrow(/order_projection has applied "2", expected an integer/);
    const { inbox: _, ...tables } = plainRun.tables;
    expect(() => sinkState(parseDump(formatDump({ backend: 'pglite', tables })))).toThrow(/the database dump has no inbox table/);
  });

  test('beyond its bounds is refused without being parsed', () => {
    rejects(`${lines[0]}\n${' '.repeat(DUMP_LIMITS.chars)}\n`, new RegExp(`longer than ${DUMP_LIMITS.chars} characters`));
    rejects(`${lines[0]}\n${'{}\n'.repeat(DUMP_LIMITS.rows + 1)}`, new RegExp(`more than ${DUMP_LIMITS.rows} rows`));
    rejects(`${lines[0]}\n"${'x'.repeat(DUMP_LIMITS.lineChars)}"\n`, /line 2: longer than/);
  });
});
