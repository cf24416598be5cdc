import type { Config } from '@netlify/functions';
import { handleRequestFile } from '../../src/features/desk/server/request-handlers';
import { deskFunction } from '../../src/features/desk/server/production';

export default deskFunction('/api/desk/request-file', handleRequestFile);

export const config: Config = { path: '/api/desk/request-file' };
