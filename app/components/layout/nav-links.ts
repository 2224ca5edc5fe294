/** Header navigation on every page, also listed in the footer. */
export const NAV_LINKS = [
  { to: '/', label: 'Início' },
  { to: '/produtos', label: 'Produtos' },
  { to: '/assinatura', label: 'Assinatura' },
  { to: '/kits', label: 'Kits Prontos' },
  { to: '/sobre', label: 'Sobre' },
  { to: '/blog', label: 'Blog' },
  { to: '/contato', label: 'Contato' },
] as const;

export const LEGAL_LINKS = [
  { to: '/politica-privacidade', label: 'Política de Privacidade' },
  { to: '/termos-uso', label: 'Termos de Uso' },
  { to: '/trocas-devolucoes', label: 'Trocas e Devoluções' },
] as const;
