/**
 * The local server's table of functions: each function's name, source file and the routes its
 * `config` declares, as Netlify reads them (zip-it-and-ship-it's `listFunctions`, which parses each
 * file's in-source config), and the lookup of the function that answers a path.
 * Loading zip-it-and-ship-it takes about 2 s of a start, so the table is kept under node_modules/.cache
 * with a key made of everything it is read from (the function files and zip-it-and-ship-it's
 * version), and listed again only when one of those has changed.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

const routeSchema = z.object({
  literal: z.string().optional(),
  expression: z.string().optional(),
  methods: z.array(z.string()).optional(),
  prefer_static: z.boolean().optional(),
});
const localFunctionSchema = z.object({
  name: z.string(),
  /** Relative to the project, so a clone or a moved checkout reads the same table. */
  file: z.string(),
  routes: z.array(routeSchema),
  excludedRoutes: z.array(routeSchema),
});
const tableSchema = z.object({ key: z.string(), functions: z.array(localFunctionSchema) });

export type FunctionRoute = z.infer<typeof routeSchema>;
export type LocalFunction = z.infer<typeof localFunctionSchema>;

const FUNCTIONS_DIR = path.join('netlify', 'functions');
/**
 * Where Netlify's adapter writes, at build, the function that draws the pages built on request
 * (src/lib/prebuilt-netlify.ts). Its entry file, which declares its paths, goes into the table's key.
 */
const BUILT_FUNCTIONS_DIR = path.join('.netlify', 'v1', 'functions');
const ON_DEMAND_ENTRY = path.join(BUILT_FUNCTIONS_DIR, 'ssr', 'ssr.mjs');
const LISTER_MANIFEST = createRequire(import.meta.url).resolve('@netlify/zip-it-and-ship-it/package.json');
const TABLE_FILE = path.join('node_modules', '.cache', 'medikart-function-routes.json');

async function tableKey(projectRoot: string): Promise<string> {
  const hash = createHash('sha256');
  const listed = await readdir(path.join(projectRoot, FUNCTIONS_DIR), { recursive: true, withFileTypes: true });
  const files = listed
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(`\0${path.relative(projectRoot, file)}\0`).update(await readFile(file));
  if (existsSync(path.join(projectRoot, ON_DEMAND_ENTRY))) hash.update(`\0${ON_DEMAND_ENTRY}\0`).update(await readFile(path.join(projectRoot, ON_DEMAND_ENTRY)));
  hash.update(await readFile(LISTER_MANIFEST));
  return hash.digest('hex');
}

/** Every function of netlify/functions, and the build's on-demand page function when there is one, with its routes, from the kept table while nothing it was read from has changed. */
export async function listLocalFunctions(projectRoot: string): Promise<LocalFunction[]> {
  const key = await tableKey(projectRoot);
  const tableFile = path.join(projectRoot, TABLE_FILE);
  const kept = tableSchema.safeParse(await readFile(tableFile, 'utf8').then(JSON.parse, () => null));
  if (kept.success && kept.data.key === key) return kept.data.functions;

  const { listFunctions } = await import('@netlify/zip-it-and-ship-it');
  const directories = [path.join(projectRoot, FUNCTIONS_DIR)];
  if (existsSync(path.join(projectRoot, ON_DEMAND_ENTRY))) directories.push(path.join(projectRoot, BUILT_FUNCTIONS_DIR));
  const listed = await listFunctions(directories, { parseISC: true });
  const functions = listed.map((func) =>
    localFunctionSchema.parse({
      name: func.name,
      file: path.relative(projectRoot, func.mainFile),
      routes: func.routes ?? [],
      excludedRoutes: func.excludedRoutes ?? [],
    }),
  );
  await mkdir(path.dirname(tableFile), { recursive: true });
  // Written aside and renamed, so a server starting meanwhile reads a whole table or none.
  await writeFile(`${tableFile}.${process.pid}`, JSON.stringify({ key, functions }));
  await rename(`${tableFile}.${process.pid}`, tableFile);
  return functions;
}

/** Any function is reached at /.netlify/functions/<name> unless it declares paths of its own (how the local schedule calls them). */
const DEFAULT_FUNCTION_PATH = /^\/\.netlify\/(functions|builders)\/([^/]+)/;

function routeMatches(route: FunctionRoute, pathname: string): boolean {
  if (route.literal !== undefined) return pathname === route.literal;
  if (route.expression !== undefined) return new RegExp(route.expression).test(pathname);
  return false;
}

/**
 * The function that answers a request, by the rules of Netlify's functions handler: a declared path
 * (literal or pattern, any of its methods, not excluded), matched without a trailing slash and in
 * lower case; `preferStatic` when a built file at the path answers first.
 */
export function findFunction(functions: LocalFunction[], pathname: string, method: string): { func: LocalFunction; preferStatic: boolean } | undefined {
  const byDefaultPath = DEFAULT_FUNCTION_PATH.exec(pathname);
  if (byDefaultPath) {
    const func = functions.find((candidate) => candidate.name === byDefaultPath[2]);
    return func && func.routes.length === 0 ? { func, preferStatic: false } : undefined;
  }
  const normalised = (pathname !== '/' && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname).toLowerCase();
  for (const func of functions) {
    const route = func.routes.find((candidate) => (!candidate.methods?.length || candidate.methods.includes(method)) && routeMatches(candidate, normalised));
    if (route && !func.excludedRoutes.some((excluded) => routeMatches(excluded, normalised))) return { func, preferStatic: route.prefer_static ?? false };
  }
  return undefined;
}
