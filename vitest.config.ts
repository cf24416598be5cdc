import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@/': fileURLToPath(new URL('./src/', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'netlify/**/*.test.ts', 'emulators/**/*.test.ts', 'supabase/tests/**/*.test.ts', 'tests/contract/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    // Vitest's default on 2 cores is one worker (cores - 1), leaving a core idle while files wait on
    // their emulators, PGlite or PostgreSQL; every file starts its own servers on free ports, so two run side by side.
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 2),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
