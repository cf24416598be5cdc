import { describe, expect, it } from 'vitest';
import { CONTACT_SUBJECTS } from './contact-fields';
import { contactFieldErrors, contactSubmissionSchema } from './contact-schema';

const filled = {
  name: 'Asha Rao',
  email: 'asha@example.in',
  phone: '+91 98450 00000',
  subject: 'order',
  message: 'Where is my order?',
};

describe('contact submission schema', () => {
  it('trims name, email, phone and message before sending', () => {
    const parsed = contactSubmissionSchema.parse({
      ...filled,
      name: '  Asha Rao ',
      email: ' asha@example.in  ',
      phone: ' 98450 00000 ',
      message: '\n Where is my order? \n',
    });
    expect(parsed).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.in',
      phone: '98450 00000',
      subject: 'order',
      message: 'Where is my order?',
    });
  });

  it('sends an empty or blank phone as null', () => {
    expect(contactSubmissionSchema.parse({ ...filled, phone: '' }).phone).toBeNull();
    expect(contactSubmissionSchema.parse({ ...filled, phone: '   ' }).phone).toBeNull();
  });

  it('requires name, email, subject and message, each error on its own field', () => {
    const result = contactSubmissionSchema.safeParse({ name: ' ', email: '', phone: '', subject: '', message: '  ' });
    expect(result.success).toBe(false);
    expect(contactFieldErrors(result.error!)).toEqual({
      name: 'Please enter your full name.',
      email: 'Please enter your email address.',
      subject: 'Please choose a subject.',
      message: 'Please enter your message.',
    });
  });

  it('rejects a malformed email', () => {
    const result = contactSubmissionSchema.safeParse({ ...filled, email: 'asha@' });
    expect(contactFieldErrors(result.error!)).toEqual({ email: 'Please enter a valid email address.' });
  });

  it('enforces the maximum lengths: name 100, email 255, phone 20; message has none', () => {
    expect(contactSubmissionSchema.safeParse({ ...filled, name: 'a'.repeat(100) }).success).toBe(true);
    expect(contactFieldErrors(contactSubmissionSchema.safeParse({ ...filled, name: 'a'.repeat(101) }).error!)).toEqual({
      name: 'Full name must be at most 100 characters.',
    });
    const longEmail = `${'a'.repeat(244)}@example.in`;
    expect(longEmail).toHaveLength(255);
    expect(contactSubmissionSchema.safeParse({ ...filled, email: longEmail }).success).toBe(true);
    expect(contactSubmissionSchema.safeParse({ ...filled, email: `a${longEmail}` }).success).toBe(false);
    expect(contactSubmissionSchema.safeParse({ ...filled, phone: '1'.repeat(20) }).success).toBe(true);
    expect(contactSubmissionSchema.safeParse({ ...filled, phone: '1'.repeat(21) }).success).toBe(false);
    expect(contactSubmissionSchema.safeParse({ ...filled, message: 'x'.repeat(20_000) }).success).toBe(true);
  });

  it('accepts exactly the eight subjects of the spec', () => {
    expect(CONTACT_SUBJECTS.map((subject) => `${subject.value}:${subject.label}`)).toEqual([
      'general:General Inquiry',
      'order:Order Support',
      'technical:Technical Issue',
      'prescription:Prescription Help',
      'billing:Billing Question',
      'partnership:Partnership Opportunity',
      'feedback:Feedback',
      'other:Other',
    ]);
    for (const { value } of CONTACT_SUBJECTS) {
      expect(contactSubmissionSchema.safeParse({ ...filled, subject: value }).success).toBe(true);
    }
    expect(contactSubmissionSchema.safeParse({ ...filled, subject: 'complaint' }).success).toBe(false);
  });
});
