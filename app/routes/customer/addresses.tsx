// /area-cliente/enderecos — Meus Endereços: list (default first, then newest), one form for new and
// edited addresses (?editar={id}), a default switch and a delete confirmation
// (?excluir={id}). Ids in the URL or the form must be the signed-in user's: any
// other id answers 404 and changes nothing.
import { useEffect, useState } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { CityInput } from '~/components/city-input';
import { Button, buttonVariants } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { Label } from '~/components/ui/label';
import { toast } from '~/components/ui/toaster';
import { useClientValidation } from '~/components/use-client-validation';
import { formatCep } from '~/lib/cep';
import { ADDRESS_LIMITS, addressIdSchema, addressSchema } from '~/lib/schemas/address';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import { STATES, stateLabel, isUf } from '~/lib/states';
import type { ToastMessage } from '~/lib/toast';
import { cityProblem } from '~/lib/municipalities.server';
import { flashToast } from '~/server/infra/cookies.server';
import { deleteAddress, listAddresses, saveAddress, setDefaultAddress, type Address } from '~/server/account/addresses.server';
import { getDb } from '~/server/infra/db.server';
import { requireUser } from '~/server/auth/session.server';
import { companyOfUser } from '~/server/companies/membership.server';
import { readForm } from '~/server/infra/http/body.server';
import type { Route } from './+types/addresses';
import { log } from '~/server/infra/log.server';

const PATH = '/area-cliente/enderecos';
const NOT_FOUND = 'Endereço não encontrado.';

export const meta: Route.MetaFunction = () => [{ title: 'Meus Endereços | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  let addresses: Address[];
  // A company's member shares addresses with it (issue 35): every member sees and ships to them.
  let company: { legalName: string } | null = null;
  try {
    const db = await getDb();
    [addresses, company] = await Promise.all([listAddresses(db, user.id), companyOfUser(db, user.id)]);
  } catch (error) {
    log.error('addresses list failed', error);
    return { addresses: [] as Address[], loadError: true, editing: null, deleting: null, company: null };
  }
  // ?editar / ?excluir must name one of this user's addresses.
  const pick = (param: string) => {
    const id = url.searchParams.get(param);
    if (id === null) return null;
    const found = addresses.find((a) => a.id === id);
    if (!found) throw data(NOT_FOUND, 404);
    return found;
  };
  return { addresses, loadError: false, editing: pick('editar'), deleting: pick('excluir'), company: company ? { legalName: company.legalName } : null };
}

type Fields = Record<string, string>;
type ActionData = { intent: string; errors: FieldErrors; fields: Fields | null; toast: ToastMessage };

const failure = (intent: string, title: string, description: string, status: number, errors: FieldErrors = {}, fields: Fields | null = null) =>
  data<ActionData>({ intent, errors, fields, toast: { title, description, variant: 'destructive' } }, status);

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = Object.fromEntries(await readForm(request));
  const intent = String(form.intent ?? 'save');
  const rawId = typeof form.id === 'string' && form.id !== '' ? form.id : null;
  const db = await getDb();

  if (intent === 'delete' || intent === 'default') {
    const title = intent === 'delete' ? 'Erro ao deletar endereço' : 'Erro ao salvar endereço';
    const id = addressIdSchema.safeParse(rawId);
    if (!id.success) return failure(intent, title, NOT_FOUND, 404);
    try {
      const done = intent === 'delete' ? await deleteAddress(db, user.id, id.data) : await setDefaultAddress(db, user.id, id.data);
      if (!done) return failure(intent, title, NOT_FOUND, 404);
    } catch (error) {
      log.error(`address ${intent} failed`, error);
      return failure(intent, title, 'Não foi possível concluir agora. Tente novamente.', 500);
    }
    const message = intent === 'delete' ? { title: 'Endereço excluído' } : { title: 'Endereço salvo!', description: 'Este é agora o seu endereço padrão.' };
    return redirect(PATH, { headers: { 'set-cookie': await flashToast(message) } });
  }

  if (intent !== 'save') return failure(intent, 'Erro ao salvar endereço', 'Ação inválida.', 400);

  const fields: Fields = {};
  for (const key of ['name', 'zipCode', 'street', 'number', 'complement', 'neighborhood', 'city', 'state']) fields[key] = String(form[key] ?? '');
  if (form.isDefault) fields.isDefault = 'on';
  if (form.shared) fields.shared = 'on';

  let id: string | undefined;
  if (rawId !== null) {
    const parsedId = addressIdSchema.safeParse(rawId);
    if (!parsedId.success) return failure(intent, 'Erro ao salvar endereço', NOT_FOUND, 404);
    id = parsedId.data;
  }
  const parsed = addressSchema.safeParse(form);
  // The city must be one of the UF's IBGE municipalities (the NF-e's): told with the other fields' messages.
  const city = cityProblem(form.state, form.city);
  if (!parsed.success || !city.ok) {
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    if (!city.ok) errors.city ??= city.message;
    return failure(intent, 'Erro ao salvar endereço', 'Confira os campos destacados.', 400, errors, fields);
  }
  try {
    // Saved as IBGE writes it ("sao paulo" is São Paulo).
    const saved = await saveAddress(db, user.id, { ...parsed.data, city: city.city ?? parsed.data.city }, id, { shared: fields.shared === 'on' });
    if (!saved) return failure(intent, 'Erro ao salvar endereço', NOT_FOUND, 404, {}, fields);
  } catch (error) {
    log.error('address save failed', error);
    return failure(intent, 'Erro ao salvar endereço', 'Não foi possível salvar agora. Tente novamente.', 500, {}, fields);
  }
  return redirect(PATH, { headers: { 'set-cookie': await flashToast({ title: 'Endereço salvo!', description: 'Seu endereço foi salvo com sucesso.' }) } });
}

export default function Addresses({ loaderData, actionData }: Route.ComponentProps) {
  const { addresses, loadError, editing, deleting, company } = loaderData;

  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData]);

  return (
    <section aria-labelledby="titulo-enderecos" className="grid gap-8">
      <h1 id="titulo-enderecos" className="text-2xl font-bold">
        Meus Endereços
      </h1>

      {loadError ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          <p className="font-semibold">Erro ao buscar endereços</p>
          <p className="text-sm">Não foi possível carregar seus endereços agora. Recarregue a página para tentar de novo.</p>
        </div>
      ) : addresses.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">Você ainda não cadastrou nenhum endereço.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" aria-label="Endereços cadastrados">
          {addresses.map((address) => (
            <AddressCard key={address.id} address={address} confirming={deleting?.id === address.id} />
          ))}
        </ul>
      )}

      {/* A new key after each save empties the form (a new address changes the list). */}
      <AddressForm
        key={editing?.id ?? `novo:${addresses.map((a) => a.id).join(',')}`}
        editing={editing}
        company={company}
        actionData={actionData?.intent === 'save' ? actionData : undefined}
      />
    </section>
  );
}

function AddressCard({ address, confirming }: { address: Address; confirming: boolean }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <li className="grid gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700" aria-label={address.name}>
      <div className="flex items-start justify-between gap-2">
        <h2 className="font-semibold">{address.name}</h2>
        {address.isDefault ? (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 dark:bg-slate-800 dark:text-brand-100">Padrão</span>
        ) : null}
        {address.companyId ? (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">Da empresa</span>
        ) : null}
      </div>
      <address className="text-sm not-italic text-slate-700 dark:text-slate-300">
        {address.street}, {address.number}
        {address.complement ? ` — ${address.complement}` : ''}
        <br />
        {address.neighborhood} — {address.city}/{address.state}
        <br />
        CEP {formatCep(address.zipCode)}
      </address>
      {confirming ? (
        <div role="alert" className="grid gap-2 rounded-md bg-red-50 p-3 dark:bg-red-950">
          <p className="text-sm font-medium text-red-800 dark:text-red-200">Tem certeza que deseja excluir este endereço?</p>
          <div className="flex flex-wrap gap-2">
            <Form method="post" action={PATH}>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={address.id} />
              <Button type="submit" variant="destructive" size="sm" disabled={busy}>
                Sim, excluir
              </Button>
            </Form>
            <Link to={PATH} preventScrollReset className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              Cancelar
            </Link>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Link to={`${PATH}?editar=${address.id}`} preventScrollReset className={buttonVariants({ variant: 'outline', size: 'sm' })} aria-label={`Editar ${address.name}`}>
            Editar
          </Link>
          {address.isDefault || address.companyId ? null : (
            <Form method="post" action={PATH}>
              <input type="hidden" name="intent" value="default" />
              <input type="hidden" name="id" value={address.id} />
              <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={`Definir ${address.name} como padrão`}>
                Definir como padrão
              </Button>
            </Form>
          )}
          <Link to={`${PATH}?excluir=${address.id}`} preventScrollReset className={buttonVariants({ variant: 'ghost', size: 'sm' })} aria-label={`Excluir ${address.name}`}>
            Excluir
          </Link>
        </div>
      )}
    </li>
  );
}

function AddressForm({ editing, company, actionData }: { editing: Address | null; company: { legalName: string } | null; actionData: ActionData | undefined }) {
  const { errors, onSubmit } = useClientValidation(addressSchema, actionData?.errors);
  const busy = useNavigation().state === 'submitting';
  const kept = actionData?.fields;
  const value = (key: keyof Fields & string, fromAddress: string | null | undefined) => kept?.[key] ?? fromAddress ?? '';
  const [state, setState] = useState(value('state', editing?.state));
  const [city, setCity] = useState(value('city', editing?.city));
  const isDefault = kept ? kept.isDefault === 'on' : (editing?.isDefault ?? false);
  const shared = kept ? kept.shared === 'on' : editing?.companyId != null;
  const title = editing ? `Editar endereço: ${editing.name}` : 'Novo endereço';

  return (
    <section aria-labelledby="titulo-form-endereco" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="titulo-form-endereco" className="text-lg font-semibold">
        {title}
      </h2>
      <Form method="post" action={editing ? `${PATH}?editar=${editing.id}` : PATH} noValidate onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-6">
        <input type="hidden" name="intent" value="save" />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <div className="sm:col-span-3">
          <Field label="Nome do endereço" name="name" placeholder="Casa, Trabalho…" required maxLength={ADDRESS_LIMITS.name} defaultValue={value('name', editing?.name)} error={errors.name} />
        </div>
        <div className="sm:col-span-3">
          <Field
            label="CEP"
            name="zipCode"
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            required
            maxLength={9}
            defaultValue={formatCep(value('zipCode', editing?.zipCode))}
            onChange={(event) => {
              event.currentTarget.value = formatCep(event.currentTarget.value);
            }}
            error={errors.zipCode}
          />
        </div>
        <div className="sm:col-span-4">
          <Field label="Rua" name="street" autoComplete="address-line1" required maxLength={ADDRESS_LIMITS.street} defaultValue={value('street', editing?.street)} error={errors.street} />
        </div>
        <div className="sm:col-span-2">
          <Field label="Número" name="number" required maxLength={ADDRESS_LIMITS.number} defaultValue={value('number', editing?.number)} error={errors.number} />
        </div>
        <div className="sm:col-span-3">
          <Field
            label="Complemento (opcional)"
            name="complement"
            autoComplete="address-line2"
            maxLength={ADDRESS_LIMITS.complement}
            defaultValue={value('complement', editing?.complement)}
            error={errors.complement}
          />
        </div>
        <div className="sm:col-span-3">
          <Field label="Bairro" name="neighborhood" required maxLength={ADDRESS_LIMITS.neighborhood} defaultValue={value('neighborhood', editing?.neighborhood)} error={errors.neighborhood} />
        </div>
        <div className="sm:col-span-4">
          <CityInput name="city" uf={isUf(state) ? state : ''} required maxLength={ADDRESS_LIMITS.city} value={city} onValueChange={setCity} error={errors.city} />
        </div>
        <div className="grid gap-1.5 sm:col-span-2">
          <Label htmlFor="endereco-estado">Estado</Label>
          <select
            id="endereco-estado"
            name="state"
            required
            autoComplete="address-level1"
            value={isUf(state) ? state : ''}
            onChange={(e) => setState(e.currentTarget.value)}
            aria-invalid={errors.state ? true : undefined}
            aria-describedby={errors.state ? 'endereco-estado-error' : undefined}
            className="flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          >
            <option value="">Selecione</option>
            {STATES.map((s) => (
              <option key={s.uf} value={s.uf}>
                {stateLabel(s.uf)}
              </option>
            ))}
          </select>
          {errors.state ? (
            <p id="endereco-estado-error" className="text-sm text-red-700 dark:text-red-400">
              {errors.state}
            </p>
          ) : null}
        </div>
        <label className="flex items-center gap-2 text-sm sm:col-span-6">
          <input type="checkbox" name="isDefault" defaultChecked={isDefault} className="h-4 w-4 accent-brand-700" />
          Usar como endereço padrão
        </label>
        {company ? (
          <label className="flex items-center gap-2 text-sm sm:col-span-6">
            <input type="checkbox" name="shared" defaultChecked={shared} className="h-4 w-4 accent-brand-700" />
            Compartilhar com a empresa ({company.legalName}): todos os compradores veem e usam
          </label>
        ) : null}
        <div className="flex flex-wrap gap-2 sm:col-span-6">
          <Button type="submit" disabled={busy}>
            {busy ? 'Salvando...' : editing ? 'Salvar alterações' : 'Salvar endereço'}
          </Button>
          {editing ? (
            <Link to={PATH} className={buttonVariants({ variant: 'outline' })}>
              Cancelar edição
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
