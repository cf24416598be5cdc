import { auth } from '../../domain/strings/english/auth';
import { login } from '../../domain/strings/english/login';
import { passwordField } from '../../domain/strings/english/passwordField';
import { resetPassword } from '../../domain/strings/english/resetPassword';
import type { StringTable } from '../../domain/strings/table';

/** /reset-password's words, handed to its island by a page in another language; English's when none is given. */
export interface ResetText {
  auth: StringTable['auth'];
  /** The expired link's form is the forgotten-password form: its words are the sign-in page's. */
  login: StringTable['login'];
  passwordField: StringTable['passwordField'];
  resetPassword: StringTable['resetPassword'];
  /** The page's own addresses' prefix ('/hi'), for where the customer goes next. */
  prefix: string;
}

export const ENGLISH_RESET_TEXT: ResetText = { auth, login, passwordField, resetPassword, prefix: '' };
