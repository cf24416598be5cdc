import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'netlify/**/*.test.ts', 'emulators/**/*.test.ts', 'supabase/tests/**/*.test.ts', 'tests/contract/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    // Vitest's default on 2 cores is one worker (cores - 1), leaving a core idle while files wait on
    // their emulators, PGlite or PostgreSQL; every file starts its own servers on free ports, so two run side by side.
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 2),
    // Each worker runs its files one after another in one module graph instead of a fresh one per
    // file: no file relies on another's leftovers (each starts its own servers and data; stubs and
    // spies are put back after every test by the setup file), and loading PGlite, zod and
    // supabase-js once per worker rather than 135 times halved the suite (103 s against 191 s on
    // this machine kind).
    isolate: false,
    setupFiles: ['tests/vitest-after-each.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
