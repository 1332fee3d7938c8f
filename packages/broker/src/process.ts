import { spawn } from 'node:child_process';
import type { ToolOptions, ToolResult } from './tools.ts';

/** Runs a command to completion, feeding `input` to stdin, and returns its exit code and output. */
export function runCommand(command: string, args: string[], options: ToolOptions = {}): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: options.interactive ? 'inherit' : ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ exitCode: code ?? (signal ? 128 : 1), stdout, stderr }));
    child.stdin?.end(options.input ?? '');
  });
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
