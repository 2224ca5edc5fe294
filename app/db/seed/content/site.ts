import type { StoredSettings } from '../../../lib/store-settings';
import type { SeedQuickQuestion, SeedSiteContent } from '../types';

/**
 * The store's public details as they were hard-coded before /admin/settings: the one row of
 * store_settings starts with these (seeded once; an admin's edits are never overwritten).
 */
export const storeSettings: StoredSettings = {
  phone: '1140028922',
  hours: 'Segunda a sexta, das 8h às 18h',
  contactEmail: 'contato@clarear.com.br',
  whatsapp: '11940028922',
  whatsappMessage: 'Olá! Vim pelo site da Clarear.',
  instagramUrl: 'https://www.instagram.com/clarear.limpeza',
  facebookUrl: 'https://www.facebook.com/clarear.limpeza',
  youtubeUrl: '',
  tiktokUrl: '',
  linkedinUrl: '',
  // The home page's four figures: 50k+ customers, 98% approval, 24h delivery in the São Paulo area, 100+ products.
  marketingFigures: [
    { value: '50k+', label: 'clientes' },
    { value: '98%', label: 'de aprovação' },
    { value: '24h', label: 'entrega na Grande São Paulo' },
    { value: '100+', label: 'produtos' },
  ],
  welcomeOffer: true,
  // The seller's legal identity: FICTITIOUS sample data (a test CNPJ with valid check digits, a
  // sample IE, the CEP of Praça da Sé). The admin replaces it at /admin/settings before opening.
  legalName: 'Clarear Produtos de Limpeza Ltda. (dados de exemplo)',
  tradeName: 'Clarear',
  cnpj: '11222333000181',
  stateRegistration: '110042490114',
  addressStreet: 'Rua de Exemplo',
  addressNumber: '100',
  addressComplement: 'Galpão 2',
  addressNeighborhood: 'Sé',
  addressCity: 'São Paulo',
  addressState: 'SP',
  addressZipCode: '01001000',
  answerDays: 5,
};

export const siteContent: SeedSiteContent[] = [
  { page: 'about', section: 'hero', elementKey: 'title', content: 'Limpeza que transforma ambientes' },
  {
    page: 'about',
    section: 'hero',
    elementKey: 'subtitle',
    content: 'Produtos de limpeza eficientes e seguros para casas, empresas e indústrias de todo o Brasil.',
  },
  {
    page: 'about',
    section: 'hero',
    elementKey: 'description',
    content:
      'A Clarear nasceu em 2025, em São Paulo, com uma ideia simples: produto de limpeza bom é aquele que limpa de verdade, rende mais e pode ser usado com segurança. Desenvolvemos e fabricamos detergentes, desinfetantes, desengordurantes e produtos profissionais com fórmulas concentradas, rótulos claros e diluições testadas, e vendemos direto pela internet para lares, escritórios, restaurantes, clínicas, condomínios e indústrias de norte a sul do país. Com kits prontos e a Assinatura Inteligente, quem limpa não precisa mais se preocupar com estoque: os produtos certos chegam na hora certa.',
  },
];

export const quickQuestions: SeedQuickQuestion[] = [
  { questionText: 'Quais são os mais vendidos?', responseKey: 'vendido', displayOrder: 1 },
  { questionText: 'Quais os produtos mais baratos?', responseKey: 'barato', displayOrder: 2 },
  { questionText: 'Produtos para limpeza pesada', responseKey: 'pesada', displayOrder: 3 },
  { questionText: 'Ver kits prontos', responseKey: 'kits prontos', displayOrder: 4 },
  { questionText: 'Como funciona a assinatura?', responseKey: 'assinatura', displayOrder: 5 },
  { questionText: 'Formas de pagamento', responseKey: 'pagamento', displayOrder: 6 },
  { questionText: 'Falar com a Clarear', responseKey: 'contato', displayOrder: 7 },
  { questionText: 'Ajuda com meu pedido', responseKey: 'ajuda_pedido', displayOrder: 8 },
];
