// /admin/frete: how the store ships. Its delivery services (each switched on or off at once, with its
// carrier, the dangerous goods it takes, its preparation days and Melhor Envio code), the zones their
// prices apply in, and the free-shipping rules (switched on or off at once). Each opens its edit page.
// Saved through server/shipping/admin.server.ts; the checkout's quote reads the same tables.
import { Plus } from 'lucide-react';
import { useEffect, useId } from 'react';
import { data, Link, useFetcher } from 'react-router';
import { buttonVariants } from '~/components/ui/button';
import { toast } from '~/components/ui/toaster';
import { formatCep } from '~/lib/cep';
import { cn } from '~/lib/cn';
import { formatBRL } from '~/lib/money';
import { HAZARD_CLASS_NAMES } from '~/lib/product-safety';
import { toggleSchema } from '~/lib/schemas/shipping';
import { UFS } from '~/lib/states';
import type { ToastMessage } from '~/lib/toast';
import { CARRIER_LABELS } from '~/lib/tracking';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { log } from '~/server/infra/log.server';
import {
  listFreightSetup,
  setRuleActive,
  setServiceActive,
  ShippingFormError,
  ShippingNotFoundError,
  type AdminRuleRow,
  type AdminServiceRow,
  type AdminZoneRow,
  type FreightOverview,
} from '~/server/shipping/admin.server';
import type { Route } from './+types/shipping';

export const meta: Route.MetaFunction = () => [{ title: 'Frete | Painel Administrativo | Clarear' }, { name: 'robots', content: 'noindex' }];

const LOAD_ERROR = 'Erro ao buscar as configurações de frete';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { setup: await listFreightSetup(await getDb()), error: null };
  } catch (error) {
    log.error('admin/frete: falha ao buscar', error);
    const empty: FreightOverview = { services: [], zones: [], rules: [] };
    return { setup: empty, error: LOAD_ERROR };
  }
}

type ActionData = { ok: boolean; toast: ToastMessage };

const TOGGLE_ERROR = 'Não foi possível mudar';

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const parsed = toggleSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return data<ActionData>({ ok: false, toast: { title: TOGGLE_ERROR, description: 'Pedido inválido. Recarregue a página.', variant: 'destructive' } }, 400);
  }
  const { kind, id, active } = parsed.data;
  try {
    const db = await getDb();
    if (kind === 'service') {
      const { name } = await setServiceActive(db, id, active);
      return data<ActionData>({
        ok: true,
        toast: active
          ? { title: 'Serviço ligado', description: `“${name}” já aparece como opção de frete no checkout.` }
          : { title: 'Serviço desligado', description: `“${name}” não aparece mais no checkout.` },
      });
    }
    const { name } = await setRuleActive(db, id, active);
    return data<ActionData>({
      ok: true,
      toast: active ? { title: 'Regra ligada', description: `“${name}” já vale no checkout.` } : { title: 'Regra desligada', description: `“${name}” não vale mais no checkout.` },
    });
  } catch (error) {
    if (error instanceof ShippingFormError) {
      return data<ActionData>({ ok: false, toast: { title: TOGGLE_ERROR, description: error.message, variant: 'destructive' } }, 409);
    }
    if (error instanceof ShippingNotFoundError) {
      return data<ActionData>({ ok: false, toast: { title: TOGGLE_ERROR, description: `${error.message} Recarregue a página.`, variant: 'destructive' } }, 404);
    }
    log.error('admin/frete: falha ao ligar ou desligar', error);
    return data<ActionData>({ ok: false, toast: { title: TOGGLE_ERROR, description: 'Nada foi alterado. Tente novamente em instantes.', variant: 'destructive' } }, 500);
  }
}

const SECTION = 'mt-10';
const TABLE_WRAP = 'mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900';
const TH = 'px-4 py-3 font-semibold';
const TD = 'px-4 py-3 align-top';
const NAME_LINK = 'font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-200';

export default function AdminShipping({ loaderData }: Route.ComponentProps) {
  const { setup, error } = loaderData;
  useEffect(() => {
    if (error) toast({ title: error, description: 'Tente novamente em instantes.', variant: 'destructive' });
  }, [error]);

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold">Frete</h1>
      <div className="mt-2 grid max-w-3xl gap-2 text-slate-700 dark:text-slate-300">
        <p>
          No checkout, o cliente vê os serviços de entrega <strong>ligados</strong> que atendem o CEP dele, com o preço da tabela de cada serviço (ou o do Melhor
          Envio, quando configurado) e o prazo em dias úteis.
        </p>
        <p>
          A <strong>Entrega Clarear</strong>, grátis para todo o Brasil, é o frete que a loja usa até você ligar os outros serviços. Eles já vêm com zonas e
          preços de exemplo: confira cada um antes de ligar.
        </p>
      </div>
      {error ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          {error}. Tente novamente em instantes.
        </p>
      ) : null}

      <ServicesSection services={setup.services} />
      <ZonesSection zones={setup.zones} />
      <RulesSection rules={setup.rules} />
    </div>
  );
}

function SectionHeader({ id, title, to, newLabel, children }: { id: string; title: string; to: string; newLabel: string; children: React.ReactNode }) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        <Link to={to} className={buttonVariants({ variant: 'outline' })}>
          <Plus className="h-4 w-4" aria-hidden />
          {newLabel}
        </Link>
      </div>
      <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-400">{children}</p>
    </>
  );
}

function ServicesSection({ services }: { services: AdminServiceRow[] }) {
  return (
    <section aria-labelledby="servicos" className={SECTION}>
      <SectionHeader id="servicos" title="Serviços de entrega" to="/admin/frete/servicos/novo" newLabel="Novo serviço">
        Ligar ou desligar vale na hora para os próximos pedidos. Produto perigoso só vai por um serviço que aceita a classe de risco dele.
      </SectionHeader>
      {services.length === 0 ? (
        <p className="mt-4 rounded-lg border border-slate-200 p-6 dark:border-slate-700">Nenhum serviço cadastrado.</p>
      ) : (
        <div className={TABLE_WRAP}>
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">Serviços de entrega, na ordem em que aparecem no checkout</caption>
            <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              <tr>
                <th scope="col" className={TH}>Serviço</th>
                <th scope="col" className={TH}>Ligado</th>
                <th scope="col" className={TH}>Transportadora</th>
                <th scope="col" className={TH}>Produtos perigosos</th>
                <th scope="col" className={TH}>Preparo</th>
                <th scope="col" className={TH}>Melhor Envio</th>
                <th scope="col" className={TH}>Tabela de preços</th>
              </tr>
            </thead>
            <tbody>
              {services.map((service) => (
                <tr key={service.id} className="border-t border-slate-200 dark:border-slate-700">
                  <th scope="row" className={cn(TD, 'font-normal')}>
                    <Link to={`/admin/frete/servicos/${service.id}`} className={NAME_LINK}>
                      {service.name}
                    </Link>
                  </th>
                  <td className={TD}>
                    <ActiveSwitch kind="service" id={service.id} name={service.name} active={service.active} />
                  </td>
                  <td className={TD}>{CARRIER_LABELS[service.carrier]}</td>
                  <td className={TD}>
                    {service.acceptedHazardClasses.length === 0 ? (
                      'Só produtos comuns'
                    ) : (
                      <ul>
                        {service.acceptedHazardClasses.map((c) => (
                          <li key={c}>
                            Classe {c} <span className="text-slate-600 dark:text-slate-400">({HAZARD_CLASS_NAMES[c]})</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className={cn(TD, 'whitespace-nowrap')}>{service.handlingDays === 0 ? 'No mesmo dia' : days(service.handlingDays)}</td>
                  <td className={TD}>{service.melhorEnvioServiceId === null ? '—' : `Código ${service.melhorEnvioServiceId}`}</td>
                  <td className={TD}>
                    {service.rateCount === 0 ? (
                      <span className="font-medium text-amber-800 dark:text-amber-300">Nenhuma faixa</span>
                    ) : (
                      `${plural(service.rateCount, 'faixa', 'faixas')} em ${plural(service.zoneCount, 'zona', 'zonas')}`
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function ZonesSection({ zones }: { zones: AdminZoneRow[] }) {
  return (
    <section aria-labelledby="zonas" className={SECTION}>
      <SectionHeader id="zonas" title="Zonas" to="/admin/frete/zonas/nova" newLabel="Nova zona">
        Onde cada preço vale: estados inteiros e faixas de CEP. Uma faixa de CEP é mais específica que o estado (ex.: Grande São Paulo dentro de SP).
      </SectionHeader>
      {zones.length === 0 ? (
        <p className="mt-4 rounded-lg border border-slate-200 p-6 dark:border-slate-700">Nenhuma zona cadastrada.</p>
      ) : (
        <div className={TABLE_WRAP}>
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Zonas de entrega, por nome</caption>
            <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              <tr>
                <th scope="col" className={TH}>Zona</th>
                <th scope="col" className={TH}>Estados</th>
                <th scope="col" className={TH}>Faixas de CEP</th>
                <th scope="col" className={TH}>Usada em</th>
              </tr>
            </thead>
            <tbody>
              {zones.map((zone) => (
                <tr key={zone.id} className="border-t border-slate-200 dark:border-slate-700">
                  <th scope="row" className={cn(TD, 'font-normal')}>
                    <Link to={`/admin/frete/zonas/${zone.id}`} className={NAME_LINK}>
                      {zone.name}
                    </Link>
                  </th>
                  <td className={TD}>{zone.states.length === UFS.length ? 'Todos os estados' : zone.states.length === 0 ? '—' : zone.states.join(', ')}</td>
                  <td className={TD}>
                    {zone.cepRanges.length === 0 ? (
                      '—'
                    ) : (
                      <ul>
                        {zone.cepRanges.map((r) => (
                          <li key={`${r.from}-${r.to}`} className="whitespace-nowrap">
                            {formatCep(r.from)} a {formatCep(r.to)}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className={TD}>
                    {zone.rateCount === 0 && zone.ruleCount === 0
                      ? 'Nenhum preço nem regra'
                      : [zone.rateCount ? plural(zone.rateCount, 'faixa de preço', 'faixas de preço') : null, zone.ruleCount ? plural(zone.ruleCount, 'regra de frete grátis', 'regras de frete grátis') : null]
                          .filter(Boolean)
                          .join(' · ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function RulesSection({ rules }: { rules: AdminRuleRow[] }) {
  return (
    <section aria-labelledby="frete-gratis" className={SECTION}>
      <SectionHeader id="frete-gratis" title="Frete grátis" to="/admin/frete/regras/nova" newLabel="Nova regra">
        Uma regra ligada zera o frete quando o pedido atende tudo o que ela pede (zona, serviço, valor mínimo dos produtos, assinante).
      </SectionHeader>
      {rules.length === 0 ? (
        <p className="mt-4 rounded-lg border border-slate-200 p-6 dark:border-slate-700">Nenhuma regra de frete grátis.</p>
      ) : (
        <div className={TABLE_WRAP}>
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">Regras de frete grátis, por nome</caption>
            <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              <tr>
                <th scope="col" className={TH}>Regra</th>
                <th scope="col" className={TH}>Ligada</th>
                <th scope="col" className={TH}>Onde</th>
                <th scope="col" className={TH}>Serviço</th>
                <th scope="col" className={TH}>Produtos a partir de</th>
                <th scope="col" className={TH}>Para quem</th>
              </tr>
            </thead>
            <tbody>
              {rules.map((rule) => (
                <tr key={rule.id} className="border-t border-slate-200 dark:border-slate-700">
                  <th scope="row" className={cn(TD, 'font-normal')}>
                    <Link to={`/admin/frete/regras/${rule.id}`} className={NAME_LINK}>
                      {rule.name}
                    </Link>
                  </th>
                  <td className={TD}>
                    <ActiveSwitch kind="rule" id={rule.id} name={rule.name} active={rule.active} />
                  </td>
                  <td className={TD}>{rule.zoneName ?? 'Todo o Brasil'}</td>
                  <td className={TD}>{rule.serviceName ?? 'Todos os serviços'}</td>
                  <td className={cn(TD, 'whitespace-nowrap')}>{rule.minSubtotalCents === null ? 'Qualquer valor' : formatBRL(rule.minSubtotalCents)}</td>
                  <td className={TD}>{rule.subscribersOnly ? 'Só assinantes' : 'Todos os clientes'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * On/off at once: the switch posts the value it turns to (so a double click is one change), the
 * server answers with a toast, and the list reloads. Shown at the value being saved meanwhile; a
 * refusal (the last active service) puts it back. Named by the record; its state also in words.
 */
function ActiveSwitch({ kind, id, name, active }: { kind: 'service' | 'rule'; id: string; name: string; active: boolean }) {
  const fetcher = useFetcher<ActionData>();
  const stateId = useId();
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data) toast(fetcher.data.toast);
  }, [fetcher.state, fetcher.data]);
  const pending = fetcher.formData?.get('active');
  const on = pending === 'true' ? true : pending === 'false' ? false : active;
  const word = kind === 'service' ? (on ? 'Ligado' : 'Desligado') : on ? 'Ligada' : 'Desligada';
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="active" value={String(!on)} />
      <button
        type="submit"
        role="switch"
        aria-checked={on}
        aria-label={name}
        aria-describedby={stateId}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
          on ? 'bg-brand-700' : 'bg-slate-500 dark:bg-slate-600',
        )}
      >
        <span aria-hidden className={cn('inline-block h-5 w-5 rounded-full bg-white shadow transition-transform', on ? 'translate-x-6' : 'translate-x-1')} />
      </button>
      <span id={stateId} className="text-sm">
        {word}
      </span>
    </fetcher.Form>
  );
}

function days(n: number): string {
  return n === 1 ? '1 dia útil' : `${n} dias úteis`;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
