// @ts-check
/**
 * Runs one Kafka tool call along a route: on the first idle warm runner (../java/ToolRunner.java, over its
 * Unix socket), else as a plain JVM. Plain JavaScript without dependencies, so that `node tool-client.mjs`
 * (the command line that toolCommand() gives for the warm runner) starts in tens of milliseconds; the
 * in-process runTool() uses the same function, so there is one implementation of a tool call.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { constants } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * @typedef {object} Route
 * @property {string} mainClass the tool's main class
 * @property {string[]} runners sockets of warm runners to try, in order
 * @property {string} runnerCwd the working directory of the runners
 * @property {string[]} java the plain JVM command line up to the main class, for when no runner takes the call
 *
 * @typedef {object} Streams
 * @property {string | Buffer | NodeJS.ReadableStream} [input] the tool's stdin: text (then end of input) or a stream
 * @property {{ write(chunk: Buffer): unknown }} stdout
 * @property {{ write(chunk: Buffer): unknown }} stderr
 * @property {boolean} [terminal] true when the streams are this process's own: SIGINT and SIGTERM go to the tool
 */

/** The environment variable that carries the route to `node tool-client.mjs`. */
export const ROUTE_VARIABLE = 'KAFKA_LABS_TOOL_ROUTE';

const SIGNALS = /** @type {const} */ ({ SIGINT: 2, SIGTERM: 15 });

/** @param {string} type @param {Buffer} payload */
function frame(type, payload) {
  const header = Buffer.alloc(5);
  header.writeUInt8(type.charCodeAt(0), 0);
  header.writeInt32BE(payload.length, 1);
  return Buffer.concat([header, payload]);
}

/** @param {number} n */
function int32(n) {
  const payload = Buffer.alloc(4);
  payload.writeInt32BE(n);
  return payload;
}

/**
 * Runs `mainClass` in the runner at `socket`. Resolves 'absent' when nothing listens there or the runner closed the
 * connection before it took the call, 'busy' when the runner serves another call (the call's input is not read then),
 * else the tool's exit code (128 + n after signal n, as a JVM reports it).
 * @param {string} socket
 * @param {string} mainClass
 * @param {string[]} args
 * @param {Streams} streams
 * @returns {Promise<number | 'absent' | 'busy'>}
 */
export function callRunner(socket, mainClass, args, streams) {
  return new Promise((resolvePromise, reject) => {
    const conn = connect(socket);
    let received = Buffer.alloc(0);
    /** True once the runner has taken the call ('A'): before that, no tool ran, and a failure is a runner that is not there. */
    let taken = false;
    let settled = false;
    /** @type {(() => void)[]} */
    const cleanups = [];
    /** @param {number | 'absent' | 'busy' | Error} outcome */
    const settle = (outcome) => {
      if (settled) return;
      settled = true;
      for (const cleanup of cleanups) cleanup();
      conn.destroy();
      if (outcome instanceof Error) reject(outcome);
      else resolvePromise(outcome);
    };
    // A runner that is retiring or being stopped can accept the connection and close it unanswered.
    conn.on('error', (err) => settle(taken ? err : 'absent'));
    conn.on('close', () => settle(taken ? new Error(`the tool runner at ${socket} ended the call without an exit code`) : 'absent'));
    conn.on('connect', () => {
      conn.write(frame('C', Buffer.from([mainClass, ...args].join('\0'), 'utf8')));
    });
    // Input and signals go to the runner only once it has taken the call, so a busy runner consumes none.
    const accepted = () => {
      taken = true;
      const { input } = streams;
      if (typeof input === 'string' || Buffer.isBuffer(input)) {
        if (input.length > 0) conn.write(frame('I', Buffer.from(input)));
        conn.write(frame('I', Buffer.alloc(0)));
      } else if (input) {
        /** @param {Buffer | string} chunk */
        const onData = (chunk) => conn.write(frame('I', Buffer.from(chunk)));
        const onEnd = () => conn.write(frame('I', Buffer.alloc(0)));
        input.on('data', onData).on('end', onEnd);
        cleanups.push(() => {
          input.off('data', onData).off('end', onEnd);
          input.pause();
        });
      } else {
        conn.write(frame('I', Buffer.alloc(0)));
      }
      if (streams.terminal) {
        for (const [name, number] of Object.entries(SIGNALS)) {
          const forward = () => conn.write(frame('S', int32(number)));
          process.on(/** @type {NodeJS.Signals} */ (name), forward);
          cleanups.push(() => process.off(/** @type {NodeJS.Signals} */ (name), forward));
        }
      }
    };
    conn.on('data', (chunk) => {
      received = received.length ? Buffer.concat([received, chunk]) : chunk;
      while (received.length >= 5 && received.length >= 5 + received.readInt32BE(1)) {
        const type = String.fromCharCode(received[0] ?? 0);
        const payload = received.subarray(5, 5 + received.readInt32BE(1));
        received = received.subarray(5 + payload.length);
        if (type === 'A') accepted();
        else if (type === 'O') streams.stdout.write(payload);
        else if (type === 'E') streams.stderr.write(payload);
        else if (type === 'X') return settle(payload.readInt32BE(0));
        else if (type === 'B') return settle('busy');
      }
    });
  });
}

/**
 * Runs the tool with `args` on the route's first idle runner, else as a plain JVM; resolves its exit code.
 * A runner is skipped when an argument names an existing relative path and the working directory is not
 * the runner's: a JVM resolves relative paths against its own working directory.
 * @param {Route} route
 * @param {string[]} args
 * @param {Streams} streams
 * @returns {Promise<number>}
 */
export async function runRoute(route, args, streams) {
  const cwd = process.cwd();
  const needsOwnCwd = cwd !== route.runnerCwd && args.some((a) => a !== '' && !isAbsolute(a) && existsSync(resolve(cwd, a)));
  if (!needsOwnCwd) {
    for (const socket of route.runners) {
      const outcome = await callRunner(socket, route.mainClass, args, streams);
      if (typeof outcome === 'number') return outcome;
    }
  }
  return runJvm([...route.java, ...args], streams);
}

/**
 * @param {string[]} argv
 * @param {Streams} streams
 * @returns {Promise<number>}
 */
function runJvm(argv, streams) {
  return new Promise((resolvePromise, reject) => {
    const [command = 'java', ...rest] = argv;
    const child = spawn(command, rest, { stdio: streams.terminal ? 'inherit' : 'pipe' });
    /** @type {(() => void)[]} */
    const cleanups = [];
    if (streams.terminal) {
      // The terminal's Ctrl-C reaches the JVM by itself; a signal sent to this process alone is passed on.
      for (const name of /** @type {NodeJS.Signals[]} */ (Object.keys(SIGNALS))) {
        const forward = () => child.kill(name);
        process.on(name, forward);
        cleanups.push(() => process.off(name, forward));
      }
    } else {
      child.stdout?.on('data', (d) => streams.stdout.write(d));
      child.stderr?.on('data', (d) => streams.stderr.write(d));
      const { input } = streams;
      if (typeof input === 'string' || Buffer.isBuffer(input) || !input) child.stdin?.end(input ?? '');
      else input.pipe(/** @type {NodeJS.WritableStream} */ (child.stdin));
    }
    child.on('error', (err) => {
      for (const cleanup of cleanups) cleanup();
      reject(err);
    });
    child.on('close', (code, signal) => {
      for (const cleanup of cleanups) cleanup();
      resolvePromise(code ?? 128 + (signal ? constants.signals[signal] : 0));
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const route = process.env[ROUTE_VARIABLE];
  if (!route) {
    process.stderr.write(`error: ${ROUTE_VARIABLE} is not set; get this command line from toolCommand()\n`);
    process.exit(2);
  }
  const code = await runRoute(JSON.parse(route), process.argv.slice(2), {
    input: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    terminal: true,
  });
  // process.exit drops what is still queued for a piped stdout or stderr: exit once both have taken every byte.
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}
