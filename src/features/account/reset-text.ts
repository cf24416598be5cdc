import { auth } from '../../domain/strings/english/auth';
import { login } from '../../domain/strings/english/login';
import { passwordField } from '../../domain/strings/english/passwordField';
import { resetPassword } from '../../domain/strings/english/resetPassword';
import type { StringTable } from '../../domain/strings/table';
import type { LoginText } from '../auth/login-text';

/** /reset-password's words, handed to its island by a page in another language; English's when none is given. */
export interface ResetText extends LoginText {
  resetPassword: StringTable['resetPassword'];
}

export const ENGLISH_RESET_TEXT: ResetText = { auth, login, passwordField, resetPassword, prefix: '' };
