import type { SeedKit, SeedProduct } from '../types';
import { precautions } from './safety';
import { products } from './products';

type KitInput = Omit<SeedKit, 'image' | 'displayOrder' | 'composition'>;

const bySlug = new Map<string, SeedProduct>(products.map((product) => [product.slug, product]));

/** "Contém: 2 × Detergente Neutro Concentrado (500 ml); 1 × ..." built from the catalogue, so it never drifts. */
function describeItems(items: SeedKit['items']): string {
  const parts = items.map(({ product, quantity }) => {
    const found = bySlug.get(product);
    if (!found) throw new Error(`Kit item references unknown product "${product}"`);
    const size = found.variants[0]?.size ?? '';
    return `${quantity} × ${found.name} (${size})`;
  });
  return `Contém: ${parts.join('; ')}.`;
}

const KIT_PRECAUTIONS = precautions(
  'Cada produto do kit traz rótulo próprio com instruções e advertências específicas: leia antes de usar.',
  'Use um produto de cada vez e enxágue a superfície antes de aplicar o próximo.',
);

const input: KitInput[] = [
  {
    slug: 'kit-cozinha-brilhante',
    name: 'Kit Cozinha Brilhante',
    description:
      'Tudo o que a cozinha precisa para ficar limpa e sem gordura: do detergente da louça ao desengordurante do fogão e ao brilho do inox.',
    rating: '4.9',
    price: '49.90',
    isFeatured: true,
    items: [
      { product: 'detergente-neutro-concentrado', quantity: 2 },
      { product: 'desengordurante-cozinha', quantity: 1 },
      { product: 'limpador-de-inox', quantity: 1 },
      { product: 'saponaceo-cremoso', quantity: 1 },
    ],
    benefits:
      'Economia em relação à compra avulsa; cobre louça, fogão, coifa, pia e eletrodomésticos de inox; produtos que se complementam, sem desperdício.',
    dilution: null,
    useIndication: 'Cozinhas residenciais e copas de escritório.',
    howToUse:
      'Use o detergente no dia a dia, o desengordurante uma vez por semana no fogão e azulejos, o saponáceo nas crostas da pia e das panelas e finalize os eletrodomésticos com o limpador de inox.',
    precautions: KIT_PRECAUTIONS,
    activeIngredient: null,
  },
  {
    slug: 'kit-banheiro-impecavel',
    name: 'Kit Banheiro Impecável',
    description:
      'Seis produtos para deixar o banheiro desinfetado, sem limo, sem manchas de calcário no box e com perfume de lavanda.',
    rating: '4.8',
    price: '59.90',
    isFeatured: true,
    items: [
      { product: 'agua-sanitaria-2-5', quantity: 2 },
      { product: 'limpador-ceramico', quantity: 1 },
      { product: 'removedor-de-limo', quantity: 1 },
      { product: 'gel-sanitario-ativo', quantity: 1 },
      { product: 'desinfetante-lavanda', quantity: 1 },
      { product: 'limpador-de-box-anticalcario', quantity: 1 },
    ],
    benefits:
      'Desinfecção completa de vaso, pia, piso e ralos; box transparente e rejunte sem limo; mais de 15% mais barato que comprar cada item separado.',
    dilution: null,
    useIndication: 'Banheiros residenciais, lavabos e banheiros de pequenos escritórios.',
    howToUse:
      'Comece pelo box com o anticalcário, passe ao vaso com o gel sanitário, limpe azulejos com o limpador cerâmico e trate os rejuntes com o removedor de limo. Finalize o piso com o desinfetante de lavanda. Use a água sanitária na desinfecção semanal de ralos e lixeiras, sempre sozinha.',
    precautions: precautions(
      'O kit contém produtos clorados (água sanitária, removedor de limo) e ácidos (gel sanitário, limpador cerâmico, anticalcário): nunca os aplique juntos nem em sequência sem enxaguar, pois a mistura libera gás cloro.',
      'Mantenha o banheiro ventilado durante a limpeza.',
    ),
    activeIngredient: null,
  },
  {
    slug: 'kit-lavanderia-completa',
    name: 'Kit Lavanderia Completa',
    description:
      'Sabão líquido, amaciante concentrado, tira-manchas e alvejante sem cloro: roupas limpas, macias e sem manchas, brancas ou coloridas.',
    rating: '4.8',
    price: '54.90',
    isFeatured: true,
    items: [
      { product: 'sabao-liquido-para-roupas', quantity: 1 },
      { product: 'amaciante-concentrado', quantity: 1 },
      { product: 'tira-manchas-oxi', quantity: 1 },
      { product: 'alvejante-sem-cloro', quantity: 1 },
    ],
    benefits:
      'Cuidado completo com as roupas em um só pedido; fórmulas compatíveis entre si; sem cloro, seguro para peças coloridas.',
    dilution: null,
    useIndication: 'Lavanderias residenciais e lavagem de uniformes de pequenas empresas.',
    howToUse:
      'Trate manchas antes com o tira-manchas, lave com o sabão líquido e, para roupas encardidas, acrescente o alvejante sem cloro no mesmo ciclo. Use o amaciante no compartimento próprio da máquina.',
    precautions: KIT_PRECAUTIONS,
    activeIngredient: null,
  },
  {
    slug: 'kit-limpeza-pesada',
    name: 'Kit Limpeza Pesada',
    description:
      'Para faxinas de verdade: pós-obra, garagens, calçadas e áreas com gordura, ferrugem e cimento.',
    rating: '4.7',
    price: '79.90',
    isFeatured: false,
    items: [
      { product: 'limpador-limpeza-pesada', quantity: 1 },
      { product: 'limpa-pos-obra-pesada', quantity: 1 },
      { product: 'removedor-de-ferrugem', quantity: 1 },
      { product: 'limpa-calcadas-e-garagens', quantity: 1 },
    ],
    benefits:
      'Produtos concentrados de alto rendimento; resolve sujeiras que os produtos domésticos não removem; economia de cerca de 15% sobre os itens avulsos.',
    dilution: null,
    useIndication: 'Pós-obra, reformas, garagens, quintais, áreas externas, oficinas e galpões.',
    howToUse:
      'Siga a diluição de cada rótulo. Use o limpador alcalino e o limpa calçadas para gordura e encardido; use o limpa pós-obra e o removedor de ferrugem, que são ácidos, em outra etapa, após enxaguar bem a área.',
    precautions: precautions(
      'O kit contém produtos ácidos e alcalinos fortes: nunca os misture nem os aplique em sequência sem enxágue.',
      'Use luvas de borracha, óculos de proteção e botas.',
    ),
    activeIngredient: null,
  },
  {
    slug: 'kit-escritorio',
    name: 'Kit Escritório',
    description:
      'Limpeza e higiene para escritórios e consultórios: mesas, vidros, mãos e ambiente sem odores.',
    rating: '4.7',
    price: '47.90',
    isFeatured: false,
    items: [
      { product: 'limpador-multiuso', quantity: 1 },
      { product: 'limpa-vidros', quantity: 1 },
      { product: 'alcool-70', quantity: 1 },
      { product: 'sabonete-liquido-profissional', quantity: 1 },
      { product: 'neutralizador-de-odores', quantity: 1 },
    ],
    benefits:
      'Higiene de superfícies de contato frequente; sabonete para o banheiro da equipe; ambiente agradável para clientes; compra única e recorrente com a assinatura.',
    dilution: null,
    useIndication: 'Escritórios, consultórios, salas comerciais, coworkings e recepções.',
    howToUse:
      'Limpe mesas e superfícies com o multiuso, desinfete maçanetas, teclados e telefones com o álcool 70%, use o limpa vidros em divisórias e janelas e aplique o neutralizador em banheiros e copas.',
    precautions: KIT_PRECAUTIONS,
    activeIngredient: null,
  },
  {
    slug: 'kit-mudanca',
    name: 'Kit Mudança',
    description:
      'A faxina de chegada ou de entrega do imóvel em um só kit: limpa cozinha, banheiro, vidros e pisos do apartamento ou casa inteira.',
    rating: '4.8',
    price: '37.90',
    isFeatured: false,
    items: [
      { product: 'limpador-multiuso', quantity: 2 },
      { product: 'detergente-neutro-concentrado', quantity: 1 },
      { product: 'agua-sanitaria-2-5', quantity: 1 },
      { product: 'limpa-vidros', quantity: 1 },
      { product: 'desinfetante-pinho', quantity: 1 },
      { product: 'saponaceo-cremoso', quantity: 1 },
    ],
    benefits:
      'Itens essenciais para a limpeza completa de um imóvel vazio; dispensa várias idas ao mercado no dia da mudança; economia de mais de 20% sobre os itens avulsos.',
    dilution: null,
    useIndication: 'Entrega ou recebimento de imóveis, faxinas de fim de locação e casas de temporada.',
    howToUse:
      'Comece de cima para baixo: vidros e armários primeiro (limpa vidros e multiuso), depois pias e azulejos (saponáceo e detergente), banheiros (água sanitária diluída) e, por último, os pisos com o desinfetante de pinho.',
    precautions: KIT_PRECAUTIONS,
    activeIngredient: null,
  },
  {
    slug: 'kit-primeiro-apartamento',
    name: 'Kit Primeiro Apartamento',
    description:
      'O enxoval de limpeza para quem está começando: seis produtos que resolvem a rotina da casa, da louça às roupas.',
    rating: '5.0',
    price: '49.90',
    isFeatured: true,
    items: [
      { product: 'detergente-lava-loucas-limao', quantity: 1 },
      { product: 'limpador-multiuso', quantity: 1 },
      { product: 'agua-sanitaria-2-5', quantity: 1 },
      { product: 'sabao-liquido-para-roupas', quantity: 1 },
      { product: 'desinfetante-lavanda', quantity: 1 },
      { product: 'limpa-porcelanato', quantity: 1 },
    ],
    benefits:
      'Seleção enxuta, sem produtos que ficam esquecidos no armário; cobre cozinha, banheiro, lavanderia e pisos; preço especial para começar bem.',
    dilution: null,
    useIndication: 'Primeiro apartamento, quitinetes, repúblicas e estúdios.',
    howToUse:
      'Louça com o detergente; bancadas e fogão com o multiuso; vaso, ralos e lixeiras com a água sanitária diluída; pisos com o limpa porcelanato ou o desinfetante; roupas com o sabão líquido. Cada rótulo traz as diluições.',
    precautions: KIT_PRECAUTIONS,
    activeIngredient: null,
  },
  {
    slug: 'kit-restaurante-profissional',
    name: 'Kit Restaurante Profissional',
    description:
      'Linha profissional para cozinhas comerciais: detergente alcalino, desinfetante, sanitizante de hortifrúti, álcool 70% e detergente para lava-louças.',
    rating: '4.8',
    price: '84.90',
    isFeatured: false,
    items: [
      { product: 'detergente-alcalino-industrial', quantity: 1 },
      { product: 'quaternario-de-amonio', quantity: 1 },
      { product: 'sanitizante-para-hortifruti', quantity: 1 },
      { product: 'alcool-70', quantity: 1 },
      { product: 'detergente-lava-loucas-industrial', quantity: 1 },
    ],
    benefits:
      'Atende às etapas de limpeza e desinfecção das boas práticas de manipulação de alimentos; produtos concentrados com baixo custo por uso; ajuda a manter a cozinha pronta para a vigilância sanitária.',
    dilution: null,
    useIndication: 'Restaurantes, lanchonetes, padarias, cozinhas industriais e refeitórios.',
    howToUse:
      'Limpe equipamentos e bancadas com o detergente alcalino, enxágue e desinfete com o quaternário diluído. Higienize hortifrútis com o sanitizante, use o álcool 70% em superfícies de contato rápido e conecte o detergente à máquina lava-louças.',
    precautions: precautions(
      'Produtos de uso profissional: treine a equipe, use luvas e óculos e mantenha as fichas de segurança acessíveis.',
    ),
    activeIngredient: null,
  },
];

export const kits: SeedKit[] = input.map((kit, index) => ({
  ...kit,
  image: `${kit.slug}.svg`,
  displayOrder: index + 1,
  composition: describeItems(kit.items),
}));
