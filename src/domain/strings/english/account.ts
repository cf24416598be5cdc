export const account = {
  signedUp: 'Your email is confirmed and you are signed in. Welcome to MediKart!',
  heading: 'My account',
  profileSaved: 'Your details are saved.',
  emailChangeSent: "We've sent a link to {email}. Open it to confirm your new email.",
  emailChanged: 'Your new email is confirmed.',
  mobileChanged: 'Your mobile number is confirmed.',
  passwordChanged: 'Your password is changed.',
  deleteConfirm: 'Delete your account? Your profile, cart, saved addresses and prescriptions are removed for good. This cannot be undone.',
  deletedHeading: 'Your account is deleted',
  keptExplanation:
    'Indian GST law requires us to keep tax invoices for 72 months, so orders you paid for are kept without your name, email, mobile or prescriptions.',
} as const;
