import { isMainThread, parentPort, SHARE_ENV, Worker, workerData } from 'node:worker_threads';
import type { RunningEmulators, startEmulators } from './index.ts';

type StartOptions = Parameters<typeof startEmulators>[0];
type Started = { names: string[] } | { error: string };

/**
 * The emulators on a thread of their own, beside a server on the main thread: the emulated
 * database (PGlite) and the server's pages and functions then use a core each instead of taking
 * turns on one, and the emulators start while the server loads its own modules. They are reached
 * over HTTP on their ports either way, so nothing else changes. The thread shares this process's
 * environment (the local settings applied before it starts).
 */
export function startEmulatorsOnThread(options: StartOptions): Promise<RunningEmulators> {
  const thread = new Worker(new URL(import.meta.url), { workerData: options, env: SHARE_ENV });
  return new Promise((resolve, reject) => {
    thread.once('error', reject);
    thread.once('message', (started: Started) => {
      if ('error' in started) {
        void thread.terminate();
        reject(new Error(started.error));
        return;
      }
      resolve({
        names: started.names,
        // The emulators close their servers and data first; the thread ends after.
        close: () =>
          new Promise<void>((closed) => {
            thread.once('message', () => void thread.terminate().then(() => closed()));
            thread.postMessage('close');
          }),
      });
    });
  });
}

// The emulators' modules (PGlite among them) load on the thread only: the server's thread never needs them.
if (!isMainThread && parentPort) {
  const port = parentPort;
  const { startEmulators: start } = await import('./index.ts');
  start(workerData as StartOptions).then(
    (emulators) => {
      port.once('message', () => void emulators.close().then(() => port.postMessage('closed')));
      port.postMessage({ names: emulators.names } satisfies Started);
    },
    (error: unknown) => port.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies Started),
  );
}
