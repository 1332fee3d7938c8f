import { describe, expect, test } from 'vitest';
import { UsageError, oneLine } from './errors.ts';
import { flagsHelp, parseCommand, parseFlags } from './flags.ts';

const flags = {
  topic: { kind: 'string', required: true, help: 'topic to read' },
  nodes: { kind: 'number', min: 1, integer: true, default: 1, help: 'broker nodes' },
  strategy: { kind: 'choice', choices: ['range', 'cooperative-sticky'], default: 'range', help: 'assignment strategy' },
  fresh: { kind: 'boolean', help: 'wipe data first' },
} as const;

describe('parseFlags', () => {
  test('fills defaults and converts values to their kinds', () => {
    expect(parseFlags(flags, ['--topic', 't', '--nodes', '3', '--fresh'])).toEqual({
      topic: 't', nodes: 3, strategy: 'range', fresh: true,
    });
  });

  test.each([
    [['--nodes', '3'], '--topic is required'],
    [['--topic', 't', '--nodes', 'many'], "--nodes must be an integer >= 1, not 'many'"],
    [['--topic', 't', '--strategy', 'sticky'], "--strategy must be one of range, cooperative-sticky, not 'sticky'"],
    [['--topic', 't', '--frob'], 'unknown flag --frob (see --help)'],
    [['--topic'], '--topic needs a value'],
    [['--topic', 't', 'extra'], "unexpected argument 'extra' (flags only, see --help)"],
  ])('rejects %j with one line: %s', (argv, reason) => {
    expect(() => parseFlags(flags, argv)).toThrow(new UsageError(reason));
  });
});

test('parseCommand keeps positional arguments apart from flags', () => {
  expect(parseCommand(flags, ['up', '--topic', 't'])).toEqual({
    positionals: ['up'],
    flags: { topic: 't', nodes: 1, strategy: 'range', fresh: false },
  });
});

test('the help lists every flag with its default or requirement', () => {
  expect(flagsHelp('demo [flags]', flags).split('\n')).toEqual([
    'usage: demo [flags]',
    '',
    '  --topic VALUE                        topic to read (required)',
    '  --nodes VALUE                        broker nodes (default 1)',
    '  --strategy range|cooperative-sticky  assignment strategy (default range)',
    '  --fresh                              wipe data first',
    '  --help                               print this help',
  ]);
});

test('oneLine joins causes that add something and folds newlines', () => {
  const err = new Error('could not start the broker', { cause: new Error('port 9092\nin use') });
  expect(oneLine(err)).toBe('could not start the broker: port 9092 in use');
  expect(oneLine(new Error('x: y', { cause: new Error('y') }))).toBe('x: y');
});
