import type { Config } from '@netlify/functions';
import { handlePrescriptionUrl } from '../../src/features/desk/server/handlers';
import { deskFunction } from '../../src/features/desk/server/production';

export default deskFunction('/api/desk/prescription-url', handlePrescriptionUrl);

export const config: Config = { path: '/api/desk/prescription-url' };
