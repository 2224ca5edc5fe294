// /admin/settings (Configurações): the store's public details in one form — the seller's legal
// identity (#dados-legais: razão social, CNPJ, IE, address, service hours and answer time), contact,
// WhatsApp, social links, the home page's figures, the about page's hero and the welcome offer switch.
// Saved through server/settings/settings.server.ts; every page shows them on its next load.
import { useEffect, useState } from 'react';
import { data, Form, redirect, useNavigation } from 'react-router';
import { CheckboxField, SelectField, TextareaField } from '~/components/admin/form-controls';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { toast } from '~/components/ui/toaster';
import { useClientValidation } from '~/components/use-client-validation';
import { formatCep } from '~/lib/cep';
import { formatDateTimeBR } from '~/lib/dates';
import { WELCOME_DISCOUNT_PERCENT } from '~/lib/discounts';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import { EMAIL_MAX_LENGTH } from '~/lib/schemas/limits';
import { ADDRESS_LIMITS } from '~/lib/schemas/address';
import { FIGURE_COUNT, SETTINGS_LIMITS, settingsFormToObject, settingsSchema, settingsVersionSchema } from '~/lib/schemas/settings';
import { ANSWER_DAYS, SELLER_LIMITS } from '~/lib/schemas/settings-seller';
import { answerTimeLabel } from '~/lib/seller';
import { STATES, stateLabel } from '~/lib/states';
import { formatPhoneBR, SOCIAL_HOSTS, SOCIAL_LABELS, SOCIAL_NETWORKS } from '~/lib/store-settings';
import { displayTaxId, TAX_ID_MAX } from '~/lib/tax-id';
import type { ToastMessage } from '~/lib/toast';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import { flashToast } from '~/server/infra/cookies.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { log } from '~/server/infra/log.server';
import { getEditableSettings, saveSettings, SettingsConflictError } from '~/server/settings/settings.server';
import { invoicedSettings, saveInvoicedSettings } from '~/server/receivables/credit.server';
import { invoicedSettingsSchema } from '~/lib/schemas/receivables';
import { centsToDecimal } from '~/lib/money';
import type { Route } from './+types/settings';

export const meta: Route.MetaFunction = () => [{ title: 'Configurações | Painel Administrativo | Clarear' }, { name: 'robots', content: 'noindex' }];

const SAVE_ERROR = 'Erro ao salvar configurações';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = await getDb();
  const [s, invoiced] = await Promise.all([getEditableSettings(db), invoicedSettings(db)]);
  // The form shows the phones, CNPJ and CEP the Brazilian way; the action reads them back as stored.
  const seller = { ...s.seller, cnpj: displayTaxId(s.seller.cnpj), addressZipCode: s.seller.addressZipCode ? formatCep(s.seller.addressZipCode) : '' };
  return { settings: { ...s, phone: formatPhoneBR(s.phone), whatsapp: formatPhoneBR(s.whatsapp), seller }, invoiced };
}

/** What was typed, sent back with the errors so a page without JavaScript keeps it too. */
type Typed = Record<string, string>;
type ActionData = { errors: FieldErrors; toast: ToastMessage; typed: Typed };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const form = await readForm(request);
  // The "Boleto faturado" form (issue 35) posts on its own.
  if (form.get('intent') === 'invoiced') return saveInvoiced(form, admin.id);
  const typed: Typed = Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string'));
  const parsed = settingsSchema.safeParse(settingsFormToObject(form));
  const version = settingsVersionSchema.safeParse(form.get('version') ?? undefined);
  if (!parsed.success || !version.success) {
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    if (!version.success) errors.form = version.error.issues[0]?.message;
    return data<ActionData>({ errors, typed, toast: { title: SAVE_ERROR, description: 'Confira os campos destacados.', variant: 'destructive' } }, 400);
  }
  try {
    await saveSettings(await getDb(), parsed.data, version.data, admin.id);
  } catch (error) {
    if (error instanceof SettingsConflictError) {
      return data<ActionData>({ errors: { form: error.message }, typed, toast: { title: SAVE_ERROR, description: error.message, variant: 'destructive' } }, 409);
    }
    log.error('admin/configurações: falha ao salvar', error);
    return data<ActionData>({ errors: {}, typed, toast: { title: SAVE_ERROR, description: 'Nada foi alterado. Tente novamente em instantes.', variant: 'destructive' } }, 500);
  }
  return redirect('/admin/settings', {
    headers: { 'Set-Cookie': await flashToast({ title: 'Configurações salvas!', description: 'As páginas da loja já mostram os novos dados.' }) },
  });
}

async function saveInvoiced(form: FormData, adminId: string) {
  const parsed = invoicedSettingsSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const typed: Typed = Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string'));
    return data<ActionData>({ errors: fieldErrors(parsed.error), typed, toast: { title: SAVE_ERROR, description: 'Confira os campos destacados.', variant: 'destructive' } }, 400);
  }
  await saveInvoicedSettings(await getDb(), parsed.data, adminId);
  return redirect('/admin/settings', { headers: { 'Set-Cookie': await flashToast({ title: 'Faturamento salvo!' }) } });
}

const FIELDSET = 'grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900';
const LEGEND = 'px-1 text-lg font-semibold';

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData]);
  // A save reloads the page with the new version: start the form afresh from what was saved.
  return (
    <>
      <SettingsForm key={settings.version} settings={settings} serverErrors={actionData?.errors} typed={actionData?.typed} />
      <InvoicedForm saved={loaderData.invoiced} errors={actionData?.typed?.intent === 'invoiced' ? actionData.errors : undefined} typed={actionData?.typed?.intent === 'invoiced' ? actionData.typed : undefined} />
    </>
  );
}

/** Boleto faturado (issue 35): the minimum invoiced order (shown in the cart) and the merchant's instructions on the order and e-mails. */
function InvoicedForm({ saved, errors, typed }: { saved: { minimumCents: number; instructions: string }; errors: FieldErrors | undefined; typed: Typed | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'invoiced';
  return (
    <Form method="post" className="mx-auto mt-8 max-w-4xl" aria-labelledby="faturamento">
      <input type="hidden" name="intent" value="invoiced" />
      <fieldset className={FIELDSET}>
        <legend id="faturamento" className={LEGEND}>
          Boleto faturado (empresas)
        </legend>
        <Field
          label="Pedido mínimo para faturamento (R$)"
          name="invoicedMinimum"
          inputMode="decimal"
          defaultValue={typed?.invoicedMinimum ?? centsToDecimal(saved.minimumCents).replace('.', ',')}
          error={errors?.invoicedMinimum}
        />
        <p className="self-end text-sm text-slate-600 dark:text-slate-400">Mostrado no carrinho das empresas aprovadas; abaixo dele o pedido não pode ser faturado.</p>
        <div className="sm:col-span-2">
          <TextareaField
            label="Instruções de pagamento da fatura"
            name="invoicedInstructions"
            maxLength={2000}
            defaultValue={typed?.invoicedInstructions ?? saved.instructions}
            error={errors?.invoicedInstructions}
            hint="Banco, agência, conta ou chave Pix: aparecem no pedido, nos e-mails e nos lembretes da fatura."
          />
        </div>
        <div>
          <Button type="submit" disabled={saving}>
            {saving ? 'Salvando...' : 'Salvar faturamento'}
          </Button>
        </div>
      </fieldset>
    </Form>
  );
}

function SettingsForm({
  settings,
  serverErrors,
  typed,
}: {
  settings: Awaited<ReturnType<typeof loader>>['settings'];
  serverErrors: FieldErrors | undefined;
  typed: Typed | undefined;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting';
  const { errors, onSubmit } = useClientValidation(settingsSchema, serverErrors, settingsFormToObject);
  // What the admin typed (after a refused save) wins over what is saved.
  const value = (name: string, saved: string) => typed?.[name] ?? saved;
  const formError = errors.form ?? errors.figures;

  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold">Configurações</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        Os dados públicos da loja: aparecem no rodapé, na página de contato, no botão do WhatsApp, no chat e na página inicial assim que você salvar.
      </p>
      {settings.version > 1 && settings.updatedAt ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Última alteração: {formatDateTimeBR(settings.updatedAt)}.</p>
      ) : null}

      <Form method="post" noValidate onSubmit={onSubmit} className="mt-6 grid gap-8" aria-describedby={formError ? 'erro-formulario' : undefined}>
        <input type="hidden" name="version" value={settings.version} />
        {formError ? (
          <p id="erro-formulario" role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
            {formError}
          </p>
        ) : null}

        <SellerFields settings={settings} errors={errors} value={value} typed={typed} />

        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>Atendimento</legend>
          <Field
            label="Telefone *"
            name="phone"
            type="tel"
            autoComplete="off"
            inputMode="tel"
            defaultValue={value('phone', settings.phone)}
            maxLength={SETTINGS_LIMITS.phone}
            placeholder="(11) 4002-8922"
            error={errors.phone}
          />
          <Field
            label="E-mail de contato *"
            name="contactEmail"
            type="email"
            autoComplete="off"
            defaultValue={value('contactEmail', settings.contactEmail)}
            maxLength={EMAIL_MAX_LENGTH}
            error={errors.contactEmail}
          />
        </fieldset>

        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>WhatsApp</legend>
          <Field
            label="Número do WhatsApp *"
            name="whatsapp"
            type="tel"
            autoComplete="off"
            inputMode="tel"
            defaultValue={value('whatsapp', settings.whatsapp)}
            maxLength={SETTINGS_LIMITS.phone}
            placeholder="(11) 94002-8922"
            error={errors.whatsapp}
          />
          <div className="sm:col-span-2">
            <TextareaField
              label="Mensagem inicial *"
              name="whatsappMessage"
              rows={2}
              defaultValue={value('whatsappMessage', settings.whatsappMessage)}
              maxLength={SETTINGS_LIMITS.whatsappMessage}
              hint="O texto que já vem escrito quando o cliente abre a conversa pelo botão do site."
              error={errors.whatsappMessage}
            />
          </div>
        </fieldset>

        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>Redes sociais</legend>
          <p className="text-sm text-slate-700 sm:col-span-2 dark:text-slate-300">Endereço completo do perfil (https://…). Deixe em branco para não mostrar a rede.</p>
          {SOCIAL_NETWORKS.map((network) => (
            <Field
              key={network}
              label={SOCIAL_LABELS[network]}
              name={`social.${network}`}
              type="url"
              autoComplete="off"
              defaultValue={value(`social.${network}`, settings.social[network])}
              maxLength={SETTINGS_LIMITS.url}
              placeholder={`https://${SOCIAL_HOSTS[network].find((h) => h.startsWith('www.')) ?? SOCIAL_HOSTS[network][0]}/…`}
              error={errors[`social.${network}`]}
            />
          ))}
        </fieldset>

        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>Números da página inicial</legend>
          {Array.from({ length: FIGURE_COUNT }, (_, i) => (
            <div key={i} className="grid grid-cols-[8rem_1fr] gap-3">
              <Field
                label={`Número ${i + 1} *`}
                name={`figures.${i}.value`}
                defaultValue={value(`figures.${i}.value`, settings.figures[i]?.value ?? '')}
                maxLength={SETTINGS_LIMITS.figureValue}
                error={errors[`figures.${i}.value`]}
              />
              <Field
                label={`Legenda ${i + 1} *`}
                name={`figures.${i}.label`}
                defaultValue={value(`figures.${i}.label`, settings.figures[i]?.label ?? '')}
                maxLength={SETTINGS_LIMITS.figureLabel}
                error={errors[`figures.${i}.label`]}
              />
            </div>
          ))}
        </fieldset>

        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>Página Sobre</legend>
          <div className="sm:col-span-2">
            <Field label="Título *" name="aboutTitle" defaultValue={value('aboutTitle', settings.about.title)} maxLength={SETTINGS_LIMITS.aboutTitle} error={errors.aboutTitle} />
          </div>
          <div className="sm:col-span-2">
            <TextareaField
              label="Subtítulo *"
              name="aboutSubtitle"
              rows={2}
              defaultValue={value('aboutSubtitle', settings.about.subtitle)}
              maxLength={SETTINGS_LIMITS.aboutSubtitle}
              error={errors.aboutSubtitle}
            />
          </div>
          <div className="sm:col-span-2">
            <TextareaField
              label="Texto de apresentação *"
              name="aboutDescription"
              rows={6}
              defaultValue={value('aboutDescription', settings.about.description)}
              maxLength={SETTINGS_LIMITS.aboutDescription}
              error={errors.aboutDescription}
            />
          </div>
        </fieldset>

        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>Oferta de boas-vindas</legend>
          <div className="sm:col-span-2">
            <CheckboxField
              label="Oferta de boas-vindas ativa"
              name="welcomeOffer"
              defaultChecked={typed ? typed.welcomeOffer === 'on' : settings.welcomeOffer}
              hint={`${WELCOME_DISCOUNT_PERCENT}% de desconto na primeira compra. Desligada, a oferta some da página inicial e o checkout não dá o desconto.`}
            />
          </div>
        </fieldset>

        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>Orçamentos</legend>
          <Field
            label="Unidades mínimas para pedir orçamento *"
            name="quoteMinQuantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={99999}
            defaultValue={value('quoteMinQuantity', String(settings.quoteMinQuantity))}
            error={errors.quoteMinQuantity}
          />
          <p className="self-end text-sm text-slate-600 dark:text-slate-400">Empresas cadastradas sempre podem pedir; os demais clientes, a partir desta quantidade de unidades no carrinho.</p>
        </fieldset>

        <div>
          <Button type="submit" size="lg" disabled={saving}>
            {saving ? 'Salvando...' : 'Salvar configurações'}
          </Button>
        </div>
      </Form>
    </div>
  );
}

type Settings = Awaited<ReturnType<typeof loader>>['settings'];

/**
 * Who sells (Decreto 7.962/2013 art. 2, I–II): shown in the footer of every page, on /contato, the
 * legal pages, the order page, the packing slip and every e-mail. #dados-legais is where the
 * dashboard's "A fazer" sends the admin while it is not filled in.
 */
function SellerFields({
  settings,
  errors,
  value,
  typed,
}: {
  settings: Settings;
  errors: FieldErrors;
  value: (name: string, saved: string) => string;
  typed: Typed | undefined;
}) {
  const seller = settings.seller;
  const [exempt, setExempt] = useState(typed ? typed['seller.stateRegistrationExempt'] === 'on' : seller.stateRegistration === 'ISENTO');
  const field = (key: keyof Settings['seller']) => ({ name: `seller.${key}`, defaultValue: value(`seller.${key}`, String(seller[key])), error: errors[`seller.${key}`] });
  const state = value('seller.addressState', seller.addressState);
  return (
    <fieldset id="dados-legais" className={FIELDSET} aria-describedby="dados-legais-ajuda">
      <legend className={LEGEND}>Dados legais do vendedor</legend>
      <p id="dados-legais-ajuda" className="text-sm text-slate-700 sm:col-span-2 dark:text-slate-300">
        Exigidos pelo Decreto 7.962/2013 em toda loja virtual: aparecem no rodapé de todas as páginas, no contato, nas páginas legais, nos pedidos, na etiqueta e em todos os e-mails.
      </p>
      <div className="sm:col-span-2">
        <Field label="Razão social *" autoComplete="organization" maxLength={SELLER_LIMITS.legalName} {...field('legalName')} />
      </div>
      <Field label="Nome fantasia" autoComplete="off" maxLength={SELLER_LIMITS.tradeName} {...field('tradeName')} />
      <Field label="CNPJ *" autoComplete="off" maxLength={TAX_ID_MAX} placeholder="00.000.000/0000-00" {...field('cnpj')} />
      <div className="grid content-start gap-2">
        {/* Ticked "Isento", the field is not sent: the action stores 'ISENTO'. */}
        <Field
          label="Inscrição estadual *"
          name="seller.stateRegistration"
          autoComplete="off"
          inputMode="numeric"
          maxLength={SELLER_LIMITS.stateRegistration}
          disabled={exempt}
          defaultValue={value('seller.stateRegistration', seller.stateRegistration === 'ISENTO' ? '' : seller.stateRegistration)}
          error={errors['seller.stateRegistration']}
        />
        <CheckboxField label="Isento de inscrição estadual" name="seller.stateRegistrationExempt" checked={exempt} onChange={(event) => setExempt(event.currentTarget.checked)} />
      </div>
      <Field
        label="CEP *"
        inputMode="numeric"
        autoComplete="off"
        placeholder="00000-000"
        maxLength={9}
        {...field('addressZipCode')}
        onChange={(event) => {
          event.currentTarget.value = formatCep(event.currentTarget.value);
        }}
      />
      <div className="sm:col-span-2">
        <Field label="Rua *" autoComplete="off" maxLength={ADDRESS_LIMITS.street} {...field('addressStreet')} />
      </div>
      <Field label="Número *" autoComplete="off" maxLength={ADDRESS_LIMITS.number} {...field('addressNumber')} />
      <Field label="Complemento" autoComplete="off" maxLength={ADDRESS_LIMITS.complement} {...field('addressComplement')} />
      <Field label="Bairro *" autoComplete="off" maxLength={ADDRESS_LIMITS.neighborhood} {...field('addressNeighborhood')} />
      <Field label="Cidade *" autoComplete="off" maxLength={ADDRESS_LIMITS.city} {...field('addressCity')} />
      <SelectField label="Estado *" name="seller.addressState" defaultValue={STATES.some((s) => s.uf === state) ? state : ''} error={errors['seller.addressState']}>
        <option value="">Selecione</option>
        {STATES.map((s) => (
          <option key={s.uf} value={s.uf}>
            {stateLabel(s.uf)}
          </option>
        ))}
      </SelectField>
      <div className="sm:col-span-2">
        <Field
          label="Horário de atendimento *"
          name="hours"
          defaultValue={value('hours', settings.hours)}
          maxLength={SETTINGS_LIMITS.hours}
          placeholder="Segunda a sexta, das 8h às 18h"
          error={errors.hours}
        />
      </div>
      <SelectField
        label="Prazo de resposta ao cliente *"
        name="seller.answerDays"
        defaultValue={value('seller.answerDays', String(seller.answerDays))}
        error={errors['seller.answerDays']}
        hint="O decreto exige resposta em até 5 dias; as devoluções seguem o mesmo prazo."
      >
        {ANSWER_DAYS.map((days) => (
          <option key={days} value={String(days)}>
            {answerTimeLabel(days).replace(/^até/, 'Até')}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
}
