import type { Config } from '@netlify/functions';
import { handleReview } from '../../src/features/desk/server/handlers';
import { deskFunction } from '../../src/features/desk/server/production';

export default deskFunction('/api/desk/review', handleReview);

export const config: Config = { path: '/api/desk/review' };
