/** What other features' server code uses of the messages feature. */
export { sendMail, type ComposedMail } from './mail';
export { sendWaitingMessages, resendMessage, MAX_ATTEMPTS, type OutboxDependencies } from './outbox';
export { messageEnvShape, phoneChannels, templateIdIssues } from './settings';
export { composeOrderMail } from './order-messages';
export { refillLinks, composeRefillMail } from './refill-messages';
export { escapeHtml } from './links';
export { linkPage } from './link-page';
