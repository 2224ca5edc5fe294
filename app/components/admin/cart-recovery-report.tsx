// Relatórios → "Carrinhos recuperados" (issue 36): the cart reminders' figures for the period
// (server/reports/cart-recovery.server.ts says what each counts).
import { formatBRL } from '~/lib/money';

const integer = new Intl.NumberFormat('pt-BR');

export type CartRecoveryFigures = { remindedCarts: number; emails: number; restored: number; recoveredOrders: number; recoveredRevenueCents: number };

export function CartRecoveryReport({ figures }: { figures: CartRecoveryFigures }) {
  const items: [string, string][] = [
    ['Carrinhos lembrados', integer.format(figures.remindedCarts)],
    ['E-mails de lembrete', integer.format(figures.emails)],
    ['Links de recuperação usados', integer.format(figures.restored)],
    ['Carrinhos recuperados', integer.format(figures.recoveredOrders)],
    ['Faturamento recuperado', formatBRL(figures.recoveredRevenueCents)],
  ];
  return (
    <section aria-labelledby="titulo-carrinhos-recuperados" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="titulo-carrinhos-recuperados" className="text-lg font-semibold">
        Carrinhos recuperados
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Lembretes de carrinho enviados no período, e os pedidos feitos em até 7 dias depois de um lembrete (contam os pagos, em separação, enviados e entregues).
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-5" data-testid="cart-recovery">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="text-xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
