import { UsageError } from '@kafka-labs/cli';
import { describe, expect, test } from 'vitest';
import { parseBrokerCommand } from './broker-command.ts';

describe('pnpm broker arguments', () => {
  test.each(['stop', 'kill', 'freeze', 'thaw', 'restart'])('%s --node N names the node', (command) => {
    expect(parseBrokerCommand([command, '--node', '2'])).toEqual({ command, node: 2 });
    expect(parseBrokerCommand(['--node=3', command])).toEqual({ command, node: 3 });
  });

  test('the layout commands keep their flags and defaults', () => {
    expect(parseBrokerCommand(['up', '--nodes', '3', '--fresh'])).toEqual({ command: 'up', nodes: 3, fresh: true, lines: 50 });
    expect(parseBrokerCommand(['logs', '--lines', '5'])).toEqual({ command: 'logs', nodes: 1, fresh: false, lines: 5 });
    expect(parseBrokerCommand(['status'])).toEqual({ command: 'status', nodes: 1, fresh: false, lines: 50 });
  });

  test.each([
    [['freeze'], 'freeze needs --node 1|2|3'],
    [['kill', '--node', '4'], "--node must be one of 1, 2, 3, not '4'"],
    [['thaw', '--node', '0'], "--node must be one of 1, 2, 3, not '0'"],
    [['stop', '--node'], '--node needs a value'],
    [['status', '--node', '2'], '--node is for stop, kill, freeze, thaw, restart, not status'],
    [['restart', '2'], "unexpected argument '2' (see --help)"],
    [['pause', '--node', '1'], 'unknown command "pause"'],
    [[], 'missing command'],
  ])('%j is refused with one line', (argv, line) => {
    expect(() => parseBrokerCommand(argv)).toThrow(new UsageError(line));
  });
});
