import type { Config } from '@netlify/functions';
import { handleRequestDecision } from '../../src/features/desk/server/request-handlers';
import { deskFunction } from '../../src/features/desk/server/production';

export default deskFunction('/api/desk/request-decision', handleRequestDecision);

export const config: Config = { path: '/api/desk/request-decision' };
