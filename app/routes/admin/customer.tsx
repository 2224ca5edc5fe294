// /admin/customers/:id — one customer: profile (CPF/CNPJ masked; "mostrar" is recorded), addresses,
// orders, subscriptions and programmed deliveries, wishlist, newsletter; the admin's actions on the
// account (confirmation and password-reset e-mails, block/unblock, make admin/customer), each
// recorded and listed here as who, when, what. The loader returns only what the page shows.
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { data, Link, useFetcher } from 'react-router';
import { OrderStatusBadge } from '~/components/admin/order-status-badge';
import { DELIVERY_STATUS_LABELS, deliveryFrequencyLabel, orderLabel } from '~/components/subscription/labels';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { toast } from '~/components/ui/toaster';
import { formatCep } from '~/lib/cep';
import { CUSTOMER_AUDIT_LABELS, type CustomerAuditAction } from '~/lib/customers';
import { formatDateBR, formatDateTimeBR } from '~/lib/dates';
import { formatBRL } from '~/lib/money';
import { findPlan, SUBSCRIPTION_STATUS_LABELS } from '~/lib/plans';
import { customerActionSchema, isCustomerId } from '~/lib/schemas/admin-customer';
import { displayTaxId } from '~/lib/tax-id';
import type { ToastMessage } from '~/lib/toast';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import { applyCustomerAction, type CustomerActionRefusal } from '~/server/customers/actions.server';
import { getCustomerDetail } from '~/server/customers/detail.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import type { Route } from './+types/customer';

const NOT_FOUND = 'Cliente não encontrado.';

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d?.customer ? `${d.customer.profile.name} | Clientes | Painel Administrativo | Clarear` : 'Cliente não encontrado | Clarear' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  if (!isCustomerId(params.id)) throw data(NOT_FOUND, 404);
  const customer = await getCustomerDetail(await getDb(), params.id);
  if (!customer) throw data(NOT_FOUND, 404);
  return { customer, self: customer.profile.id === admin.id };
}

type ActionData = { ok: boolean; intent?: CustomerAuditAction; customerId?: string; taxId?: string; toast: ToastMessage };

const DONE: Record<CustomerAuditAction, ToastMessage> = {
  reveal_tax_id: { title: 'CPF/CNPJ exibido', description: 'A consulta foi registrada no histórico.' },
  resend_confirmation: { title: 'E-mail de confirmação enviado', description: 'O link vale por 1 hora.' },
  password_reset: { title: 'E-mail de redefinição de senha enviado', description: 'O link vale por 1 hora.' },
  block: { title: 'Acesso bloqueado', description: 'As sessões do cliente foram encerradas.' },
  unblock: { title: 'Acesso desbloqueado', description: 'O cliente pode entrar de novo.' },
  make_admin: { title: 'Agora é administrador', description: 'A conta passa a acessar o painel.' },
  make_customer: { title: 'Agora é cliente', description: 'A conta não acessa mais o painel.' },
};

const REFUSED: Record<CustomerActionRefusal, { status: number; description: string }> = {
  'not-found': { status: 404, description: NOT_FOUND },
  self: { status: 409, description: 'Você não pode fazer isso com a sua própria conta.' },
  'last-admin': { status: 409, description: 'A loja precisa de pelo menos um administrador.' },
  'is-admin': { status: 409, description: 'Remova o acesso de administrador antes de bloquear esta conta.' },
  blocked: { status: 409, description: 'Desbloqueie a conta antes de torná-la administradora.' },
  'already-verified': { status: 409, description: 'O e-mail deste cliente já está confirmado.' },
  'no-tax-id': { status: 409, description: 'Este cliente não informou CPF/CNPJ.' },
  unchanged: { status: 409, description: 'A conta já está assim. Recarregue a página.' },
  forbidden: { status: 403, description: 'Sua conta não é mais administradora.' },
};

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const parsed = customerActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data<ActionData>({ ok: false, toast: { title: 'Não foi possível concluir', description: parsed.error.issues[0]?.message ?? '', variant: 'destructive' } }, 400);
  if (!isCustomerId(params.id)) throw data(NOT_FOUND, 404);
  const intent = parsed.data.intent;
  const result = await applyCustomerAction(await getDb(), { customerId: params.id, adminUserId: admin.id, action: intent });
  if (!result.ok) {
    const refusal = REFUSED[result.reason];
    return data<ActionData>({ ok: false, intent, toast: { title: 'Não foi possível concluir', description: refusal.description, variant: 'destructive' } }, refusal.status);
  }
  return data<ActionData>({ ok: true, intent, customerId: params.id, taxId: result.taxId, toast: DONE[intent] });
}

const SECTION = 'rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900';
const MUTED = 'text-slate-700 dark:text-slate-300';
const LINK = 'font-semibold text-brand-700 underline dark:text-brand-200';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={SECTION}>
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className={`text-sm ${MUTED}`}>{term}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

type Confirmable = { intent: CustomerAuditAction; label: string; title: string; description: string; confirmLabel: string; busyLabel: string };

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  const { customer, self } = loaderData;
  const { profile: p } = customer;
  const fetcher = useFetcher<ActionData>();
  const [confirming, setConfirming] = useState<CustomerAuditAction | null>(null);
  // Kept with the account it belongs to: the page is reused when the admin opens another customer.
  const [reveal, setReveal] = useState<{ id: string; taxId: string } | null>(null);
  const revealed = reveal?.id === p.id ? reveal.taxId : null;
  const pending = fetcher.state !== 'idle' ? (fetcher.formData?.get('intent') as CustomerAuditAction | null) : null;
  useEffect(() => {
    if (!fetcher.data) return;
    toast(fetcher.data.toast);
    if (fetcher.data.ok) setConfirming(null);
    if (fetcher.data.taxId && fetcher.data.customerId) setReveal({ id: fetcher.data.customerId, taxId: fetcher.data.taxId });
  }, [fetcher.data]);

  const plain = (intent: CustomerAuditAction, label: string, busyLabel: string) => (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant="outline" disabled={pending === intent}>
        {pending === intent ? busyLabel : label}
      </Button>
    </fetcher.Form>
  );
  const confirmed = (c: Confirmable) => (
    <ConfirmDialog
      open={confirming === c.intent}
      onOpenChange={(open) => setConfirming(open ? c.intent : null)}
      title={c.title}
      description={c.description}
      trigger={
        <Button type="button" variant="outline">
          {c.label}
        </Button>
      }
      fetcher={fetcher}
      fields={{ intent: c.intent }}
      confirmLabel={c.confirmLabel}
      busyLabel={c.busyLabel}
      busy={pending === c.intent}
    />
  );

  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <div>
        <Link to="/admin/customers" className="inline-flex items-center gap-1 text-sm text-brand-700 underline dark:text-brand-200">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Clientes
        </Link>
        <h1 className="mt-1 text-2xl font-bold break-words">{p.name}</h1>
        <p className={`mt-1 text-sm ${MUTED}`}>
          {p.role === 'admin' ? 'Administrador' : 'Cliente'} · cadastro em {formatDateBR(p.createdAt)}
          {p.banned ? ' · Acesso bloqueado' : ''}
        </p>
      </div>

      <Section id="perfil" title="Perfil">
        <dl className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Fact term="E-mail">{p.email}</Fact>
          <Fact term="E-mail confirmado">{p.emailVerified ? 'Sim' : 'Não'}</Fact>
          <Fact term="CPF/CNPJ">
            {p.hasTaxId ? (
              <span className="flex flex-wrap items-center gap-2">
                <span data-testid="tax-id">{revealed ? displayTaxId(revealed) : p.taxIdMasked}</span>
                {revealed ? null : (
                  <fetcher.Form method="post">
                    <input type="hidden" name="intent" value="reveal_tax_id" />
                    <Button type="submit" variant="outline" size="sm" disabled={pending === 'reveal_tax_id'}>
                      mostrar<span className="sr-only"> o CPF/CNPJ completo</span>
                    </Button>
                  </fetcher.Form>
                )}
              </span>
            ) : (
              'Não informado'
            )}
          </Fact>
          <Fact term="Acesso">{p.banned ? 'Bloqueado' : 'Liberado'}</Fact>
          <Fact term="Pedidos pagos">
            {p.paidOrders} · {formatBRL(p.totalSpentCents)}
          </Fact>
          <Fact term="Lista de desejos">{customer.wishlistCount === 1 ? '1 produto' : `${customer.wishlistCount} produtos`}</Fact>
          <Fact term="Newsletter">{customer.newsletter ? `Inscrito desde ${formatDateBR(customer.newsletter.createdAt)}` : 'Não inscrito'}</Fact>
          <Fact term="Notificações por e-mail">{customer.receiveNotifications ? 'Recebe' : 'Não recebe'}</Fact>
        </dl>
      </Section>

      <Section id="enderecos" title="Endereços">
        {customer.addresses.length === 0 ? (
          <p className={`mt-2 ${MUTED}`}>Nenhum endereço salvo.</p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {customer.addresses.map((a) => (
              <li key={a.id} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
                <span className="block font-semibold">
                  {a.name}
                  {a.isDefault ? ' (principal)' : ''}
                </span>
                <span className="block">
                  {a.street}, {a.number}
                  {a.complement ? ` – ${a.complement}` : ''}
                </span>
                <span className="block">
                  {a.neighborhood}, {a.city}/{a.state}
                </span>
                <span className="block">CEP {formatCep(a.zipCode)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="pedidos" title={`Pedidos (${customer.orderCount})`}>
        {customer.orders.length === 0 ? (
          <p className={`mt-2 ${MUTED}`}>Nenhum pedido.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Pedidos do cliente, do mais recente ao mais antigo</caption>
              <thead className="border-b border-slate-200 dark:border-slate-700">
                <tr>
                  <th scope="col" className="p-2">Pedido</th>
                  <th scope="col" className="p-2">Data</th>
                  <th scope="col" className="p-2">Situação</th>
                  <th scope="col" className="p-2 text-right">Total</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
                {customer.orders.map((o) => (
                  <tr key={o.id} data-testid="customer-order">
                    <td className="p-2">
                      <Link to={`/admin/orders/${o.id}`} className={LINK}>
                        {orderLabel(o.id)}
                      </Link>
                    </td>
                    <td className="p-2 whitespace-nowrap">{formatDateTimeBR(o.createdAt)}</td>
                    <td className="p-2">
                      <OrderStatusBadge status={o.status} />
                    </td>
                    <td className="p-2 text-right whitespace-nowrap">{formatBRL(o.totalCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>

      <Section id="assinaturas" title="Assinaturas e entregas programadas">
        {customer.subscriptions.length === 0 && customer.deliveries.length === 0 ? (
          <p className={`mt-2 ${MUTED}`}>Nenhuma assinatura nem entrega programada.</p>
        ) : (
          <ul className="mt-3 grid gap-2 text-sm">
            {customer.subscriptions.map((s) => (
              <li key={s.id}>
                <Link to={`/admin/subscriptions/${s.id}`} className={LINK}>
                  {findPlan(s.frequency)?.name ?? s.frequency}
                </Link>{' '}
                · {SUBSCRIPTION_STATUS_LABELS[s.status] ?? s.status} · {formatBRL(s.totalCents)}
                {s.status === 'active' ? ` · próxima renovação em ${formatDateBR(s.nextDeliveryDate)}` : ''}
              </li>
            ))}
            {customer.deliveries.map((d) => (
              <li key={d.id}>
                Entrega programada: {deliveryFrequencyLabel(d.months)} · {DELIVERY_STATUS_LABELS[d.status] ?? d.status} · {d.items === 1 ? '1 item' : `${d.items} itens`}
                {d.status === 'active' ? ` · próxima em ${formatDateBR(d.nextDate)}` : ''}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="acoes" title="Ações">
        {self ? <p className={`mt-2 text-sm ${MUTED}`}>Esta é a sua conta: bloquear e mudar o papel ficam para outro administrador.</p> : null}
        <div className="mt-3 flex flex-wrap gap-2">
          {p.emailVerified ? null : plain('resend_confirmation', 'Reenviar e-mail de confirmação', 'Enviando...')}
          {plain('password_reset', 'Enviar redefinição de senha', 'Enviando...')}
          {self ? null : p.banned ? (
            plain('unblock', 'Desbloquear acesso', 'Desbloqueando...')
          ) : p.role === 'admin' ? null : (
            confirmed({
              intent: 'block',
              label: 'Bloquear acesso',
              title: 'Bloquear o acesso deste cliente?',
              description: `${p.name} sai de todas as sessões agora e não consegue entrar até ser desbloqueado.`,
              confirmLabel: 'Bloquear acesso',
              busyLabel: 'Bloqueando...',
            })
          )}
          {self || p.banned
            ? null
            : p.role === 'admin'
              ? confirmed({
                  intent: 'make_customer',
                  label: 'Tornar cliente',
                  title: 'Remover o acesso de administrador?',
                  description: `${p.name} deixa de acessar o painel imediatamente.`,
                  confirmLabel: 'Tornar cliente',
                  busyLabel: 'Alterando...',
                })
              : confirmed({
                  intent: 'make_admin',
                  label: 'Tornar administrador',
                  title: 'Tornar esta conta administradora?',
                  description: `${p.name} passa a acessar todo o painel: pedidos, clientes e configurações.`,
                  confirmLabel: 'Tornar administrador',
                  busyLabel: 'Alterando...',
                })}
        </div>
      </Section>

      <Section id="historico" title="Histórico de ações">
        {customer.audit.length === 0 ? (
          <p className={`mt-2 ${MUTED}`}>Nenhuma ação registrada.</p>
        ) : (
          <ol className="mt-3 grid gap-2 text-sm" data-testid="customer-audit">
            {customer.audit.map((e) => (
              <li key={e.id}>
                <span className={MUTED}>{formatDateTimeBR(e.createdAt)}</span> · {e.adminName ?? 'Administrador removido'} · {CUSTOMER_AUDIT_LABELS[e.action]}
              </li>
            ))}
          </ol>
        )}
      </Section>
    </div>
  );
}
