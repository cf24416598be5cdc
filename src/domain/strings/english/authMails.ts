/**
 * The mails Supabase Auth sends itself (supabase/templates/*.html, made from these by
 * scripts/auth-mail-templates.ts): GoTrue's default words, which the existing specs read. `{email}`
 * and `{newEmail}` become the template's `{{ .Email }}` and `{{ .NewEmail }}`; the link's address is
 * GoTrue's `{{ .ConfirmationURL }}`.
 */
export const authMails = {
  confirmation: {
    subject: 'Confirm Your Signup',
    heading: 'Confirm your signup',
    lead: 'Follow this link to confirm your user:',
    link: 'Confirm your mail',
  },
  recovery: {
    subject: 'Reset Your Password',
    heading: 'Reset Password',
    lead: 'Follow this link to reset the password for your user:',
    link: 'Reset Password',
  },
  email_change: {
    subject: 'Confirm Email Change',
    heading: 'Confirm Change of Email',
    lead: 'Follow this link to confirm the update of your email from {email} to {newEmail}:',
    link: 'Change Email',
  },
} as const;
