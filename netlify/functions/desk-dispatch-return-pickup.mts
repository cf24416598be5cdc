import type { Config } from '@netlify/functions';
import { handleReturnPickup } from '../../src/features/desk/server/dispatch-handlers';
import { deskFunction } from '../../src/features/desk/server/production';
import { dispatchDependencies } from '../../src/features/shipping/server/public';

export default deskFunction('/api/desk/dispatch-return-pickup', (req, deps) => handleReturnPickup(req, deps, () => dispatchDependencies()));

export const config: Config = { path: '/api/desk/dispatch-return-pickup' };
