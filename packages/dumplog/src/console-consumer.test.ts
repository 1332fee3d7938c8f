import { describe, expect, it } from 'vitest';
import { parseConsumerOutput } from './console-consumer.ts';

// Lines Kafka 4.3.1's kafka-console-consumer printed with the formatter properties named in each case.
describe('kafka-console-consumer output', () => {
  it('reads partition, offset, key and value (print.partition, print.offset, print.key)', () => {
    const text = 'Partition:1\tOffset:0\tuser-4\tjava\nPartition:0\tOffset:3\tnull\tE-1\n';
    expect(parseConsumerOutput(text, { key: true })).toEqual({
      records: [
        { partition: 1, offset: 0, key: 'user-4', value: 'java' },
        { partition: 0, offset: 3, key: null, value: 'E-1' },
      ],
      errors: [],
    });
  });

  it('reads the offset alone and keeps a tab inside a value', () => {
    expect(parseConsumerOutput('Offset:0\tE-41\nOffset:1\ta\tb\n').records).toEqual([
      { offset: 0, value: 'E-41' },
      { offset: 1, value: 'a\tb' },
    ]);
  });

  it('skips a CreateTime field it was given and reads bare values', () => {
    expect(parseConsumerOutput('CreateTime:1796127404000\tPartition:2\tx\nplain\n').records).toEqual([{ partition: 2, value: 'x' }, { value: 'plain' }]);
  });

  it('lists a line without a key cell as an error when keys were printed', () => {
    expect(parseConsumerOutput('Partition:0\tonly\n', { key: true })).toEqual({ records: [], errors: [{ line: 1, text: 'Partition:0\tonly' }] });
  });
});
