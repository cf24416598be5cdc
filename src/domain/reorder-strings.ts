import { reorder as englishReorder } from './strings/english/reorder';
import { countText, fill } from './strings/format';

/** What Reorder and the refill reminders say; one place (the strings tables), read by the pages, the functions and the tests. */
const text = englishReorder;
// English has one form for 1 and another for the rest: the plural rules of 'en'.
const locale = 'en-IN';
export const reorderStrings = {
  button: text.button,
  working: text.working,
  added: (count: number) => countText(text.added, count, locale),
  nothingAdded: text.nothingAdded,
  goToCart: text.goToCart,
  failed: text.failed,
  badReminderLink: text.badReminderLink,
  missingLink: text.missingLink,
  /** Refill reminders. */
  remindHeading: text.remindHeading,
  remindIntro: text.remindIntro,
  dosesLabel: text.dosesLabel,
  remindButton: text.remindButton,
  remindOn: (name: string, day: string) => fill(text.remindOn, { name, day }),
  noDoseCount: (name: string) => fill(text.noDoseCount, { name }),
  signInToRemind: text.signInToRemind,
  remindFailed: text.remindFailed,
  accountHeading: text.accountHeading,
  accountNone: text.accountNone,
  stop: text.stop,
  restart: text.restart,
} as const;
