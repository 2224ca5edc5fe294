// /area-cliente/perfil — Meus Dados: the name
// and the CPF/CNPJ kept from checkout are editable; the e-mail is read-only. Below, the
// customer's LGPD rights: "Baixar meus dados" (data-export.ts) and "Excluir minha conta"
// (delete-account.ts, posted from a confirmation dialog).
import { useEffect, useState } from 'react';
import { data, Form, useFetcher, useNavigation } from 'react-router';
import { StateRegistrationFields, type StateRegistrationValue } from '~/components/state-registration-fields';
import { TAX_ID_HINT, TaxIdInput } from '~/components/tax-id-input';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Field } from '~/components/ui/field';
import { toast } from '~/components/ui/toaster';
import { useClientValidation } from '~/components/use-client-validation';
import { ERASE_CONFIRMATION_WORD } from '~/lib/privacy';
import { accountDeletionSchema } from '~/lib/schemas/account-deletion';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import { PROFILE_NAME_MAX, profileSchema } from '~/lib/schemas/profile';
import { displayTaxId, taxIdKind } from '~/lib/tax-id';
import type { ToastMessage } from '~/lib/toast';
import { getDb } from '~/server/infra/db.server';
import { getProfile, updateProfile } from '~/server/account/profile.server';
import { requireUser } from '~/server/auth/session.server';
import { readForm } from '~/server/infra/http/body.server';
import type { Route } from './+types/profile';
import type { DeleteAccountData } from './delete-account';
import { log } from '~/server/infra/log.server';

export const meta: Route.MetaFunction = () => [{ title: 'Meus Dados | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const profile = (await getProfile(await getDb(), user.id)) ?? { name: user.name, email: user.email, taxId: null, stateRegistration: null, ieIndicator: null };
  return {
    profile: { name: profile.name, email: profile.email, taxId: displayTaxId(profile.taxId), ieIndicator: profile.ieIndicator === null ? '' : String(profile.ieIndicator), stateRegistration: profile.stateRegistration ?? '' },
  };
}

type Fields = { name: string; taxId: string } & StateRegistrationValue;
type ActionData = { ok: boolean; errors: FieldErrors; fields: Fields; toast: ToastMessage };

const FAILED = 'Erro ao atualizar perfil';

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = Object.fromEntries(await readForm(request));
  const fields: Fields = { name: String(form.name ?? ''), taxId: String(form.taxId ?? ''), ieIndicator: String(form.ieIndicator ?? ''), stateRegistration: String(form.stateRegistration ?? '') };
  const parsed = profileSchema.safeParse(form);
  if (!parsed.success) {
    return data<ActionData>(
      { ok: false, errors: fieldErrors(parsed.error), fields, toast: { title: FAILED, description: 'Confira os campos destacados.', variant: 'destructive' } },
      400,
    );
  }
  try {
    const saved = await updateProfile(await getDb(), user.id, parsed.data);
    if (!saved) throw new Error('user not found');
  } catch (error) {
    log.error('profile update failed', error);
    return data<ActionData>(
      { ok: false, errors: {}, fields, toast: { title: FAILED, description: 'Não foi possível salvar seus dados. Tente novamente.', variant: 'destructive' } },
      500,
    );
  }
  return data<ActionData>({
    ok: true,
    errors: {},
    fields: { name: parsed.data.name, taxId: displayTaxId(parsed.data.taxId), ieIndicator: fields.ieIndicator, stateRegistration: fields.stateRegistration },
    toast: { title: 'Perfil atualizado', description: 'Seus dados foram salvos.' },
  });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const { errors, onSubmit } = useClientValidation(profileSchema, actionData?.errors);
  const busy = useNavigation().state === 'submitting';
  // The document as typed, so the IE is asked as soon as it is a CNPJ; a save brings back what was posted.
  const [taxId, setTaxId] = useState(actionData?.fields.taxId ?? profile.taxId);
  const [ie, setIe] = useState<StateRegistrationValue>(() => (actionData ? actionData.fields : profile));

  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
    if (actionData) {
      setTaxId(actionData.fields.taxId);
      setIe(actionData.fields);
    }
  }, [actionData]);

  return (
    <section aria-labelledby="titulo-perfil" className="max-w-xl">
      <h1 id="titulo-perfil" className="text-2xl font-bold">
        Meus Dados
      </h1>
      <Form method="post" noValidate onSubmit={onSubmit} className="mt-6 grid gap-4">
        <Field
          label="Nome completo"
          name="name"
          autoComplete="name"
          required
          maxLength={PROFILE_NAME_MAX}
          defaultValue={actionData?.fields.name ?? profile.name}
          error={errors.name}
        />
        <div className="grid gap-1">
          <Field label="E-mail" name="email" type="email" value={profile.email} disabled readOnly aria-describedby="ajuda-email" />
          <p id="ajuda-email" className="text-sm text-slate-600 dark:text-slate-400">
            O e-mail não pode ser alterado.
          </p>
        </div>
        <TaxIdInput
          name="taxId"
          value={taxId}
          onValueChange={setTaxId}
          error={errors.taxId}
          hint={`${TAX_ID_HINT} Usado nas notas fiscais das suas compras. Deixe em branco para remover.`}
        />
        {taxIdKind(taxId) === 'cnpj' ? <StateRegistrationFields value={ie} onChange={setIe} errors={errors} /> : null}
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Salvando...' : 'Salvar alterações'}
          </Button>
        </div>
      </Form>
      <DataDownload />
      <DeleteAccount />
    </section>
  );
}

const PANEL = 'mt-10 rounded-2xl border p-5';
const MUTED = 'text-slate-700 dark:text-slate-300';

/** LGPD art. 18 II and V: a copy of everything the store holds about the customer. */
function DataDownload() {
  return (
    <section aria-labelledby="titulo-baixar-dados" className={`${PANEL} border-slate-200 dark:border-slate-700`}>
      <h2 id="titulo-baixar-dados" className="text-lg font-bold">
        Seus dados
      </h2>
      <p className={`mt-2 ${MUTED}`}>
        Baixe um arquivo com tudo o que a Clarear guarda sobre você: perfil, endereços, pedidos, assinaturas, lista de desejos, kits salvos, preferências,
        newsletter e mensagens de contato. O arquivo é JSON, um formato que outros serviços conseguem ler.
      </p>
      <a
        href="/area-cliente/meus-dados.json"
        download
        className="mt-4 inline-flex min-h-10 items-center rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50 dark:border-brand-200 dark:text-brand-100 dark:hover:bg-slate-800"
      >
        Baixar meus dados
      </a>
    </section>
  );
}

/** LGPD art. 18 VI: the erasure, with the password typed again, EXCLUIR and a last confirmation. */
function DeleteAccount() {
  const fetcher = useFetcher<DeleteAccountData>();
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    // A refusal (wrong password, an order on its way): the dialog closes and the page says why.
    if (!fetcher.data || fetcher.state !== 'idle') return;
    setOpen(false);
    setErrors(fetcher.data.errors);
    setMessage(fetcher.data.message);
  }, [fetcher.data, fetcher.state]);

  const onOpenChange = (next: boolean) => {
    if (next) {
      const parsed = accountDeletionSchema.safeParse(fields);
      setErrors(parsed.success ? {} : fieldErrors(parsed.error));
      setMessage(null);
      if (!parsed.success) return;
    }
    setOpen(next);
  };

  return (
    <section aria-labelledby="titulo-excluir-conta" className={`${PANEL} border-red-300 dark:border-red-800`}>
      <h2 id="titulo-excluir-conta" className="text-lg font-bold text-red-800 dark:text-red-300">
        Excluir minha conta
      </h2>
      <div className={`mt-2 grid gap-2 ${MUTED}`}>
        <p>
          Apagamos sua conta, endereços, lista de desejos, kits salvos, preferências, inscrição na newsletter e mensagens de contato, e cancelamos sua assinatura e
          entregas programadas. Seus pedidos ficam guardados para os registros fiscais exigidos por lei, sem seu nome, e-mail, CPF/CNPJ e endereço.
        </p>
        <p>Enquanto houver um pedido pago, em separação ou enviado, a exclusão espera a entrega. Não é possível desfazer.</p>
      </div>
      <div className="mt-4 grid gap-4">
        <Field
          label="Sua senha"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={fields.password}
          onChange={(e) => setFields((f) => ({ ...f, password: e.target.value }))}
          error={errors.password}
        />
        <Field
          label={`Digite ${ERASE_CONFIRMATION_WORD} para confirmar`}
          name="confirmation"
          autoComplete="off"
          required
          value={fields.confirmation}
          onChange={(e) => setFields((f) => ({ ...f, confirmation: e.target.value }))}
          error={errors.confirmation}
        />
        {message ? (
          <p role="alert" className="font-medium text-red-800 dark:text-red-300">
            {message}
          </p>
        ) : null}
        <div>
          <ConfirmDialog
            open={open}
            onOpenChange={onOpenChange}
            title="Excluir sua conta?"
            description="Seus dados pessoais serão apagados agora e você sairá da sua conta. Os pedidos ficam guardados sem seus dados. Não é possível desfazer."
            trigger={
              <Button type="button" variant="destructive">
                Excluir minha conta
              </Button>
            }
            fetcher={fetcher}
            action="/area-cliente/excluir-conta"
            fields={fields}
            confirmLabel="Excluir definitivamente"
            busyLabel="Excluindo..."
            busy={fetcher.state !== 'idle'}
          />
        </div>
      </div>
    </section>
  );
}
