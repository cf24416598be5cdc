import { account } from '../../domain/strings/english/account';
import { accountPage } from '../../domain/strings/english/accountPage';
import { address } from '../../domain/strings/english/address';
import { addressBook } from '../../domain/strings/english/addressBook';
import { auth } from '../../domain/strings/english/auth';
import { delivery } from '../../domain/strings/english/delivery';
import { passwordField } from '../../domain/strings/english/passwordField';
import { reorder } from '../../domain/strings/english/reorder';
import { sameSentenceIn } from '../../domain/strings/format';
import type { StringTable } from '../../domain/strings/table';

/**
 * The account pages' words (/account, /account/addresses), handed to their islands by a page in
 * another language (so the build's drawing and the browser's agree); English's when none is given.
 * `prefix` is the page's own addresses' prefix ('/hi'), `locale` its language's (dates, counts).
 */
export interface AccountText {
  account: StringTable['account'];
  accountPage: StringTable['accountPage'];
  addressBook: StringTable['addressBook'];
  address: StringTable['address'];
  auth: StringTable['auth'];
  delivery: Pick<StringTable['delivery'], 'whatsappOptIn' | 'whatsappOptInDetail'>;
  passwordField: StringTable['passwordField'];
  reorder: StringTable['reorder'];
  prefix: string;
  locale: string;
}

export const ENGLISH_ACCOUNT_TEXT: AccountText = {
  account,
  accountPage,
  addressBook,
  address,
  auth,
  delivery: { whatsappOptIn: delivery.whatsappOptIn, whatsappOptInDetail: delivery.whatsappOptInDetail },
  passwordField,
  reorder,
  prefix: '',
  locale: 'en-IN',
};

/** The sections a page hands the islands, from its language's table. */
export const accountTextOf = (table: StringTable, prefix: string, locale: string): AccountText => ({
  account: table.account,
  accountPage: table.accountPage,
  addressBook: table.addressBook,
  address: table.address,
  auth: table.auth,
  delivery: { whatsappOptIn: table.delivery.whatsappOptIn, whatsappOptInDetail: table.delivery.whatsappOptInDetail },
  passwordField: table.passwordField,
  reorder: table.reorder,
  prefix,
  locale,
});

/** A schema's English sentence (the auth and address sections') in the page's language. */
export const sentenceIn = (text: AccountText, sentence: string): string =>
  sameSentenceIn(sameSentenceIn(sentence, ENGLISH_ACCOUNT_TEXT.auth, text.auth), ENGLISH_ACCOUNT_TEXT.address, text.address);
