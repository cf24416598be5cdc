import { auth } from '../../domain/strings/english/auth';
import { login } from '../../domain/strings/english/login';
import { passwordField } from '../../domain/strings/english/passwordField';
import type { StringTable } from '../../domain/strings/table';

/**
 * The sign-in page's words, handed to its island as a prop by a page in another language (so the
 * build's drawing and the browser's agree); English's when none is given. `prefix` is the page's
 * own addresses' prefix ('/hi'), for where a signed-in customer goes next.
 */
export interface LoginText {
  auth: StringTable['auth'];
  login: StringTable['login'];
  passwordField: StringTable['passwordField'];
  prefix: string;
}

export const ENGLISH_LOGIN_TEXT: LoginText = { auth, login, passwordField, prefix: '' };
