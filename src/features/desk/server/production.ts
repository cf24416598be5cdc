import { catalogueIndexFiles } from '../../checkout/server/public';
import { functionRoot } from '../../../lib/catalogue-shard-files';
import { requirePost, respond } from '../../../lib/server/http';
import { parseServerDependenciesEnv } from '../../orders/server/server-dependencies';
import { buildDeskDependencies } from './dependencies';
import { drugTaxFiles } from './dispatch-records';
import type { DeskDependencies } from './handlers';

let cached: DeskDependencies | null = null;

/** A Netlify function running one desk handler; env read and validated once per instance. */
export function deskFunction(path: string, handler: (req: Request, deps: DeskDependencies) => Promise<Response>): (req: Request) => Promise<Response> {
  return (req) =>
    respond(path, () => {
      requirePost(req);
      cached ??= buildDeskDependencies(parseServerDependenciesEnv(process.env), catalogueIndexFiles(functionRoot()), drugTaxFiles(functionRoot()));
      return handler(req, cached);
    });
}
