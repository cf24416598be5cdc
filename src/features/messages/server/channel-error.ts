/**
 * A message a channel (SMS, WhatsApp) did not take. `permanent` says whether sending the same
 * message again can ever help: true for a refused number, an unapproved or paused template or a
 * refused key (the outbox gives up, or falls back to another channel); false for a provider
 * outage, a timeout, an unreachable network or a rate limit (the outbox tries again later).
 */
export class ChannelSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'ChannelSendError';
  }
}
