/** The page a message's short link shows when it opens nothing (cut short in the SMS, or forged). Drawn by the server only. */
export const messageLink = {
  opensNothing: 'This link does not open anything',
  incomplete: 'Check that the whole link from your message was opened, or find your order under My orders.',
  failed: 'We could not open the link just now. Please try again in a minute.',
} as const;
