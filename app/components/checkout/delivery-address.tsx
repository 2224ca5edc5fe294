// "Endereço de entrega" at checkout: the customer's saved addresses (the default preselected)
// or a new one typed in place with the same fields and CEP mask as Meus Endereços, and who
// receives it. Controlled by the checkout page, which posts the `delivery.*` fields.
import { useId } from 'react';
import { CityInput } from '~/components/city-input';
import { Field } from '~/components/ui/field';
import { Label } from '~/components/ui/label';
import { formatCep } from '~/lib/cep';
import { ADDRESS_LIMITS } from '~/lib/schemas/address';
import { RECIPIENT_MAX } from '~/lib/schemas/checkout';
import type { FieldErrors } from '~/lib/schemas/field-errors';
import { isUf, STATES, stateLabel } from '~/lib/states';

export type SavedAddress = {
  id: string;
  name: string;
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  city: string;
  state: string;
  zipCode: string;
  isDefault: boolean;
};

export const NEW_ADDRESS_FIELDS = ['zipCode', 'street', 'number', 'complement', 'neighborhood', 'city', 'state'] as const;
export type NewAddress = Record<(typeof NEW_ADDRESS_FIELDS)[number], string>;

export type DeliveryState = { addressId: string; recipientName: string; saveAddress: boolean; newAddress: NewAddress };

export function initialDelivery(addresses: SavedAddress[], recipientName: string): DeliveryState {
  const preferred = addresses.find((a) => a.isDefault) ?? addresses[0];
  return {
    addressId: preferred?.id ?? 'new',
    recipientName,
    saveAddress: true,
    newAddress: { zipCode: '', street: '', number: '', complement: '', neighborhood: '', city: '', state: '' },
  };
}

/** The posted fields the checkout action reads (lib/schemas/checkout.ts deliveryFromForm). */
export function deliveryFields(delivery: DeliveryState): Record<string, string> {
  const fields: Record<string, string> = { 'delivery.addressId': delivery.addressId, 'delivery.recipientName': delivery.recipientName };
  if (delivery.addressId === 'new') {
    for (const key of NEW_ADDRESS_FIELDS) fields[`delivery.newAddress.${key}`] = delivery.newAddress[key];
    if (delivery.saveAddress) fields['delivery.saveAddress'] = 'on';
  }
  return fields;
}

const SELECT_CLASS =
  'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

export function DeliveryAddress({
  addresses,
  value,
  onChange,
  errors,
}: {
  addresses: SavedAddress[];
  value: DeliveryState;
  onChange: (next: DeliveryState) => void;
  errors: FieldErrors;
}) {
  const id = useId();
  const choiceError = errors['delivery.addressId'];
  const err = (key: string) => errors[`delivery.newAddress.${key}`];
  const setNew = (key: keyof NewAddress, v: string) => onChange({ ...value, newAddress: { ...value.newAddress, [key]: v } });
  const typingNew = value.addressId === 'new';

  return (
    <fieldset className="grid gap-3" aria-describedby={choiceError ? `${id}-choice-error` : undefined}>
      <legend className="mb-1 text-sm font-semibold">Endereço de entrega</legend>
      {addresses.map((a) => (
        <label
          key={a.id}
          className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:border-slate-600 dark:has-[:checked]:bg-slate-800"
        >
          <input
            type="radio"
            name="delivery.addressId"
            value={a.id}
            checked={value.addressId === a.id}
            onChange={() => onChange({ ...value, addressId: a.id })}
            className="mt-1 accent-brand-700"
          />
          <span className="text-sm">
            <span className="font-semibold">
              {a.name}
              {a.isDefault ? ' (padrão)' : ''}
            </span>
            <span className="block">
              {a.street}, {a.number}
              {a.complement ? ` — ${a.complement}` : ''}
            </span>
            <span className="block">
              {a.neighborhood} — {a.city}/{a.state} — CEP {formatCep(a.zipCode)}
            </span>
          </span>
        </label>
      ))}
      {addresses.length > 0 ? (
        <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:border-slate-600 dark:has-[:checked]:bg-slate-800">
          <input type="radio" name="delivery.addressId" value="new" checked={typingNew} onChange={() => onChange({ ...value, addressId: 'new' })} className="accent-brand-700" />
          <span className="text-sm font-semibold">Novo endereço</span>
        </label>
      ) : null}
      {choiceError ? (
        <p id={`${id}-choice-error`} className="text-sm text-red-700 dark:text-red-400">
          {choiceError}
        </p>
      ) : null}

      {typingNew ? (
        <div className="grid gap-3 sm:grid-cols-6">
          <div className="sm:col-span-3">
            <Field
              label="CEP"
              name="delivery.newAddress.zipCode"
              inputMode="numeric"
              autoComplete="shipping postal-code"
              placeholder="00000-000"
              required
              maxLength={9}
              value={value.newAddress.zipCode}
              onChange={(e) => setNew('zipCode', formatCep(e.currentTarget.value))}
              error={err('zipCode')}
            />
          </div>
          <div className="grid gap-1.5 sm:col-span-3">
            <Label htmlFor={`${id}-estado`}>Estado</Label>
            <select
              id={`${id}-estado`}
              name="delivery.newAddress.state"
              required
              autoComplete="shipping address-level1"
              value={isUf(value.newAddress.state) ? value.newAddress.state : ''}
              onChange={(e) => setNew('state', e.currentTarget.value)}
              aria-invalid={err('state') ? true : undefined}
              aria-describedby={err('state') ? `${id}-estado-error` : undefined}
              className={SELECT_CLASS}
            >
              <option value="">Selecione</option>
              {STATES.map((s) => (
                <option key={s.uf} value={s.uf}>
                  {stateLabel(s.uf)}
                </option>
              ))}
            </select>
            {err('state') ? (
              <p id={`${id}-estado-error`} className="text-sm text-red-700 dark:text-red-400">
                {err('state')}
              </p>
            ) : null}
          </div>
          <div className="sm:col-span-4">
            <Field label="Rua" name="delivery.newAddress.street" autoComplete="shipping address-line1" required maxLength={ADDRESS_LIMITS.street} value={value.newAddress.street} onChange={(e) => setNew('street', e.currentTarget.value)} error={err('street')} />
          </div>
          <div className="sm:col-span-2">
            <Field label="Número" name="delivery.newAddress.number" required maxLength={ADDRESS_LIMITS.number} value={value.newAddress.number} onChange={(e) => setNew('number', e.currentTarget.value)} error={err('number')} />
          </div>
          <div className="sm:col-span-6">
            <Field
              label="Complemento (opcional)"
              name="delivery.newAddress.complement"
              autoComplete="shipping address-line2"
              maxLength={ADDRESS_LIMITS.complement}
              value={value.newAddress.complement}
              onChange={(e) => setNew('complement', e.currentTarget.value)}
              error={err('complement')}
            />
          </div>
          <div className="sm:col-span-3">
            <Field label="Bairro" name="delivery.newAddress.neighborhood" required maxLength={ADDRESS_LIMITS.neighborhood} value={value.newAddress.neighborhood} onChange={(e) => setNew('neighborhood', e.currentTarget.value)} error={err('neighborhood')} />
          </div>
          <div className="sm:col-span-3">
            <CityInput
              name="delivery.newAddress.city"
              uf={isUf(value.newAddress.state) ? value.newAddress.state : ''}
              autoComplete="shipping address-level2"
              required
              maxLength={ADDRESS_LIMITS.city}
              value={value.newAddress.city}
              onValueChange={(city) => setNew('city', city)}
              error={err('city')}
            />
          </div>
          <label className="flex items-center gap-2 text-sm sm:col-span-6">
            <input type="checkbox" name="delivery.saveAddress" checked={value.saveAddress} onChange={(e) => onChange({ ...value, saveAddress: e.currentTarget.checked })} className="h-4 w-4 accent-brand-700" />
            Salvar nos meus endereços
          </label>
        </div>
      ) : null}

      <Field
        label="Quem vai receber"
        name="delivery.recipientName"
        autoComplete="shipping name"
        required
        maxLength={RECIPIENT_MAX}
        value={value.recipientName}
        onChange={(e) => onChange({ ...value, recipientName: e.currentTarget.value })}
        error={errors['delivery.recipientName']}
      />
    </fieldset>
  );
}
