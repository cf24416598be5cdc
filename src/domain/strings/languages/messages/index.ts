import type { MessageLanguage } from '../../../message-language';
import hi from './hi';

/** The languages the shop's messages are written in besides English (a language's file, listed here). */
export const MESSAGE_LANGUAGES: readonly MessageLanguage[] = [hi];
