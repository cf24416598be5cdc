export const contact = {
  formHeading: 'Send us a Message',
  sending: 'Sending...',
  thankYou: "Thank you for your message! We'll get back to you within 24 hours.",
  thankYouNote: 'This message will be shown for a week from your submission date.',
  failed: 'An unexpected error occurred. Please try again.',
  notSent: 'Sorry, there was an error sending your message. Please try again.',
} as const;
