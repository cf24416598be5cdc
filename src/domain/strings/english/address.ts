/** What an address form says about a field that is wrong (checkout's delivery details, the address book). */
export const address = {
  fullName: 'Enter the name of the person receiving the order.',
  fullNameTooLong: 'Keep the name to 100 characters.',
  mobile: 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9.',
  line1: 'Enter the flat or house number and the street.',
  line1TooLong: 'Keep this to 200 characters.',
  area: 'Enter the area or locality.',
  tooLong: 'Keep this to 100 characters.',
  city: 'Enter the town or city.',
  state: 'Choose a state or union territory.',
  pinCode: 'Enter the 6-digit PIN code (it does not start with 0).',
  label: 'Choose Home, Work or Other.',
  guestEmail: 'Enter an email address for order updates.',
} as const;
