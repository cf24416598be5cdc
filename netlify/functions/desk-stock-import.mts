import type { Config } from '@netlify/functions';
import stockSettings from '../../content/stock/settings.json' with { type: 'json' };
import { stockSettingsSchema } from '../../src/domain/stock-import';
import { deskFunction } from '../../src/features/desk/server/production';
import { parseServerDependenciesEnv } from '../../src/features/orders/server/server-dependencies';
import { handleStockImport, SupabaseStockImporter } from '../../src/features/desk/server/stock-import';
import { sendBackInStockMails } from '../../src/features/orders/server/back-in-stock-mail';

const { minimumShelfLifeDays } = stockSettingsSchema.parse(stockSettings);

export default deskFunction('/api/desk/stock-import', (req, deps) => {
  const env = parseServerDependenciesEnv(process.env);
  return handleStockImport(req, deps, new SupabaseStockImporter(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY), minimumShelfLifeDays, () =>
    sendBackInStockMails({ ...deps.orders, catalogue: deps.catalogue }),
  );
});

export const config: Config = { path: '/api/desk/stock-import' };
