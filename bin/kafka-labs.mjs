#!/usr/bin/env node
// The commands' one entry: `node bin/kafka-labs.mjs <command> [args]` is `pnpm <command> [args]` without pnpm (what a
// course platform's step check can call). It runs the command from the compiled tree (packages/build), compiling the
// tree first when a source changed since the last build (one line on a terminal's stderr says so), and from source
// through tsx, with one line saying why, when the tree cannot be compiled.
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const fromRoot = (...parts) => pathToFileURL(join(root, ...parts)).href;
const say = (line) => process.stderr.write(`${line}\n`);
const [command, ...args] = process.argv.slice(2);

// A module instance of its own (the query), so that a command compiled just now imports the new tree.mjs, not this one.
let build = await import(`${fromRoot('node_modules/.cache/kafka-labs-build/packages/build/src/tree.mjs')}?launcher`).catch(() => null);
// A tree compiled in another checkout (this one copied or moved) holds that checkout's paths: it is compiled anew.
const reason = !build ? 'not compiled yet' : build.REPO_ROOT !== root ? `compiled in ${build.REPO_ROOT}` : build.staleReason();
let compiled = reason === null;
if (!compiled) {
  const { register } = await import('tsx/esm/api');
  register();
  build = await import(fromRoot('packages/build/src/index.ts'));
  const started = performance.now();
  try {
    const modules = await build.buildTree();
    // Said where someone watches; a script or a test reading the command's output sees only the command's own.
    if (process.stderr.isTTY) say(`build: compiled ${modules} modules in ${((performance.now() - started) / 1000).toFixed(1)} s (${reason})`);
    compiled = true;
  } catch (err) {
    say(`build: running from source (${reason}; compiling failed: ${String(err?.message ?? err).split('\n')[0]})`);
  }
}

const commands = build.commands();
if (!commands.includes(command)) {
  const wrong = command === undefined || command.startsWith('-') ? 'missing command' : `unknown command "${command}"`;
  say(`error: ${wrong}; usage: node bin/kafka-labs.mjs <command> [args], one of: ${commands.join(', ')}`);
  process.exit(command === '--help' || command === '-h' ? 0 : 2);
}
// The command sees itself as the script node runs, as under `node --import tsx scripts/<command>.ts`.
const source = join(root, 'scripts', `${command}.ts`);
process.argv = [process.argv[0], source, ...args];
if (compiled) {
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(build.compiledPath(source)).href);
} else {
  await import(pathToFileURL(source).href);
}
