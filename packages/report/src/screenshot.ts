import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Readable, Writable } from 'node:stream';

/** Debian's chromium, installed by scripts/setup.sh; KAFKA_LABS_CHROMIUM names another executable. */
export const chromiumPath = () => process.env.KAFKA_LABS_CHROMIUM ?? '/usr/bin/chromium';

/** Flags for a headless run without a network, a GPU or a sandbox. */
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The width a report is looked at and photographed with. */
export const VIEWPORT = { width: 1280, height: 900 };

/** The longest a screenshot may take, browser start included. */
const SCREENSHOT_LIMIT_MS = 30_000;

/**
 * The DevTools protocol over the pipe of `--remote-debugging-pipe` (Chromium reads fd 3, writes fd 4; each message
 * JSON ended by a NUL byte): `send` resolves with a command's result, `event` with the first event of a name.
 */
function devtools(toBrowser: Writable, fromBrowser: Readable) {
  let nextId = 1;
  const pending = new Map<number, { resolve: (result: any) => void; reject: (error: Error) => void }>();
  const waiting = new Map<string, (params: unknown) => void>();
  let buffered = '';
  // A write to a browser that has just died fails with EPIPE; the waits learn of the death from its exit instead.
  toBrowser.on('error', () => {});
  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (chunk: string) => {
    const parts = (buffered + chunk).split('\0');
    buffered = parts.pop()!;
    for (const part of parts) {
      const message = JSON.parse(part) as { id?: number; method?: string; params?: unknown; result?: unknown; error?: { message: string }; sessionId?: string };
      if (message.id !== undefined) {
        const call = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) call?.reject(new Error(message.error.message));
        else call?.resolve(message.result);
      } else if (message.method) {
        const key = `${message.sessionId ?? ''} ${message.method}`;
        waiting.get(key)?.(message.params);
        waiting.delete(key);
      }
    }
  });
  return {
    send(method: string, params: object = {}, sessionId?: string): Promise<any> {
      const id = nextId++;
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
      return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
    },
    /** The next event `method` of the page session `sessionId` (several pages may load at once: two reports of `pnpm lab --parallel`). */
    event: (method: string, sessionId?: string) => new Promise<unknown>((resolve) => waiting.set(`${sessionId ?? ''} ${method}`, resolve)),
    failAll(error: Error) {
      for (const call of pending.values()) call.reject(error);
      pending.clear();
    },
  };
}

/** A headless Chromium kept for the pictures of one command: `shoot` photographs a page, `close` ends the browser. */
export interface Camera {
  /** Writes a full-page PNG of `htmlFile` at 1280 px. */
  shoot(htmlFile: string, pngFile: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts headless Chromium in the background and returns at once (null when no Chromium is installed), so that a
 * caller can start it while a lab runs and take the picture in a fraction of a second afterwards. The browser runs
 * at a lower CPU priority than the lab (`nice`), speaks the DevTools protocol over a pipe, and ends with this
 * process. The picture needs five commands: playwright's modules would take longer to load than that (the tests use
 * playwright, to check what a person sees).
 */
export function openCamera(): Camera | null {
  const executable = chromiumPath();
  if (!existsSync(executable)) return null;
  const profile = mkdtempSync(join(tmpdir(), 'kafka-labs-chromium-'));
  const browser = spawn('nice', ['-n', '10', executable, '--headless', '--remote-debugging-pipe', `--user-data-dir=${profile}`, ...CHROMIUM_FLAGS, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
    // Its own process group, so that a Ctrl-C meant for the lab leaves the picture of the interrupted run to take;
    // Chromium ends with its pipe, so it cannot outlive this process even when this one is killed outright.
    detached: true,
  });
  const killNow = () => browser.kill('SIGKILL');
  process.once('exit', killNow);
  let stderr = '';
  browser.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const cdp = devtools(browser.stdio[3] as Writable, browser.stdio[4] as Readable);
  const exited = new Promise<never>((_, reject) => {
    browser.once('error', (error) => reject(new Error(`chromium did not start: ${error.message}`)));
    browser.once('close', (code) => reject(new Error(`chromium exited (code ${code}): ${stderr.trim().split('\n').at(-1) ?? ''}`)));
  });
  exited.catch((error: Error) => cdp.failAll(error));

  const shoot = async (htmlFile: string, pngFile: string) => {
    const { targetId } = await cdp.send('Target.createTarget', { url: 'about:blank' });
    try {
      const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: true });
      await cdp.send('Page.enable', {}, sessionId);
      await cdp.send('Emulation.setDeviceMetricsOverride', { ...VIEWPORT, deviceScaleFactor: 1, mobile: false }, sessionId);
      const loaded = cdp.event('Page.loadEventFired', sessionId);
      const { errorText } = await cdp.send('Page.navigate', { url: pathToFileURL(htmlFile).href }, sessionId);
      if (errorText) throw new Error(`chromium could not open ${htmlFile}: ${errorText}`);
      await loaded;
      const { cssContentSize } = await cdp.send('Page.getLayoutMetrics', {}, sessionId);
      const clip = { x: 0, y: 0, width: VIEWPORT.width, height: Math.ceil(cssContentSize.height), scale: 1 };
      const { data } = await cdp.send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true, clip }, sessionId);
      await writeFile(pngFile, Buffer.from(data as string, 'base64'));
    } finally {
      await cdp.send('Target.closeTarget', { targetId }).catch(() => {});
    }
  };

  return {
    async shoot(htmlFile, pngFile) {
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no screenshot within ${SCREENSHOT_LIMIT_MS / 1000} s`)), SCREENSHOT_LIMIT_MS);
      });
      try {
        await Promise.race([shoot(htmlFile, pngFile), exited, limit]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (browser.exitCode === null && browser.signalCode === null) {
        const closed = new Promise((resolve) => browser.once('close', resolve));
        await cdp.send('Browser.close').catch(killNow);
        await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
        killNow();
      }
      process.off('exit', killNow);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Writes a full-page PNG of `htmlFile` at 1280 px with a browser of its own; false when no Chromium is installed. */
export async function screenshot(htmlFile: string, pngFile: string): Promise<boolean> {
  const camera = openCamera();
  if (!camera) return false;
  try {
    await camera.shoot(htmlFile, pngFile);
    return true;
  } finally {
    await camera.close();
  }
}
