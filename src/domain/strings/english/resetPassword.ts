/** /reset-password around its sentences (auth.reset*): the fields, buttons and the link's states. */
export const resetPassword = {
  title: 'Choose a new password | MediKart',
  description: 'Choose a new password for your MediKart account.',
  checking: 'Checking your link...',
  newPassword: 'New password',
  hint: 'At least 8 characters, with a letter and a digit.',
  repeat: 'Repeat new password',
  saving: 'Saving...',
  save: 'Save new password',
  expiredHeading: 'Reset link expired',
  loading: 'Loading...',
} as const;
