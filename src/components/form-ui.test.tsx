// @vitest-environment happy-dom
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { indianMobileSchema } from '../domain/address';
import { MobileField, PasswordField, SubmitButton } from './form-ui';
import { passwordField } from '../domain/strings/english/passwordField';

/* The form rows every form shares: the +91 mobile field, the password field and the submit button. */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let box: HTMLDivElement;
let root: Root;
beforeEach(() => {
  box = document.createElement('div');
  document.body.append(box);
  root = createRoot(box);
});
afterEach(() => {
  act(() => root.unmount());
  box.remove();
});

const draw = (element: ReactElement) => act(() => root.render(element));
const input = (id: string) => box.querySelector<HTMLInputElement>(`#${id}`)!;
const labelOf = (id: string) => box.querySelector(`label[for="${id}"]`)?.textContent;
const describedBy = (id: string) =>
  (input(id).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((part) => box.querySelector(`#${part}`)?.textContent);

describe('the mobile field', () => {
  it('is a labelled +91 number field on the number pad, filled with the national number, named mobile', () => {
    draw(<MobileField id="signup-mobile" label="Mobile number" required />);
    const mobile = input('signup-mobile');
    expect(labelOf('signup-mobile')).toBe('Mobile number');
    expect(mobile.name).toBe('mobile');
    expect(mobile.type).toBe('tel');
    expect(mobile.inputMode).toBe('numeric');
    expect(mobile.autocomplete).toBe('tel-national');
    expect(mobile.required).toBe(true);
    // The country code sits beside the field, outside its value and hidden from screen readers (the label names the field).
    const prefix = mobile.previousElementSibling!;
    expect(prefix.textContent).toBe('+91');
    expect(prefix.getAttribute('aria-hidden')).toBe('true');
    expect(mobile.hasAttribute('aria-invalid')).toBe(false);
  });

  it('holds the longest way the mobile schema reads a number, and no more', () => {
    draw(<MobileField id="address-mobile" label="Mobile number" />);
    const longest = '+91 98450 12345';
    expect(indianMobileSchema.parse(longest)).toBe('+919845012345');
    expect(input('address-mobile').maxLength).toBe(longest.length);
  });

  it('takes the form’s own label, value, hint and error, the hint and error announced with the field', () => {
    draw(<MobileField id="delivery-mobile" label="Mobile number (+91)" value="98450" onChange={() => undefined} hint="10 digits." error="Enter a 10-digit mobile number starting with 6, 7, 8 or 9." />);
    expect(labelOf('delivery-mobile')).toBe('Mobile number (+91)');
    expect(input('delivery-mobile').value).toBe('98450');
    expect(input('delivery-mobile').getAttribute('aria-invalid')).toBe('true');
    expect(describedBy('delivery-mobile')).toEqual(['10 digits.', 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9.']);
  });
});

describe('the password field', () => {
  it('shows and hides what was typed with a button named for the field', () => {
    draw(<PasswordField id="login-password" name="password" label="Password" showHide={passwordField} autoComplete="current-password" required />);
    const password = input('login-password');
    const toggle = box.querySelector('button')!;
    expect(labelOf('login-password')).toBe('Password');
    expect(password.type).toBe('password');
    expect(password.required).toBe(true);
    expect(toggle.type).toBe('button');
    expect([toggle.textContent, toggle.getAttribute('aria-label'), toggle.getAttribute('aria-pressed')]).toEqual(['Show', 'Show password', 'false']);
    act(() => toggle.click());
    expect(password.type).toBe('text');
    expect([toggle.textContent, toggle.getAttribute('aria-label'), toggle.getAttribute('aria-pressed')]).toEqual(['Hide', 'Hide password', 'true']);
  });

  it('announces its hint and error with the field', () => {
    draw(<PasswordField id="signup-password" label="Password" showHide={passwordField} hint="At least 8 characters, with a letter and a digit." error="Use at least 8 characters." />);
    expect(input('signup-password').getAttribute('aria-invalid')).toBe('true');
    expect(describedBy('signup-password')).toEqual(['At least 8 characters, with a letter and a digit.', 'Use at least 8 characters.']);
  });
});

describe('the submit button', () => {
  it('submits with its label, and says what is happening, disabled, while the form is sent', () => {
    draw(<SubmitButton busyLabel="Creating account...">Create account</SubmitButton>);
    const button = box.querySelector('button')!;
    expect([button.type, button.textContent, button.disabled]).toEqual(['submit', 'Create account', false]);
    draw(
      <SubmitButton busy busyLabel="Creating account...">
        Create account
      </SubmitButton>,
    );
    expect([button.textContent, button.disabled]).toEqual(['Creating account...', true]);
    draw(<SubmitButton busy>Sign In</SubmitButton>);
    expect([button.textContent, button.disabled]).toEqual(['Sign In', true]);
  });

  it('is full width, or its own width from 640 px where the form asks', () => {
    draw(<SubmitButton>Save changes</SubmitButton>);
    expect(box.querySelector('button')!.className).not.toContain('sm:w-auto');
    draw(<SubmitButton fit>Save changes</SubmitButton>);
    expect(box.querySelector('button')!.className).toContain('sm:w-auto');
  });
});
