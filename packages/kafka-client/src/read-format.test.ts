import { describe, expect, it } from 'vitest';
import { TxnWorkerError } from './errors.ts';
import { formatRead, parseRead } from './read-format.ts';
import type { TopicRead } from './read-format.ts';

const read: TopicRead = {
  topic: 'out-1',
  isolation: 'read_committed',
  records: [
    { partition: 0, offset: 5, key: 'O-1', value: '{"eventId":"E-0001","note":"two  spaces"}' },
    { partition: 0, offset: 6, key: null, value: null },
    { partition: 1, offset: 0, key: 'O-2', value: '' },
  ],
  ends: [{ partition: 0, offset: 8 }, { partition: 1, offset: 2 }],
};

describe('saved reads', () => {
  it('read back what was saved, null keys and values included', () => {
    const text = formatRead(read);
    expect(text.split('\n').slice(0, 2)).toEqual(['read out-1 read_committed', 'p0 offset 5 key O-1 value {"eventId":"E-0001","note":"two  spaces"}']);
    expect(parseRead(text, 'out.txt')).toEqual({ ...read, records: [read.records[0], read.records[1], { ...read.records[2], value: '' }] });
  });

  it('refuse what cannot be saved on one line', () => {
    expect(() => formatRead({ ...read, records: [{ partition: 0, offset: 1, key: 'a b', value: 'x' }] })).toThrow('its key cannot be saved on one line');
    expect(() => formatRead({ ...read, records: [{ partition: 0, offset: 1, key: 'k', value: 'x\ny' }] })).toThrow(TxnWorkerError);
  });

  it.each([
    ['', 'out.txt: line 1 is not "read <topic> <isolation level>"'],
    ['read t read_committed\np0 offset 1 key k value v\n', 'out.txt: no "end" line (the read did not finish)'],
    ['read t read_committed\np0 offset x key k value v\nend p0 at 1\n', 'out.txt: line 2 is not a record or end line of a saved read: "p0 offset x key k value v"'],
    ['read t read_committed\nend p0 at 1\np0 offset 1 key k value v\n', 'out.txt: line 3 is not a record or end line'],
  ])('name the line that does not fit: %j', (text, reason) => {
    expect(() => parseRead(text, 'out.txt')).toThrow(reason);
  });
});
