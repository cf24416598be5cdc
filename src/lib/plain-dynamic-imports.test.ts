import { describe, expect, it } from 'vitest';
import { unwrapPreloadCalls } from './plain-dynamic-imports';

// Chunks as Vite renders them, before minifying.
const HELPER = 'import { a as AUTH_SESSION_STARTED_EVENT, u as __vitePreload } from "./common.js";\n';

describe("a chunk's dynamic imports without the preload helper", () => {
  it('keeps each import and what follows it, and drops the helper once no call is left', () => {
    const chunk =
      HELPER +
      'startCartSync();\n__vitePreload(() => import("./cart-sync.js"), __VITE_PRELOAD__);\n' +
      'if (stored) __vitePreload(() => import("./session-start.js").then((session) => session.startStoredSession(sync, [1, ","])), __VITE_PRELOAD__);\n';
    expect(unwrapPreloadCalls(chunk)).toBe(
      'import { a as AUTH_SESSION_STARTED_EVENT } from "./common.js";\n' +
        'startCartSync();\nimport("./cart-sync.js");\n' +
        'if (stored) import("./session-start.js").then((session) => session.startStoredSession(sync, [1, ","]));\n',
    );
  });

  it("turns Vite's destructuring wrapper back into the import, whose module object has the same names", () => {
    const chunk =
      'import { u as __vitePreload } from "./common.js";\n' +
      'logout.disabled = true;\n__vitePreload(async () => {\n\tconst { signOut } = await import("./auth-store.js");\n\treturn { signOut };\n}, __VITE_PRELOAD__).then(({ signOut }) => signOut());\n';
    expect(unwrapPreloadCalls(chunk)).toBe('logout.disabled = true;\nimport("./auth-store.js").then(({ signOut }) => signOut());\n');
  });

  it('unwraps calls nested in other calls', () => {
    expect(unwrapPreloadCalls(HELPER + 'Promise.all([__vitePreload(() => import("./a.js").then((m) => m.n), __VITE_PRELOAD__), __vitePreload(() => import("./b.js"), __VITE_PRELOAD__)]);')).toBe(
      'import { a as AUTH_SESSION_STARTED_EVENT } from "./common.js";\nPromise.all([import("./a.js").then((m) => m.n), import("./b.js")]);',
    );
  });

  it('leaves a call it does not recognise, and then the helper too', () => {
    const chunk = HELPER + '__vitePreload(() => {\n\treturn import("./a.js");\n}, __VITE_PRELOAD__);\n__vitePreload(() => import(`./${name}.js`), __VITE_PRELOAD__);\n';
    expect(unwrapPreloadCalls(chunk)).toBe(chunk);
  });
});
