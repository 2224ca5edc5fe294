// /admin/cupons — Cupons (issue 36): every coupon, newest first, with its rule, validity, the uses
// taken (live: a cancelled order's use is given back) and the discount they gave.
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '~/components/ui/button';
import { formatSaoPauloDateTime } from '~/lib/coupons';
import { formatBRL } from '~/lib/money';
import { requireAdmin } from '~/server/auth/session.server';
import { listCoupons, type AdminCouponRow } from '~/server/coupons/coupons.server';
import { getDb } from '~/server/infra/db.server';
import { now } from '~/lib/clock';
import type { Route } from './+types/coupons';

export const meta: Route.MetaFunction = () => [{ title: 'Cupons | Painel Administrativo | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { coupons: await listCoupons(await getDb()), at: now().toISOString() };
}

const MUTED = 'text-slate-700 dark:text-slate-300';

function ruleText(c: AdminCouponRow): string {
  return c.kind === 'percent' ? `${c.percent}% de desconto` : `${formatBRL(c.amountCents ?? 0)} de desconto`;
}

function validityText(c: AdminCouponRow): string {
  if (c.validFrom && c.validUntil) return `${formatSaoPauloDateTime(c.validFrom)} a ${formatSaoPauloDateTime(c.validUntil)}`;
  if (c.validFrom) return `a partir de ${formatSaoPauloDateTime(c.validFrom)}`;
  if (c.validUntil) return `até ${formatSaoPauloDateTime(c.validUntil)}`;
  return 'sem prazo';
}

function statusText(c: AdminCouponRow, at: Date): string {
  if (!c.active) return 'Desligado';
  if (c.validUntil && at.getTime() >= c.validUntil.getTime()) return 'Expirado';
  if (c.validFrom && at.getTime() < c.validFrom.getTime()) return 'Agendado';
  if (c.maxUses !== null && c.uses >= c.maxUses) return 'Esgotado';
  return 'Ativo';
}

export default function AdminCoupons({ loaderData }: Route.ComponentProps) {
  const { coupons } = loaderData;
  const at = new Date(loaderData.at);
  return (
    <section aria-labelledby="titulo-cupons" className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="titulo-cupons" className="text-2xl font-bold">
          Cupons
        </h1>
        <Link to="/admin/cupons/novo" className={buttonVariants()}>
          <Plus className="h-4 w-4" aria-hidden /> Novo cupom
        </Link>
      </div>
      <p className={`mt-1 ${MUTED}`}>Um desconto por pedido: o cliente fica com o maior entre o de assinante, o de boas-vindas e o do cupom. Datas no horário de São Paulo.</p>

      {coupons.length === 0 ? (
        <p className={`mt-8 ${MUTED}`}>Nenhum cupom ainda.</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Cupons, os mais novos primeiro</caption>
            <thead className="border-b border-slate-200 dark:border-slate-700">
              <tr>
                <th scope="col" className="p-3">Código</th>
                <th scope="col" className="p-3">Desconto</th>
                <th scope="col" className="p-3">Validade</th>
                <th scope="col" className="p-3">Situação</th>
                <th scope="col" className="p-3 text-right">Usos</th>
                <th scope="col" className="p-3 text-right">Desconto dado</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {coupons.map((c) => (
                <tr key={c.id} data-testid="coupon-row">
                  <td className="p-3">
                    <Link to={`/admin/cupons/${c.id}`} className="font-mono font-semibold text-brand-700 underline dark:text-brand-200">
                      {c.code}
                    </Link>
                    {c.description ? <span className={`block text-xs ${MUTED}`}>{c.description}</span> : null}
                  </td>
                  <td className="p-3">{ruleText(c)}</td>
                  <td className="p-3">{validityText(c)}</td>
                  <td className="p-3">{statusText(c, at)}</td>
                  <td className="p-3 text-right whitespace-nowrap" data-testid="coupon-uses">
                    {c.maxUses === null ? c.uses : `${c.uses} de ${c.maxUses}`}
                  </td>
                  <td className="p-3 text-right whitespace-nowrap" data-testid="coupon-given">
                    {formatBRL(c.discountGivenCents)}
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
