import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import rawDeliveryContent from '../../../.generated/delivery.json';
import { formatAddress, INDIAN_STATES, type SavedAddress } from '../../domain/address';
import { checkPinCode, type CodLine, type PinCodeCheck } from '../../domain/delivery';
import { parseDeliveryContent } from '../../domain/delivery-content';
import { Field, FieldError, inputClass, MobileField } from '../../components/form-ui';
import { loadSupabase } from '../../lib/browser/load-supabase';
import { codRefusalOf, DELIVERY_FIELDS, emptyDeliveryValues, readDeliveryForm, savedAddressDetails, type DeliveryField, type DeliveryValues } from './delivery-form';
import { $deliveryStep, $whatsappUpdates, type DeliveryStepState } from './delivery-step';
import { useCourierAnswer } from './use-courier-answer';
import { fieldLabels } from './delivery-strings';
import { codReasonIn, pinCodeSentence } from './delivery-words';
import { delivery } from '../../domain/strings/english/delivery';
import { address as englishAddress } from '../../domain/strings/english/address';
import { sameSentenceIn } from '../../domain/strings/format';
import { pageLocale, pageText } from '../../lib/browser/page-text';

// The page's words: English's, or its own language's on a page in another (read once: the form loads after the page).
const text = pageText('delivery', delivery);
// The address schema's sentences are English's: each said again in the page's language.
const addressText = pageText('address', englishAddress);
const fieldError = (message: string | undefined) => (message === undefined ? undefined : sameSentenceIn(message, englishAddress, addressText));
const FIELD_LABELS = fieldLabels(text);

const content = parseDeliveryContent(rawDeliveryContent, '.generated/delivery.json');
const NEW_ADDRESS = 'new';
const ADDRESS_COLUMNS = 'id, full_name, mobile, line1, area, landmark, city, state, pin_code, label, is_default, created_at';

interface Account {
  email: string | null;
  addresses: SavedAddress[];
}

/** The signed-in customer's saved addresses (row-level security keeps them theirs), default first. */
async function loadAccount(): Promise<Account | null> {
  const supabase = await loadSupabase();
  const { data: session } = await supabase.auth.getSession();
  if (!session.session) return null;
  const { data, error } = await supabase.from('addresses').select(ADDRESS_COLUMNS).order('is_default', { ascending: false }).order('created_at');
  return { email: session.session.user.email ?? null, addresses: error ? [] : (data as SavedAddress[]) };
}

/** Sends a reading to the payment step, keeping whether errors are already on show. */
function publish(reading: { details: DeliveryStepState['details']; check: PinCodeCheck | null }): void {
  $deliveryStep.set({ ...$deliveryStep.get(), details: reading.details, check: reading.check });
}

function PinCodeMessage({ check, pinCode }: { check: ReturnType<typeof checkPinCode> | null; pinCode: string }) {
  if (!check) return null;
  return (
    <p role="status" className={`mt-1 text-sm font-medium ${check.serviceable ? 'text-brand-700' : 'text-red-700'}`}>
      {pinCodeSentence(check, pinCode, text, pageLocale())}
    </p>
  );
}

function AddressForm({ guest, email }: { guest: boolean; email: string | null }) {
  const [values, setValues] = useState<DeliveryValues>({ ...emptyDeliveryValues, email: email ?? '' });
  const [touched, setTouched] = useState<Partial<Record<DeliveryField, boolean>>>({});
  const { showErrors } = useStore($deliveryStep);
  const reading = useMemo(() => readDeliveryForm(values, guest, content, new Date()), [values, guest]);
  const check = useCourierAnswer(values.pin_code, reading.check);

  useEffect(() => publish({ details: reading.details, check }), [reading, check]);

  const field = (name: DeliveryField) => {
    const error = fieldError(((touched[name] || showErrors) && reading.errors[name]) || undefined);
    const id = `delivery-${name}`;
    const common = {
      id,
      name,
      value: values[name],
      onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
      onBlur: () => setTouched({ ...touched, [name]: true }),
    };
    return (
      <div key={name} className={name === 'line1' || name === 'email' ? 'sm:col-span-2' : undefined}>
        {name === 'state' ? (
          <>
            <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
              {FIELD_LABELS[name]}
            </label>
            <select {...common} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={inputClass}>
              <option value="">{text.chooseState}</option>
              {INDIAN_STATES.map((state) => (
                <option key={state}>{state}</option>
              ))}
            </select>
            {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
          </>
        ) : name === 'mobile' ? (
          <MobileField {...common} label={FIELD_LABELS[name]} error={error} />
        ) : (
          <Field
            {...common}
            label={FIELD_LABELS[name]}
            error={error}
            type={name === 'email' ? 'email' : 'text'}
            inputMode={name === 'pin_code' ? 'numeric' : undefined}
            autoComplete={AUTOCOMPLETE[name]}
          />
        )}
        {name === 'pin_code' && <PinCodeMessage check={check} pinCode={values.pin_code} />}
      </div>
    );
  };

  return <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">{DELIVERY_FIELDS.filter((name) => guest || name !== 'email').map(field)}</div>;
}

/** The mobile field's own (tel-national) is MobileField's. */
const AUTOCOMPLETE: Record<Exclude<DeliveryField, 'mobile'>, string> = {
  full_name: 'name',
  line1: 'address-line1',
  area: 'address-line2',
  landmark: 'off',
  city: 'address-level2',
  state: 'address-level1',
  pin_code: 'postal-code',
  email: 'email',
};

function SavedAddresses({ account }: { account: Account }) {
  const [chosen, setChosen] = useState(account.addresses[0]?.id ?? NEW_ADDRESS);
  const address = account.addresses.find((candidate) => candidate.id === chosen);
  const own = useMemo(() => (address ? checkPinCode(address.pin_code, content, new Date()) : null), [address]);
  const check = useCourierAnswer(address?.pin_code ?? '', own);

  useEffect(() => {
    if (address) publish({ details: savedAddressDetails(address, account.email), check });
  }, [address, account.email, check]);

  return (
    <div className="space-y-3">
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-semibold text-gray-900">{text.deliverTo}</legend>
        {[...account.addresses.map((saved) => ({ value: saved.id, label: `${saved.full_name}, ${formatAddress(saved)}` })), { value: NEW_ADDRESS, label: text.addNewAddress }].map(
          (option) => (
            <label key={option.value} className="flex cursor-pointer items-start gap-3 rounded-md border border-gray-200 px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50">
              <input type="radio" name="delivery-address" value={option.value} checked={chosen === option.value} onChange={() => setChosen(option.value)} className="mt-1 accent-brand-700" />
              {option.label}
            </label>
          ),
        )}
      </fieldset>
      {address ? <PinCodeMessage check={check} pinCode={address.pin_code} /> : <AddressForm guest={false} email={account.email} />}
    </div>
  );
}

/** Delivery details on /cart: a guest's form, or a signed-in customer's saved addresses (default first) or a new one. */
/** The WhatsApp opt-in, asked once here; transactional SMS to the mobile needs none. */
function WhatsAppUpdates() {
  const ticked = useStore($whatsappUpdates);
  return (
    <div className="flex items-start gap-2">
      <input id="whatsapp-updates" type="checkbox" className="mt-1 h-4 w-4" checked={ticked} onChange={(event) => $whatsappUpdates.set(event.target.checked)} aria-describedby="whatsapp-updates-detail" />
      <label htmlFor="whatsapp-updates" className="text-sm text-gray-800">
        <span className="font-medium">{text.whatsappOptIn}</span>
        <span id="whatsapp-updates-detail" className="block text-gray-600">
          {text.whatsappOptInDetail}
        </span>
      </label>
    </div>
  );
}

export default function DeliveryStep({ signedIn, codLines, totalPaise }: { signedIn: boolean; codLines: CodLine[]; totalPaise: number }) {
  const [account, setAccount] = useState<Account | null | 'loading'>(signedIn ? 'loading' : null);
  const { check } = useStore($deliveryStep);
  const englishRefusal = codRefusalOf(check, codLines, totalPaise, content, delivery.codNeedsPinCode);
  const codRefusal = englishRefusal === null ? null : codReasonIn(englishRefusal, codLines.map((line) => line.name), content.codLimitPaise, text);

  useEffect(() => {
    if ($deliveryStep.get().codRefusal !== codRefusal) $deliveryStep.set({ ...$deliveryStep.get(), codRefusal });
  }, [codRefusal]);

  useEffect(() => {
    if (!signedIn) return;
    loadAccount().then(setAccount, () => setAccount(null));
  }, [signedIn]);

  return (
    <section aria-labelledby="delivery-details-heading" className="space-y-3">
      <h3 id="delivery-details-heading" className="text-sm font-semibold text-gray-900">
        {text.details}
      </h3>
      {account === 'loading' ? <p className="text-sm text-gray-600">{text.loadingAddresses}</p> : account ? <SavedAddresses account={account} /> : <AddressForm guest email={null} />}
      <WhatsAppUpdates />
    </section>
  );
}
