// /area-cliente/perfil — Meus Dados (SPEC §2 Customer area, §5 Profile): the name
// and the CPF/CNPJ kept from checkout are editable; the e-mail is read-only.
import { useEffect } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { TAX_ID_HINT, TaxIdInput } from '~/components/tax-id-input';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { toast } from '~/components/ui/toaster';
import { useClientValidation } from '~/components/use-client-validation';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import { PROFILE_NAME_MAX, profileSchema } from '~/lib/schemas/profile';
import { displayTaxId } from '~/lib/tax-id';
import type { ToastMessage } from '~/lib/toast';
import { getDb } from '~/server/db.server';
import { getProfile, updateProfile } from '~/server/profile.server';
import { requireUser } from '~/server/auth/session.server';
import { readForm } from '~/server/http/body.server';
import type { Route } from './+types/profile';

export const meta: Route.MetaFunction = () => [{ title: 'Meus Dados | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const profile = (await getProfile(await getDb(), user.id)) ?? { name: user.name, email: user.email, taxId: null };
  return { profile: { ...profile, taxId: displayTaxId(profile.taxId) } };
}

type ActionData = { ok: boolean; errors: FieldErrors; fields: { name: string; taxId: string }; toast: ToastMessage };

const FAILED = 'Erro ao atualizar perfil';

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = Object.fromEntries(await readForm(request));
  const fields = { name: String(form.name ?? ''), taxId: String(form.taxId ?? '') };
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
    console.error('profile update failed', error);
    return data<ActionData>(
      { ok: false, errors: {}, fields, toast: { title: FAILED, description: 'Não foi possível salvar seus dados. Tente novamente.', variant: 'destructive' } },
      500,
    );
  }
  return data<ActionData>({
    ok: true,
    errors: {},
    fields: { name: parsed.data.name, taxId: displayTaxId(parsed.data.taxId) },
    toast: { title: 'Perfil atualizado', description: 'Seus dados foram salvos.' },
  });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const { errors, onSubmit } = useClientValidation(profileSchema, actionData?.errors);
  const busy = useNavigation().state === 'submitting';

  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
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
          defaultValue={actionData?.fields.taxId ?? profile.taxId}
          error={errors.taxId}
          hint={`${TAX_ID_HINT} Usado nas notas fiscais das suas compras. Deixe em branco para remover.`}
        />
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Salvando...' : 'Salvar alterações'}
          </Button>
        </div>
      </Form>
    </section>
  );
}
