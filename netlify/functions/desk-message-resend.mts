import type { Config } from '@netlify/functions';
import { handleMessageResend } from '../../src/features/desk/server/handlers';
import { deskFunction } from '../../src/features/desk/server/production';

export default deskFunction('/api/desk/message-resend', handleMessageResend);

export const config: Config = { path: '/api/desk/message-resend' };
