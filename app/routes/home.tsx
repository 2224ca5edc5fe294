import { BadgePercent, Leaf, ShieldCheck, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '~/components/ui/button';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () => [
  { title: 'Clarear | Produtos de limpeza para casa, empresa e indústria' },
  { name: 'description', content: 'Produtos de limpeza profissionais e para o dia a dia, kits prontos e a Assinatura Inteligente com 10% de desconto.' },
];

const BENEFITS = [
  { icon: ShieldCheck, title: 'Qualidade profissional', text: 'Fórmulas testadas para casas, empresas e indústrias.' },
  { icon: Truck, title: 'Entrega rápida', text: 'Entrega em 24h na Grande São Paulo e envio para todo o Brasil.' },
  { icon: Leaf, title: 'Responsável', text: 'Produtos não testados em animais e embalagens recicláveis.' },
  { icon: BadgePercent, title: 'Economia na assinatura', text: 'Assinantes têm 10% de desconto em todas as compras avulsas.' },
];

export default function Home() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto grid max-w-7xl gap-6 px-4 py-16 md:py-24">
          <p className="inline-flex w-fit items-center gap-2 rounded-full bg-accent-500 px-3 py-1 text-sm font-bold text-slate-950">
            <BadgePercent className="h-4 w-4" aria-hidden /> 10% OFF na assinatura
          </p>
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 md:text-6xl dark:text-white">
            Limpeza profissional para sua casa, empresa e indústria
          </h1>
          <p className="max-w-2xl text-lg text-slate-700 dark:text-slate-300">
            Produtos concentrados, kits prontos e entrega recorrente com a Assinatura Inteligente. Ganhe 10% de desconto
            na sua primeira compra.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to="/assinatura" className={buttonVariants({ size: 'lg' })}>
              Conheça a Assinatura
            </Link>
            <Link to="/produtos" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              Ver Produtos
            </Link>
          </div>
        </div>
      </section>
      <section aria-labelledby="beneficios" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="beneficios" className="text-2xl font-bold">
          Por que a Clarear?
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-slate-200 p-6 dark:border-slate-800">
              <Icon className="h-8 w-8 text-brand-700 dark:text-brand-200" aria-hidden />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
