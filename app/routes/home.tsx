import { BadgePercent, Leaf, ShieldCheck, Truck } from '~/components/icons';
import { Link } from 'react-router';
import { ProductCard } from '~/components/product/product-card';
import { useProductModal } from '~/components/product/use-product-modal';
import { buttonVariants } from '~/components/ui/button';
import { SUBSCRIBER_DISCOUNT_PERCENT, WELCOME_DISCOUNT_PERCENT } from '~/lib/discounts';
import { useStoreSettings } from '~/lib/root-data';
import { absoluteUrl, originFromMatches, rootSettings, seo } from '~/lib/seo';
import { listFeaturedKits, listTestimonials } from '~/server/catalog/catalog.server';
import type { Executor } from '~/db/client.server';
import { getUserTaxId } from '~/server/flows/checkout.server';
import { getDb } from '~/server/infra/db.server';
import { welcomeStanding } from '~/server/orders/orders.server';
import { getSessionDetails, type SessionDetails } from '~/server/auth/session.server';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = originFromMatches(matches);
  const settings = rootSettings(matches);
  return seo({
    description: `Produtos de limpeza profissionais e para o dia a dia, kits prontos e a Assinatura Inteligente com ${SUBSCRIBER_DISCOUNT_PERCENT}% de desconto.`,
    path: '/',
    origin,
    image: '/images/assinatura.svg',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Clarear',
      url: absoluteUrl(origin, '/'),
      logo: absoluteUrl(origin, '/favicon.svg'),
      ...(settings
        ? { email: settings.email, telephone: settings.phone.href.replace(/^tel:/, ''), sameAs: settings.social.map((s) => s.url) }
        : {}),
    },
  });
};

export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  const [featuredKits, testimonials, signedIn] = await Promise.all([listFeaturedKits(db), listTestimonials(db), getSessionDetails(request)]);
  return { featuredKits, testimonials, welcomeOffer: await welcomeOfferFor(db, signedIn) };
}

/** Visitors see the offer as promised; a customer sees it as theirs until the first purchase, then no more. */
async function welcomeOfferFor(db: Executor, signedIn: SessionDetails | null): Promise<'visitor' | 'yours' | 'used'> {
  if (!signedIn) return 'visitor';
  const { user, extra } = signedIn;
  // The CPF/CNPJ usually came with the session (session.server.ts).
  const taxId = extra ? extra.taxId : await getUserTaxId(db, user.id);
  // As the checkout's quote tells it: a CPF/CNPJ saved in Meus Dados is not proof it is this person's.
  return (await welcomeStanding(db, user.id, taxId)) === 'used' ? 'used' : 'yours';
}

const BENEFITS = [
  { icon: ShieldCheck, title: 'Qualidade profissional', text: 'Fórmulas testadas para casas, empresas e indústrias.' },
  { icon: Truck, title: 'Entrega rápida', text: 'Entrega em 24h na Grande São Paulo e envio para todo o Brasil.' },
  { icon: Leaf, title: 'Responsável', text: 'Produtos não testados em animais e embalagens recicláveis.' },
  { icon: BadgePercent, title: 'Economia na assinatura', text: `Assinantes têm ${SUBSCRIBER_DISCOUNT_PERCENT}% de desconto em todas as compras avulsas.` },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { open, modal } = useProductModal();
  // The marketing figures and the welcome offer switch come from /admin/settings (root loader).
  const settings = useStoreSettings();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto grid max-w-7xl gap-6 px-4 py-16 md:py-24">
          <p className="inline-flex w-fit items-center gap-2 rounded-full bg-accent-500 px-3 py-1 text-sm font-bold text-slate-950">
            <BadgePercent className="h-4 w-4" aria-hidden /> {SUBSCRIBER_DISCOUNT_PERCENT}% OFF na assinatura
          </p>
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 md:text-6xl dark:text-white">
            Limpeza profissional para sua casa, empresa e indústria
          </h1>
          <p className="max-w-2xl text-lg text-slate-700 dark:text-slate-300">
            Produtos concentrados, kits prontos e entrega recorrente com a Assinatura Inteligente.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to="/assinatura" className={buttonVariants({ size: 'lg' })}>
              Conheça a Assinatura
            </Link>
            <Link to="/produtos" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              Ver Produtos
            </Link>
          </div>
          {!settings.welcomeOffer || loaderData.welcomeOffer === 'used' ? null : (
            <p className="flex items-center gap-2 text-sm font-medium text-brand-800 dark:text-brand-100" data-testid="welcome-offer">
              <span aria-hidden>🎁</span>
              {loaderData.welcomeOffer === 'yours'
                ? `Sua oferta de boas-vindas: ${WELCOME_DISCOUNT_PERCENT}% de desconto na sua primeira compra, aplicado no carrinho.`
                : `Oferta de boas-vindas: ${WELCOME_DISCOUNT_PERCENT}% de desconto na sua primeira compra.`}
            </p>
          )}
        </div>
      </section>

      <section aria-labelledby="numeros" className="border-y border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
        <h2 id="numeros" className="sr-only">
          A Clarear em números
        </h2>
        <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-8 text-center md:grid-cols-4">
          {settings.figures.map((f, i) => (
            <div key={i} className="flex flex-col-reverse">
              <dt className="text-sm text-slate-700 dark:text-slate-300">{f.label}</dt>
              <dd className="text-3xl font-extrabold text-brand-700 dark:text-brand-200">{f.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      {loaderData.featuredKits.length > 0 ? (
        <section aria-labelledby="kits-destaque" className="mx-auto max-w-7xl px-4 py-12">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <h2 id="kits-destaque" className="text-2xl font-bold">
              Kits em destaque
            </h2>
            <Link to="/kits" className="font-semibold text-brand-700 hover:underline dark:text-brand-200">
              Ver todos os kits
            </Link>
          </div>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.featuredKits.map((kit) => (
              <ProductCard key={kit.id} product={kit} onOpen={open} />
            ))}
          </div>
        </section>
      ) : null}

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

      {loaderData.testimonials.length > 0 ? (
        <section aria-labelledby="depoimentos" className="bg-slate-50 dark:bg-slate-900">
          <div className="mx-auto max-w-7xl px-4 py-12">
            <h2 id="depoimentos" className="text-2xl font-bold">
              Quem usa, recomenda
            </h2>
            <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {loaderData.testimonials.map((t) => (
                <li key={t.id} className="rounded-xl bg-white p-6 shadow-sm dark:bg-slate-950">
                  <span aria-hidden className="block font-serif text-4xl leading-none text-brand-600">
                    “
                  </span>
                  <blockquote className="mt-2 text-slate-800 dark:text-slate-200">{t.content}</blockquote>
                  <div className="mt-4 flex items-center gap-3">
                    {t.imageUrl ? <img src={t.imageUrl} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 rounded-full" /> : null}
                    <p className="text-sm">
                      <span className="font-semibold">{t.name}</span>
                      <br />
                      <span className="text-slate-600 dark:text-slate-400">{t.role}</span>
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
      {modal}
    </>
  );
}
