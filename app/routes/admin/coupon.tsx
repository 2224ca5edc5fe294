// /admin/cupons/:id and /admin/cupons/novo — a coupon (issue 36): code, percent or fixed amount,
// minimum of the goods it covers, limited to products or categories, first purchase only, the plan
// included or not, validity in São Paulo time, total and per-customer uses, on or off. Saved only over
// the version the form was opened with (server/coupons); a coupon is switched off rather than deleted
// (its uses stay with their orders).
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { CheckboxField, DecimalField, SelectField, TextareaField } from '~/components/admin/form-controls';
import { Button, buttonVariants } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { toast } from '~/components/ui/toaster';
import { useClientValidation } from '~/components/use-client-validation';
import { instantToSaoPauloLocal } from '~/lib/coupons';
import { formatDecimalInput } from '~/lib/decimal';
import { centsToDecimal, formatBRL } from '~/lib/money';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import { COUPON_LIMITS, couponFormObject, couponFormSchema, couponIdParam, couponVersionSchema } from '~/lib/schemas/coupons';
import type { ToastMessage } from '~/lib/toast';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import { CouponConflictError, CouponFormError, CouponNotFoundError, couponChoices, getEditableCoupon, saveCoupon } from '~/server/coupons/coupons.server';
import { flashToast } from '~/server/infra/cookies.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { log } from '~/server/infra/log.server';
import type { Route } from './+types/coupon';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.coupon.id ? `Cupom ${data.coupon.code}` : 'Novo cupom'} | Painel Administrativo | Clarear` },
  { name: 'robots', content: 'noindex' },
];

const NOT_FOUND: ToastMessage = { title: 'Cupom não encontrado', description: 'Confira o endereço.', variant: 'destructive' };
const SAVE_ERROR = 'Erro ao salvar o cupom';

async function backToList(message: ToastMessage) {
  return redirect('/admin/cupons', { headers: { 'Set-Cookie': await flashToast(message) } });
}

/** What the form shows: a saved coupon, a new one's defaults. */
type FormCoupon = {
  code: string;
  description: string;
  kind: 'percent' | 'fixed';
  percent: string;
  amount: string;
  minSubtotal: string;
  firstPurchaseOnly: boolean;
  includesPlan: boolean;
  validFrom: string;
  validUntil: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  active: boolean;
  productIds: string[];
  categoryIds: string[];
};

const NEW_COUPON: FormCoupon = {
  code: '',
  description: '',
  kind: 'percent',
  percent: '10',
  amount: '',
  minSubtotal: '',
  firstPurchaseOnly: false,
  includesPlan: false,
  validFrom: '',
  validUntil: '',
  maxUses: '',
  maxUsesPerCustomer: '1',
  active: true,
  productIds: [],
  categoryIds: [],
};

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = couponIdParam.safeParse(params.id);
  if (!id.success) throw await backToList(NOT_FOUND);
  const db = await getDb();
  const choices = await couponChoices(db);
  if (id.data === 'novo') return { coupon: { id: null, version: 0, uses: 0, ...NEW_COUPON }, choices };
  const saved = await getEditableCoupon(db, id.data);
  if (!saved) throw await backToList(NOT_FOUND);
  const coupon: FormCoupon & { id: string; version: number; uses: number } = {
    id: saved.id,
    version: saved.version,
    uses: saved.uses,
    code: saved.code,
    description: saved.description ?? '',
    kind: saved.kind,
    percent: saved.percent === null ? '' : String(saved.percent),
    amount: saved.amountCents === null ? '' : formatDecimalInput(centsToDecimal(saved.amountCents)),
    minSubtotal: saved.minSubtotalCents === 0 ? '' : formatDecimalInput(centsToDecimal(saved.minSubtotalCents)),
    firstPurchaseOnly: saved.firstPurchaseOnly,
    includesPlan: saved.includesPlan,
    validFrom: saved.validFrom ? instantToSaoPauloLocal(saved.validFrom) : '',
    validUntil: saved.validUntil ? instantToSaoPauloLocal(saved.validUntil) : '',
    maxUses: saved.maxUses === null ? '' : String(saved.maxUses),
    maxUsesPerCustomer: saved.maxUsesPerCustomer === null ? '' : String(saved.maxUsesPerCustomer),
    active: saved.active,
    productIds: [...saved.productIds],
    categoryIds: [...saved.categoryIds],
  };
  return { coupon, choices };
}

type ActionData = { errors: FieldErrors; toast: ToastMessage };

function refused(status: number, description: string, errors: FieldErrors = {}) {
  return data<ActionData>({ errors, toast: { title: SAVE_ERROR, description, variant: 'destructive' } }, status);
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminAction(request);
  const id = couponIdParam.safeParse(params.id);
  if (!id.success) throw await backToList(NOT_FOUND);
  const couponId = id.data === 'novo' ? null : id.data;
  const form = await readForm(request);
  const parsed = couponFormSchema.safeParse(couponFormObject(form));
  if (!parsed.success) return refused(400, 'Confira os campos destacados.', fieldErrors(parsed.error));
  const version = couponId ? couponVersionSchema.safeParse(form.get('version')) : null;
  if (version && !version.success) return refused(400, 'Recarregue a página e tente de novo.');
  let savedId: string;
  try {
    savedId = await saveCoupon(await getDb(), couponId, parsed.data, version?.data ?? null);
  } catch (error) {
    if (error instanceof CouponNotFoundError) throw await backToList(NOT_FOUND);
    if (error instanceof CouponConflictError) return refused(409, error.message, { form: error.message });
    if (error instanceof CouponFormError) return refused(409, error.message, { [error.field]: error.message });
    log.error('admin/cupons: falha ao salvar', error);
    return refused(500, 'Nada foi alterado. Tente novamente em instantes.');
  }
  return redirect(`/admin/cupons/${savedId}`, { headers: { 'Set-Cookie': await flashToast({ title: 'Cupom salvo!', description: `O cupom ${parsed.data.code} foi salvo.` }) } });
}

export default function AdminCoupon({ loaderData, actionData }: Route.ComponentProps) {
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData]);
  const { coupon } = loaderData;
  // A save reloads the page with the new version: the form starts afresh from what was saved.
  return <CouponForm key={`${coupon.id ?? 'novo'}:${coupon.version}`} {...loaderData} serverErrors={actionData?.errors} />;
}

const FIELDSET = 'grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900';
const MUTED = 'text-slate-700 dark:text-slate-300';

function CouponForm({ coupon, choices, serverErrors }: Awaited<ReturnType<typeof loader>> & { serverErrors: FieldErrors | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting';
  const { errors, onSubmit } = useClientValidation(couponFormSchema, serverErrors, couponFormObject);
  return (
    <div className="mx-auto max-w-3xl">
      <Link to="/admin/cupons" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-200">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar para cupons
      </Link>
      <h1 className="mt-2 text-2xl font-bold">{coupon.id ? `Cupom ${coupon.code}` : 'Novo cupom'}</h1>
      {coupon.id ? <p className={`mt-1 ${MUTED}`}>Usado em {coupon.uses === 1 ? '1 pedido' : `${coupon.uses} pedidos`} (pedidos cancelados devolvem o uso).</p> : null}

      <Form method="post" noValidate onSubmit={onSubmit} className="mt-6 grid gap-8" aria-describedby={errors.form ? 'erro-formulario' : undefined}>
        {coupon.id ? <input type="hidden" name="version" value={coupon.version} /> : null}
        {errors.form ? (
          <p id="erro-formulario" role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
            {errors.form}
          </p>
        ) : null}
        <fieldset className={FIELDSET}>
          <legend className="px-1 text-lg font-semibold">Cupom</legend>
          <Field label="Código *" name="code" defaultValue={coupon.code} maxLength={30} autoComplete="off" className="font-mono uppercase" error={errors.code} />
          <SelectField label="Tipo de desconto" name="kind" defaultValue={coupon.kind} error={errors.kind}>
            <option value="percent">Percentual (%)</option>
            <option value="fixed">Valor fixo (R$)</option>
          </SelectField>
          <Field label="Percentual (%)" name="percent" inputMode="numeric" defaultValue={coupon.percent} maxLength={4} error={errors.percent} />
          <DecimalField label="Valor fixo (R$)" name="amount" defaultValue={coupon.amount} maxLength={14} hint="Nunca mais que o valor dos produtos do cupom." error={errors.amount} />
          <div className="sm:col-span-2">
            <TextareaField label="Descrição (só para a equipe)" name="description" defaultValue={coupon.description} maxLength={COUPON_LIMITS.description} error={errors.description} />
          </div>
        </fieldset>

        <fieldset className={FIELDSET}>
          <legend className="px-1 text-lg font-semibold">Condições</legend>
          <DecimalField
            label="Valor mínimo dos produtos (R$)"
            name="minSubtotal"
            defaultValue={coupon.minSubtotal}
            maxLength={14}
            placeholder="Qualquer valor"
            hint={`Dos produtos que o cupom cobre. Ex.: ${formatBRL(10000)}.`}
            error={errors.minSubtotal}
          />
          <div className="grid content-start gap-3 sm:pt-7">
            <CheckboxField label="Só na primeira compra" name="firstPurchaseOnly" defaultChecked={coupon.firstPurchaseOnly} />
            <CheckboxField label="Vale também para a assinatura" name="includesPlan" defaultChecked={coupon.includesPlan} hint="Sem isso, o plano nunca tem desconto de cupom." />
          </div>
          <SelectField
            label="Só para estes produtos"
            name="productIds"
            multiple
            size={6}
            defaultValue={coupon.productIds}
            className="h-auto py-1"
            hint="Nenhum escolhido (e nenhuma categoria): vale para a loja toda. Ctrl/Cmd para escolher vários."
            error={errors.productIds}
          >
            {choices.products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Só para estas categorias" name="categoryIds" multiple size={6} defaultValue={coupon.categoryIds} className="h-auto py-1" error={errors.categoryIds}>
            {choices.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
        </fieldset>

        <fieldset className={FIELDSET}>
          <legend className="px-1 text-lg font-semibold">Validade e limites</legend>
          <Field label="Válido a partir de (horário de São Paulo)" name="validFrom" type="datetime-local" defaultValue={coupon.validFrom} error={errors.validFrom} />
          <Field label="Válido até (horário de São Paulo)" name="validUntil" type="datetime-local" defaultValue={coupon.validUntil} error={errors.validUntil} />
          <Field label="Total de usos" name="maxUses" inputMode="numeric" defaultValue={coupon.maxUses} maxLength={7} placeholder="Sem limite" error={errors.maxUses} />
          <Field label="Usos por cliente" name="maxUsesPerCustomer" inputMode="numeric" defaultValue={coupon.maxUsesPerCustomer} maxLength={7} placeholder="Sem limite" error={errors.maxUsesPerCustomer} />
          <div className="sm:col-span-2">
            <CheckboxField label="Cupom ativo" name="active" defaultChecked={coupon.active} hint="Desligado, o código é recusado no carrinho. Os pedidos que já o usaram não mudam." />
          </div>
        </fieldset>

        <div className="flex flex-wrap justify-end gap-3">
          <Link to="/admin/cupons" className={buttonVariants({ variant: 'outline' })}>
            Cancelar
          </Link>
          <Button type="submit" disabled={saving}>
            {saving ? 'Salvando...' : 'Salvar cupom'}
          </Button>
        </div>
      </Form>
    </div>
  );
}
