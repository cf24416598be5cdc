/**
 * Decap CMS's local proxy (the decap-server package): on localhost the editor at /admin reads and
 * writes the files in content/ through it, with no account. `npm start` and `npm run dev` start it.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { LOCAL_EDITOR_BACKEND_PORT } from '../src/features/content-editor/editor-config.ts';

export interface ContentEditorBackend {
  url: string;
  close(): Promise<void>;
}

export async function startContentEditorBackend(repositoryDirectory: string, port: number = LOCAL_EDITOR_BACKEND_PORT): Promise<ContentEditorBackend> {
  const server = createRequire(import.meta.url).resolve('decap-server/dist/index.js');
  const child = spawn(process.execPath, [server], {
    env: { ...process.env, PORT: String(port), BIND_HOST: '127.0.0.1', MODE: 'fs', GIT_REPO_DIRECTORY: repositoryDirectory, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/api/v1`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // Ready once it answers; an early exit (the port taken) is reported, not thrown: the shop runs without the editor.
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the content editor's local proxy stopped (exit ${child.exitCode}); is port ${port} taken?`);
    const ready = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'info' }) }).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    close: async () => {
      if (child.exitCode === null) child.kill();
      await exited;
    },
  };
}
