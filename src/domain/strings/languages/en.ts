import type { LanguageSettings } from '../settings';
import { layout } from '../english/layout';
import { landing } from '../english/landing';
import { catalogue } from '../english/catalogue';
import { units } from '../english/units';
import { productList } from '../english/productList';
import { cartControl } from '../english/cartControl';
import { cart } from '../english/cart';
import { paymentMethods } from '../english/paymentMethods';
import { checkout } from '../english/checkout';
import { delivery } from '../english/delivery';
import { prescriptions } from '../english/prescriptions';
import { auth } from '../english/auth';
import { account } from '../english/account';
import { contact } from '../english/contact';
import { reorder } from '../english/reorder';
import { prescriptionRequest } from '../english/prescriptionRequest';
import { order } from '../english/order';
import { parcel } from '../english/parcel';
import { login } from '../english/login';
import { signup } from '../english/signup';
import { address } from '../english/address';
import { offers } from '../english/offers';
import { passwordField } from '../english/passwordField';
import { notFound } from '../english/notFound';
import { resetPassword } from '../english/resetPassword';
import { accountPage } from '../english/accountPage';
import { addressBook } from '../english/addressBook';
import { phonePeCallback } from '../english/phonePeCallback';
import { invoice } from '../english/invoice';
import { refusals } from '../english/refusals';
import { authMails } from '../english/authMails';
import { messageLink } from '../english/messageLink';

/**
 * English: the spec's text, byte for byte, and the source of every key the other languages' tables
 * must have. `{name}` is a value filled in (format.ts `fill`); `{ one, other }` is a count's forms.
 * Each section is a module of its own (../english/<section>.ts), so a browser bundle that prints the
 * cart's English carries the cart's section, placed beside the code that uses it, not the whole table.
 */
const settings: LanguageSettings = {
  code: 'en',
  name: 'English',
  htmlLang: 'en-IN',
  locale: 'en-IN',
  ogLocale: 'en_IN',
};

const text = { layout, landing, catalogue, units, productList, cartControl, cart, paymentMethods, checkout, delivery, prescriptions, auth, account, contact, reorder, prescriptionRequest, order, parcel, login, signup, address, offers, passwordField, notFound, resetPassword, accountPage, addressBook, phonePeCallback, invoice, refusals, authMails, messageLink };

export default { settings, text };
