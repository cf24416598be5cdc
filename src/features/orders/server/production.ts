import { buildServerDependencies, parseServerDependenciesEnv, type ServerDependencies } from './server-dependencies';

let cached: ServerDependencies | null = null;

/** Built once per function instance: env read and validated once, provider tokens cached across calls. */
export function productionServerDependencies(): ServerDependencies {
  cached ??= buildServerDependencies(parseServerDependenciesEnv(process.env));
  return cached;
}
