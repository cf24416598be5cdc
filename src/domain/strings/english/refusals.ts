/**
 * The server's refusals a customer reads (placing an order, paying, a prescription request, the
 * account): the spec's English, written by the functions from here; an answer to a page in another
 * language is said in that language's same entry (lib/server/answered-in.ts). Refusals already said
 * elsewhere in the tables (a PIN code not served, a sold-out medicine, a missing email) are not repeated.
 */
export const refusals = {
  notInCatalogue: 'Product {id} is not in our catalogue. Please remove it from your cart.',
  discontinued: '{name} is discontinued. Please remove it from your cart.',
  soldOut: '{name} is sold out. Please remove it from your cart.',
  quantity: 'Quantity of {name} must be a whole number from 1 to {max}.',
  minimumOrder: 'The minimum order amount is {amount}.',
  totalChanged: 'Your cart total has changed: the current total is {total}. Please review your cart and try again.',
  signInExpired: 'Your sign-in has expired. Please sign in again.',
  prescriptionNotInFolder: 'Prescription file {path} is not in your prescriptions folder. Please upload a prescription before proceeding with your order.',
  prescriptionNotFound: 'Prescription file {paths} was not found. Please upload a prescription before proceeding with your order.',
  needsPrescription: '{names} needs a prescription. Please upload a prescription before proceeding with your order.',
  paymentMismatch: 'The payment does not match your order. Please contact us before paying again.',
  providerUnreachable: '{provider} could not be reached. Please try again.',
  providerUnavailable: '{provider} is unavailable right now. Please try again.',
  providerCouldNotStart: '{provider} could not start the payment. Please try again.',
  providerCouldNotCreate: '{provider} could not create the order. Please try again.',
  providerCouldNotConfirm: '{provider} could not confirm the payment yet. Please try again.',
  requestChanged: 'This request has just changed. Reload the page to see it.',
  fileNotInFolder: '{name} is not in your prescriptions folder. Upload it again.',
  fileNotFound: '{name} was not found. Upload it again.',
  fileTooLarge: '{name} is larger than 5 MB.',
  fileNotImageOrPdf: '{name} is not an image or a PDF.',
  whatsappSignIn: 'Sign in to change your WhatsApp updates.',
  sessionEnded: 'Your session has ended. Sign in again.',
  whatsappMobile: 'Use a mobile number from your account, your addresses or your orders.',
  refillEmail: 'Add an email address to your account to get refill reminders.',
  invoiceNotYet: 'The tax invoice of order {number} is issued when it ships.',
  couponUnknown: 'This code is not valid. Please check it and try again.',
  couponNotStarted: 'This code is not active yet.',
  couponExpired: 'This code has expired.',
  couponUsed: 'This code has been used.',
  couponUsedByYou: 'You have already used this code.',
  couponFirstOrder: 'This code is for your first order.',
  couponNotApplicable: 'This code does not apply to these medicines.',
  couponMinimum: 'This code needs an order of {amount} or more.',
} as const;
