import { auth } from '../../domain/strings/english/auth';
import { address } from '../../domain/strings/english/address';
import { passwordField } from '../../domain/strings/english/passwordField';
import { signup } from '../../domain/strings/english/signup';
import type { StringTable } from '../../domain/strings/table';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../domain/language';

/** The sign-up page's words, handed to its island by a page in another language; English's when none is given. */
export interface SignUpText {
  auth: StringTable['auth'];
  signup: StringTable['signup'];
  passwordField: StringTable['passwordField'];
  /** The mobile number's sentence is the address forms'. */
  address: StringTable['address'];
  /** The page's own addresses' prefix ('/hi'), for its links. */
  prefix: string;
  /** The page's language: the new account's user_metadata.language, which Supabase Auth's mails are written in. */
  language: LanguageCode;
}

export const ENGLISH_SIGNUP_TEXT: SignUpText = { auth, signup, passwordField, address, prefix: '', language: DEFAULT_LANGUAGE };
