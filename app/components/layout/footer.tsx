import { CreditCard, Mail, Phone, Rabbit, ShieldCheck, Truck } from '~/components/icons';
import { Link } from 'react-router';
import { now } from '~/lib/clock';
import type { RootData } from '~/lib/root-data';
import type { SocialNetwork } from '~/lib/store-settings';
import { NewsletterForm } from '../newsletter-form';
import { LEGAL_LINKS, NAV_LINKS } from './nav-links';
import { SellerIdentityLines } from './seller-identity';
import { FacebookIcon, InstagramIcon, LinkedinIcon, TiktokIcon, WhatsappIcon, YoutubeIcon } from './social-icons';

const CLAIMS = [
  { icon: Truck, text: 'Entrega rápida' },
  { icon: ShieldCheck, text: 'Compra segura (SSL)' },
  { icon: Rabbit, text: 'Não testado em animais' },
  { icon: CreditCard, text: 'Até 12x sem juros' },
];

const SOCIAL_ICONS: Record<SocialNetwork, typeof FacebookIcon> = {
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  youtube: YoutubeIcon,
  tiktok: TiktokIcon,
  linkedin: LinkedinIcon,
};

// The store's details come from /admin/settings through the root loader.
type FooterProps = { user: RootData['user']; settings: RootData['settings'] };

export function Footer({ user, settings }: FooterProps) {
  const year = now().getFullYear();
  // The networks the admin filled in (an empty link is hidden), then WhatsApp.
  const social = [
    ...settings.social.map((s) => ({ href: s.url, label: s.label, icon: SOCIAL_ICONS[s.network] })),
    { href: settings.whatsapp.href, label: 'WhatsApp', icon: WhatsappIcon },
  ];
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
      <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-4 px-4 py-6 text-sm font-medium md:grid-cols-4">
        {CLAIMS.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-2">
            <Icon className="h-5 w-5 text-brand-700 dark:text-brand-200" aria-hidden />
            {text}
          </li>
        ))}
      </ul>
      <div className="border-y border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-3 px-4 py-8 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-lg font-bold text-slate-900 dark:text-white">Receba novidades e ofertas</h2>
            <p className="text-sm">Dicas de limpeza, lançamentos e promoções exclusivas no seu e-mail.</p>
          </div>
          <NewsletterForm />
        </div>
      </div>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-extrabold text-brand-800 dark:text-brand-100">Clarear</p>
          <p className="mt-2 text-sm">
            Produtos de limpeza para casa, empresas e indústrias, com entrega para todo o Brasil.
          </p>
          <ul className="mt-4 flex gap-2" aria-label="Redes sociais">
            {social.map(({ href, label, icon: Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  rel="noopener noreferrer"
                  target="_blank"
                  aria-label={`Clarear no ${label}`}
                  className="grid h-9 w-9 place-items-center rounded-full bg-white hover:text-brand-700 dark:bg-slate-800"
                >
                  <Icon className="h-5 w-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Links rápidos">
          <h2 className="font-semibold text-slate-900 dark:text-white">Links rápidos</h2>
          <ul className="mt-3 grid gap-2 text-sm">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
            {user?.role === 'customer' ? (
              <li>
                <Link to="/area-cliente" className="hover:underline">
                  Área do Cliente
                </Link>
              </li>
            ) : null}
            {user?.role === 'admin' ? (
              <li>
                <Link to="/admin" className="hover:underline">
                  Painel Administrativo
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-slate-900 dark:text-white">Atendimento</h2>
          <ul className="mt-3 grid gap-2 text-sm">
            <li>
              <a href={settings.phone.href} className="flex items-center gap-2 hover:underline">
                <Phone className="h-4 w-4" aria-hidden /> {settings.phone.label}
              </a>
            </li>
            <li>
              <a href={`mailto:${settings.email}`} className="flex items-center gap-2 hover:underline">
                <Mail className="h-4 w-4" aria-hidden /> {settings.email}
              </a>
            </li>
            <li>{settings.hours}</li>
          </ul>
        </div>
        <nav aria-label="Informações legais">
          <h2 className="font-semibold text-slate-900 dark:text-white">Institucional</h2>
          <ul className="mt-3 grid gap-2 text-sm">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="grid gap-2 border-t border-slate-200 px-4 py-4 text-center text-xs leading-relaxed dark:border-slate-800">
        {/* Who sells, on every page (Decreto 7.962/2013 art. 2): razão social, CNPJ, IE, address, service. */}
        <SellerIdentityLines seller={settings.seller} hours={settings.hours} />
        <p>© {year} Clarear Produtos de Limpeza. Todos os direitos reservados.</p>
      </div>
    </footer>
  );
}
