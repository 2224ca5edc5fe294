import { HeartHandshake, Leaf, ShieldCheck, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '~/components/ui/button';
import { SUBSCRIBER_DISCOUNT_PERCENT } from '~/lib/discounts';
import { originFromMatches, seo } from '~/lib/seo';
import { getDb } from '~/server/infra/db.server';
import { getAboutHero } from '~/server/settings/settings.server';
import type { Route } from './+types/about';

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seo({
    title: 'Sobre nós',
    description: data?.hero.subtitle || 'Conheça a Clarear: nossa missão, nossos valores e a nossa história de 2025 a 2030.',
    path: '/sobre',
    origin: originFromMatches(matches),
  });

export async function loader() {
  return { hero: await getAboutHero(await getDb()) };
}

const VALUES = [
  {
    icon: ShieldCheck,
    title: 'Segurança em primeiro lugar',
    text: 'Fórmulas regularizadas na Anvisa, pH informado em cada produto e rótulos claros sobre uso, diluição e precauções.',
  },
  {
    icon: Sparkles,
    title: 'Eficiência de verdade',
    text: 'Produtos concentrados e testados em campo: limpam mais com menos produto e rendem até o fim da embalagem.',
  },
  {
    icon: Leaf,
    title: 'Responsabilidade ambiental',
    text: 'Fórmulas biodegradáveis sempre que possível, embalagens recicláveis e produtos não testados em animais.',
  },
  {
    icon: HeartHandshake,
    title: 'Proximidade com quem limpa',
    text: 'Atendimento por pessoas, orientação sobre o produto certo para cada superfície e conteúdo gratuito no blog.',
  },
];

const TIMELINE = [
  {
    year: '2025',
    title: 'Fundação',
    text: 'A Clarear nasce em São Paulo com uma linha de detergentes, desinfetantes e desengordurantes concentrados.',
  },
  {
    year: '2026',
    title: 'Loja online para todo o Brasil',
    text: `Lançamos a loja virtual, os kits prontos e a Assinatura Inteligente, com entrega recorrente e ${SUBSCRIBER_DISCOUNT_PERCENT}% de desconto.`,
  },
  {
    year: '2027',
    title: 'Linha profissional ampliada',
    text: 'Produtos e treinamentos para restaurantes, clínicas, condomínios e indústrias, com fichas técnicas completas.',
  },
  {
    year: '2028',
    title: 'Refil e embalagens retornáveis',
    text: 'Refis para os produtos mais vendidos e coleta de embalagens vazias nas entregas da assinatura.',
  },
  {
    year: '2029',
    title: 'Centros de distribuição regionais',
    text: 'Novos centros de distribuição no Nordeste e no Sul para entregar mais rápido em todas as regiões.',
  },
  {
    year: '2030',
    title: 'Nossas metas',
    text: 'Embalagens 100% recicláveis ou retornáveis, operação neutra em carbono e 1 milhão de ambientes limpos por mês.',
  },
];

export default function About({ loaderData }: Route.ComponentProps) {
  const { hero } = loaderData;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto grid max-w-4xl gap-5 px-4 py-16 text-center md:py-20">
          <p className="text-sm font-bold tracking-wide text-brand-700 uppercase dark:text-brand-200">Sobre a Clarear</p>
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 md:text-5xl dark:text-white">
            {hero.title || 'Sobre a Clarear'}
          </h1>
          {hero.subtitle ? <p className="text-xl text-slate-700 dark:text-slate-300">{hero.subtitle}</p> : null}
          {hero.description ? (
            <p className="text-left text-base leading-relaxed text-slate-700 sm:text-center dark:text-slate-300">{hero.description}</p>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="missao" className="mx-auto max-w-7xl px-4 py-12">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="missao" className="text-3xl font-bold text-slate-900 dark:text-white">
            Nossa missão
          </h2>
          <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
            Tornar a limpeza mais simples, segura e econômica para casas, empresas e indústrias, com produtos que
            funcionam de verdade e informação clara para usá-los bem.
          </p>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-label="Nossos valores">
          {VALUES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
              <Icon className="h-8 w-8 text-brand-700 dark:text-brand-200" aria-hidden />
              <h3 className="mt-3 font-semibold text-slate-900 dark:text-white">{title}</h3>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="trajetoria" className="bg-slate-50 dark:bg-slate-900">
        <div className="mx-auto max-w-3xl px-4 py-12">
          <h2 id="trajetoria" className="text-center text-3xl font-bold text-slate-900 dark:text-white">
            Nossa trajetória
          </h2>
          <p className="mt-2 text-center text-slate-700 dark:text-slate-300">De 2025 a 2030: o que já fizemos e aonde vamos chegar.</p>
          <ol className="relative mt-10 grid gap-8 border-l-2 border-brand-200 pl-6 dark:border-brand-800" aria-label="Linha do tempo">
            {TIMELINE.map((item) => (
              <li key={item.year} className="relative">
                <span
                  aria-hidden
                  className="absolute top-1.5 -left-[33px] h-4 w-4 rounded-full border-2 border-white bg-brand-700 dark:border-slate-900 dark:bg-brand-200"
                />
                <p className="text-sm font-bold text-brand-700 dark:text-brand-200">{item.year}</p>
                <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{item.title}</h3>
                <p className="mt-1 text-slate-700 dark:text-slate-300">{item.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="mx-auto max-w-3xl px-4 py-12 text-center" aria-labelledby="convite">
        <h2 id="convite" className="text-2xl font-bold text-slate-900 dark:text-white">
          Vamos limpar juntos?
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">Conheça nossos produtos ou fale com a nossa equipe.</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/produtos" className={buttonVariants({ size: 'lg' })}>
            Ver Produtos
          </Link>
          <Link to="/contato" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
            Fale Conosco
          </Link>
        </div>
      </section>
    </>
  );
}
