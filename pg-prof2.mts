import { readFile, rm, cp } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
if (process.argv[2] === 'extract') {
  const saved = await readFile('/work/main/node_modules/.cache/medikart-database/201826990151053b.tar');
  await rm('/tmp/snap-dir', { recursive: true, force: true });
  const db = await PGlite.create({ dataDir: '/tmp/snap-dir', extensions: { pgcrypto }, loadDataDir: new Blob([saved]) });
  await db.close();
} else {
  const t0 = performance.now();
  await rm('/tmp/pg-copy', { recursive: true, force: true });
  await cp('/tmp/snap-dir', '/tmp/pg-copy', { recursive: true });
  console.log('copied', Math.round(performance.now() - t0));
  const db = await PGlite.create({ dataDir: '/tmp/pg-copy', extensions: { pgcrypto } });
  console.log('create', Math.round(performance.now() - t0));
  const r = await db.query('select count(*) from public.products'); console.log('q', Math.round(performance.now() - t0), r.rows);
  await db.close();
}
