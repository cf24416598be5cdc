import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHECKED_CONTEXTS } from '../../lib/production-env';
import { translatedLanguageCodes } from '../../lib/language-files';
import { LOCAL_EDITOR_BACKEND_URL, type EditorBackend } from './editor-config';

/**
 * /admin, the content editor: Decap CMS's prebuilt bundle from the decap-cms package, copied into
 * the site (nothing is fetched from a CDN), and our start-up script (start-editor.ts) bundled with
 * esbuild. /admin is written as plain files rather than an Astro page so it carries none of the
 * shop's pages' Content-Security-Policy <meta>: Decap injects its styles at run time, which the
 * shop's hashed style-src would refuse. The shop's pages do not change.
 */

const DECAP_DIST = path.dirname(createRequire(import.meta.url).resolve('decap-cms/dist/decap-cms.js'));
/** The bundle, its lazily loaded chunks (fetched beside it) and the WebAssembly they load; no source maps. */
const isDecapFile = (file: string) => /^(\d+\.)?decap-cms\.js$|\.wasm$|^decap-cms\.js\.LICENSE\.txt$/.test(file);

const ADMIN_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <title>Content editor | MediKart</title>
    <!-- The shop's icon: without one the browser asks for /favicon.ico, which the site does not have (a 404). -->
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
  </head>
  <body>
    <script>window.CMS_MANUAL_INIT = true;</script>
    <script src="/admin/decap/decap-cms.js"></script>
    <script src="/admin/editor.js"></script>
  </body>
</html>
`;

/**
 * Where the editor saves in production: GitHub through Netlify's OAuth (CMS_GITHUB_REPO set), or
 * Git Gateway with Netlify Identity. On localhost Decap uses the local proxy instead (editor-config.ts).
 */
export function editorBackend(env: Record<string, string | undefined>): EditorBackend {
  const branch = env.CMS_BRANCH || 'main';
  return env.CMS_GITHUB_REPO ? { name: 'github', repo: env.CMS_GITHUB_REPO, branch, base_url: 'https://api.netlify.com' } : { name: 'git-gateway', branch };
}

/** The local proxy's address (scripts/content-editor-backend.ts), left out of production and deploy-preview builds. */
function localBackendUrl(env: Record<string, string | undefined>): string | null {
  return (CHECKED_CONTEXTS as readonly (string | undefined)[]).includes(env.CONTEXT) ? null : LOCAL_EDITOR_BACKEND_URL;
}

async function editorScript(env: Record<string, string | undefined>, siteUrl: string): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./start-editor.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'es2022',
    define: {
      CMS_BACKEND: JSON.stringify(editorBackend(env)),
      CMS_SITE_URL: JSON.stringify(siteUrl),
      CMS_LOCAL_BACKEND: JSON.stringify(localBackendUrl(env)),
      CMS_LANGUAGES: JSON.stringify(translatedLanguageCodes()),
    },
  });
  return result.outputFiles[0]!.text;
}

export function contentEditor(env: Record<string, string | undefined>): AstroIntegration {
  let siteUrl = 'http://localhost:8888';
  return {
    name: 'medikart:content-editor',
    hooks: {
      'astro:config:setup': ({ config, command, updateConfig }) => {
        if (config.site) siteUrl = config.site.replace(/\/$/, '');
        if (command !== 'dev') return;
        // astro dev: the same files, made on request.
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'medikart:content-editor-dev',
                configureServer(server) {
                  server.middlewares.use(async (request, response, next) => {
                    const url = new URL(request.url ?? '/', 'http://localhost');
                    try {
                      if (url.pathname === '/admin' || url.pathname === '/admin/' || url.pathname === '/admin/index.html') {
                        response.setHeader('Content-Type', 'text/html; charset=utf-8');
                        response.end(ADMIN_PAGE);
                      } else if (url.pathname === '/admin/editor.js') {
                        response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
                        response.end(await editorScript(env, siteUrl));
                      } else if (url.pathname.startsWith('/admin/decap/') && isDecapFile(path.basename(url.pathname))) {
                        response.setHeader('Content-Type', url.pathname.endsWith('.wasm') ? 'application/wasm' : 'text/javascript; charset=utf-8');
                        response.end(await readFile(path.join(DECAP_DIST, path.basename(url.pathname))));
                      } else next();
                    } catch (error) {
                      next(error);
                    }
                  });
                },
              },
            ],
          },
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const admin = path.join(fileURLToPath(dir), 'admin');
        await mkdir(path.join(admin, 'decap'), { recursive: true });
        const files = (await readdir(DECAP_DIST)).filter(isDecapFile);
        await Promise.all(files.map((file) => copyFile(path.join(DECAP_DIST, file), path.join(admin, 'decap', file))));
        await writeFile(path.join(admin, 'index.html'), ADMIN_PAGE);
        await writeFile(path.join(admin, 'editor.js'), await editorScript(env, siteUrl));
        logger.info(`content editor at /admin: Decap CMS (${files.length} files), saving through ${editorBackend(env).name}`);
      },
    },
  };
}
