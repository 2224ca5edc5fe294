import type { SeedProduct } from '../types';
import { ACIDO, CLORO, CORROSIVO, INFLAMAVEL, LUVAS, precautions } from './safety';

/** A product as written below; image and displayOrder are derived from slug and position. */
type ProductInput = Omit<SeedProduct, 'image' | 'displayOrder'>;

// ---------------------------------------------------------------------------
// Cozinha
// ---------------------------------------------------------------------------
const cozinha: ProductInput[] = [
  {
    slug: 'detergente-neutro-concentrado',
    name: 'Detergente Neutro Concentrado',
    description:
      'Detergente de pH neutro com alto poder de limpeza e espuma na medida certa. Uma gota rende muito mais que os detergentes comuns e não agride as mãos.',
    category: 'Cozinha',
    rating: '4.9',
    ph: '7.0',
    isFeatured: true,
    variants: [
      { size: '500 ml', price: '5.90' },
      { size: '1 L', price: '9.90' },
      { size: '5 L', price: '39.90' },
    ],
    benefits:
      'Fórmula concentrada que rende até 3 vezes mais; remove gordura de louças, panelas e talheres sem deixar cheiro; pH neutro que preserva as mãos e as superfícies; enxágue fácil, sem resíduos.',
    dilution:
      'Puro, algumas gotas na esponja úmida para louças; 1:50 (20 ml em 1 L de água) para limpeza de bancadas e superfícies; 1:100 para manutenção diária de pisos.',
    useIndication:
      'Louças, panelas, talheres, copos, bancadas, fogões, azulejos e qualquer superfície lavável que precise de limpeza suave.',
    howToUse:
      'Aplique algumas gotas na esponja úmida, esfregue e enxágue em água corrente. Para superfícies, dilua conforme indicado, aplique com pano ou esponja e finalize com pano limpo e úmido.',
    precautions: precautions(
      'Evite contato prolongado com a pele; para uso contínuo, prefira luvas.',
    ),
    composition:
      'Linear alquilbenzeno sulfonato de sódio, tensoativo não iônico, coadjuvante, espessante, conservante, corante, fragrância e água.',
    activeIngredient: 'Linear alquilbenzeno sulfonato de sódio (LAS) 18%',
  },
  {
    slug: 'detergente-lava-loucas-limao',
    name: 'Detergente Lava-Louças Limão',
    description:
      'O detergente do dia a dia, com perfume cítrico de limão e espuma abundante para lavar a louça de toda a família.',
    category: 'Cozinha',
    rating: '4.6',
    ph: '7.0',
    isFeatured: false,
    variants: [
      { size: '500 ml', price: '3.90' },
      { size: '1 L', price: '6.90' },
      { size: '5 L', price: '24.90' },
    ],
    benefits:
      'Espuma abundante e duradoura; perfume cítrico que elimina odores de peixe e alho das louças; embalagem de 5 L econômica para reabastecer o frasco de 500 ml.',
    dilution: 'Uso puro na esponja úmida. Para deixar panelas de molho, 10 ml em 1 L de água morna.',
    useIndication: 'Louças, copos, talheres, panelas, potes plásticos e utensílios de cozinha em geral.',
    howToUse:
      'Aplique pequena quantidade na esponja úmida, lave as peças e enxágue em água corrente. Em panelas com resíduos grudados, deixe de molho em água morna com detergente por 15 minutos antes de esfregar.',
    precautions: precautions(),
    composition:
      'Linear alquilbenzeno sulfonato de sódio, lauril éter sulfato de sódio, coadjuvante, conservante, corante, fragrância de limão e água.',
    activeIngredient: 'Linear alquilbenzeno sulfonato de sódio (LAS) 10%',
  },
  {
    slug: 'desengordurante-cozinha',
    name: 'Desengordurante Cozinha',
    description:
      'Desengordurante alcalino em spray que dissolve gordura acumulada em fogões, coifas, azulejos e exaustores em poucos minutos.',
    category: 'Cozinha',
    rating: '4.8',
    ph: '12.5',
    isFeatured: false,
    variants: [
      { size: '500 ml', price: '16.90' },
      { size: '1 L', price: '27.90' },
      { size: '5 L', price: '98.90' },
    ],
    benefits:
      'Ação rápida contra gordura velha e queimada; dispensa esforço excessivo ao esfregar; não escorre em superfícies verticais; versão de 5 L pode ser diluída para manutenção.',
    dilution:
      'Puro para gordura carbonizada e crostas; 1:10 para limpeza pesada de coifas e exaustores; 1:30 para manutenção diária de fogões e azulejos.',
    useIndication:
      'Fogões, coifas, exaustores, azulejos, bancadas de granito, chapas e paredes de cozinha. Não use em alumínio, superfícies pintadas, madeira ou acrílico.',
    howToUse:
      'Borrife sobre a superfície fria, aguarde de 2 a 5 minutos para a gordura soltar, esfregue com esponja não abrasiva e remova com pano úmido. Enxágue bem superfícies que tenham contato com alimentos.',
    precautions: precautions(
      CORROSIVO,
      'Não aplique sobre superfícies quentes nem em alumínio, que pode manchar.',
    ),
    composition:
      'Hidróxido de sódio, butilglicol, tensoativo não iônico, sequestrante, coadjuvante e água.',
    activeIngredient: 'Hidróxido de sódio 3%',
  },
  {
    slug: 'limpador-de-inox',
    name: 'Limpador de Inox',
    description:
      'Limpa, dá brilho e protege eletrodomésticos e bancadas de aço inox, removendo marcas de dedos e manchas de água.',
    category: 'Cozinha',
    rating: '4.7',
    ph: '7.5',
    isFeatured: false,
    variants: [
      { size: '500 ml', price: '24.90' },
      { size: '1 L', price: '42.90' },
    ],
    benefits:
      'Remove marcas de dedos, respingos e manchas de água; forma película protetora que retarda novas marcas; brilho uniforme sem riscar; não contém cloro nem abrasivos.',
    dilution: 'Pronto para uso. Não dilua.',
    useIndication:
      'Geladeiras, fogões, coifas, pias, bancadas, elevadores e equipamentos de cozinha industrial em aço inox escovado ou polido.',
    howToUse:
      'Agite antes de usar. Borrife sobre um pano de microfibra seco e passe no sentido do escovado do inox. Finalize com outro pano seco para uniformizar o brilho.',
    precautions: precautions('Não aplique diretamente sobre alimentos nem em superfícies quentes.'),
    composition:
      'Óleo mineral branco, tensoativo não iônico, álcool isopropílico, emulsionante, conservante e água.',
    activeIngredient: 'Óleo mineral branco e tensoativo não iônico',
  },
  {
    slug: 'saponaceo-cremoso',
    name: 'Saponáceo Cremoso',
    description:
      'Limpador cremoso com micropartículas abrasivas suaves que removem sujeira incrustada sem riscar pias, panelas e fogões.',
    category: 'Cozinha',
    rating: '4.6',
    ph: '10.5',
    isFeatured: false,
    variants: [
      { size: '500 ml', price: '8.90' },
      { size: '1 L', price: '14.90' },
    ],
    benefits:
      'Remove manchas de queimado, crostas e encardido; textura cremosa que não espalha pó; abrasividade suave que preserva esmaltados e inox; perfume agradável.',
    dilution: 'Uso puro. Não dilua.',
    useIndication:
      'Pias, cubas de inox, fogões esmaltados, panelas, azulejos, rejuntes, banheiras e louças sanitárias.',
    howToUse:
      'Agite o frasco, aplique uma pequena quantidade na esponja úmida, esfregue a área com movimentos circulares e enxágue com bastante água.',
    precautions: precautions(
      LUVAS,
      'Não use em vidros, acrílicos, superfícies espelhadas ou pintadas, que podem riscar.',
    ),
    composition:
      'Carbonato de cálcio, linear alquilbenzeno sulfonato de sódio, carbonato de sódio, espessante, conservante, fragrância e água.',
    activeIngredient: 'Carbonato de cálcio (abrasivo suave) e LAS',
  },
  {
    slug: 'limpa-forno-e-grill',
    name: 'Limpa Forno e Grill',
    description:
      'Gel alcalino de alta performance que remove gordura carbonizada de fornos, grelhas, churrasqueiras e chapas.',
    category: 'Cozinha',
    rating: '4.5',
    ph: '13.0',
    isFeatured: false,
    variants: [
      { size: '500 ml', price: '21.90' },
      { size: '1 L', price: '36.90' },
    ],
    benefits:
      'Gel aderente que não escorre nas paredes do forno; amolece crostas queimadas em poucos minutos; reduz o tempo de limpeza de grelhas e chapas pela metade.',
    dilution: 'Uso puro para crostas e gordura carbonizada. Não dilua.',
    useIndication:
      'Fornos domésticos e industriais, grelhas, churrasqueiras, chapas de ferro e bandejas de assar. Não use em alumínio, superfícies pintadas ou fornos autolimpantes.',
    howToUse:
      'Com o forno desligado e morno (até 50 °C), aplique uma camada uniforme, aguarde de 10 a 20 minutos, remova com espátula plástica e esponja e enxágue com pano úmido várias vezes até eliminar todo o resíduo.',
    precautions: precautions(
      CORROSIVO,
      'Não aplique em superfícies acima de 50 °C nem inale os vapores. Enxágue completamente antes de voltar a usar o forno.',
    ),
    composition: 'Hidróxido de sódio, monoetanolamina, espessante, tensoativo não iônico e água.',
    activeIngredient: 'Hidróxido de sódio 5%',
  },
  {
    slug: 'sanitizante-para-hortifruti',
    name: 'Sanitizante para Hortifrúti',
    description:
      'Solução clorada própria para higienizar frutas, legumes e verduras, eliminando bactérias antes do consumo.',
    category: 'Cozinha',
    rating: '4.8',
    ph: '11.5',
    isFeatured: false,
    variants: [
      { size: '1 L', price: '12.90' },
      { size: '5 L', price: '44.90' },
    ],
    benefits:
      'Elimina 99,9% das bactérias presentes na superfície dos alimentos; não altera sabor nem textura quando usado na diluição correta; indicado para cozinhas domésticas e serviços de alimentação.',
    dilution:
      '10 ml (cerca de uma colher de sopa rasa) para cada 1 L de água potável, o que equivale a aproximadamente 200 ppm de cloro ativo.',
    useIndication:
      'Frutas, legumes e verduras consumidos crus; também pode ser usado na desinfecção de tábuas de corte e utensílios plásticos.',
    howToUse:
      'Lave os alimentos em água corrente para remover terra e sujidades. Mergulhe na solução preparada por 10 a 15 minutos e enxágue novamente em água potável corrente antes de consumir.',
    precautions: precautions(
      CLORO,
      'Prepare a solução na hora do uso e descarte-a após a higienização. Não use puro sobre os alimentos.',
    ),
    composition: 'Hipoclorito de sódio, hidróxido de sódio, cloreto de sódio e água.',
    activeIngredient: 'Hipoclorito de sódio 2,0% a 2,5% (teor de cloro ativo)',
  },
];

// ---------------------------------------------------------------------------
// Banheiro
// ---------------------------------------------------------------------------
const banheiro: ProductInput[] = [
  {
    slug: 'agua-sanitaria-2-5',
    name: 'Água Sanitária 2,5%',
    description:
      'Água sanitária com 2,5% de cloro ativo para desinfetar, alvejar e eliminar odores de banheiros, cozinhas, pisos e roupas brancas.',
    category: 'Banheiro',
    rating: '4.9',
    ph: '12.0',
    isFeatured: true,
    variants: [
      { size: '1 L', price: '4.90' },
      { size: '2 L', price: '8.50' },
      { size: '5 L', price: '18.90' },
    ],
    benefits:
      'Elimina 99,9% dos germes e bactérias; alveja roupas brancas de algodão e linho; remove manchas escuras de rejunte e mofo; teor de cloro ativo dentro do padrão exigido pela Anvisa.',
    dilution:
      '1:10 (100 ml em 1 L de água) para desinfecção de vasos sanitários, ralos e lixeiras; 1:50 (20 ml em 1 L de água) para pisos e manutenção diária; 1 copo americano (200 ml) em 20 L de água para alvejar roupas brancas.',
    useIndication:
      'Vasos sanitários, pias, ralos, pisos cerâmicos, azulejos, lixeiras, panos de limpeza e roupas brancas de algodão e linho.',
    howToUse:
      'Dilua em água conforme a tabela, aplique com pano ou escova e deixe agir por 10 minutos antes de enxaguar. Para roupas brancas, deixe de molho por no máximo 30 minutos e enxágue bem.',
    precautions: precautions(
      CLORO,
      LUVAS,
      'Não use em roupas coloridas, lã, seda, couro ou superfícies metálicas. Guarde ao abrigo da luz e do calor.',
    ),
    composition: 'Hipoclorito de sódio, hidróxido de sódio, cloreto de sódio e água.',
    activeIngredient: 'Hipoclorito de sódio 2,5% (teor de cloro ativo)',
  },
  {
    slug: 'limpador-ceramico',
    name: 'Limpador Cerâmico',
    description:
      'Limpador levemente ácido para azulejos, cerâmicas e louças sanitárias que remove resíduos de sabão, manchas de água dura e encardido.',
    category: 'Banheiro',
    rating: '4.6',
    ph: '3.0',
    isFeatured: false,
    variants: [
      { size: '500 ml', price: '11.90' },
      { size: '1 L', price: '19.90' },
      { size: '5 L', price: '74.90' },
    ],
    benefits:
      'Remove a película de sabão e gordura corporal dos azulejos; devolve o brilho original da cerâmica; age sobre manchas brancas de calcário em metais cromados.',
    dilution: 'Puro para manchas de calcário; 1:10 para limpeza geral de azulejos; 1:20 para manutenção semanal.',
    useIndication:
      'Azulejos, pisos cerâmicos esmaltados, pias, vasos sanitários, boxes de vidro e metais cromados. Não use em mármore, granito, pedras naturais ou rejuntes de cimento recém-aplicados.',
    howToUse:
      'Aplique o produto diluído com esponja ou pano, deixe agir por 3 a 5 minutos, esfregue e enxágue com bastante água. Seque metais cromados com pano macio para evitar novas manchas.',
    precautions: precautions(
      ACIDO,
      LUVAS,
      'Teste antes em uma área pequena e pouco visível.',
    ),
    composition: 'Ácido cítrico, tensoativo não iônico, linear alquilbenzeno sulfonato de sódio, fragrância e água.',
    activeIngredient: 'Ácido cítrico 8%',
  },
  {
    slug: 'removedor-de-limo',
    name: 'Removedor de Limo',
    description:
      'Spray clorado de ação rápida que remove limo, bolor e manchas escuras de rejuntes, cantos de box e áreas externas úmidas.',
    category: 'Banheiro',
    rating: '4.7',
    ph: '12.5',
    isFeatured: false,
    variants: [
      { size: '500 ml', price: '15.90' },
      { size: '1 L', price: '26.90' },
    ],
    benefits:
      'Clareia manchas de limo e bolor em minutos, muitas vezes sem esfregar; elimina os fungos que causam as manchas; retarda o reaparecimento do limo.',
    dilution: 'Pronto para uso. Para áreas externas extensas, pode ser diluído 1:5 em água.',
    useIndication:
      'Rejuntes, cantos de box, paredes de banheiro, áreas de serviço, muros, calçadas e pisos externos. Não use em tecidos, madeira, metais ou superfícies coloridas.',
    howToUse:
      'Borrife a 20 cm da superfície seca, aguarde de 5 a 10 minutos e enxágue com água. Em manchas antigas, esfregue com escova e repita a aplicação se necessário.',
    precautions: precautions(
      CLORO,
      CORROSIVO,
      'Não borrife em direção ao rosto e evite respirar a névoa. Proteja roupas e tapetes próximos.',
    ),
    composition: 'Hipoclorito de sódio, hidróxido de sódio, tensoativo anfótero e água.',
    activeIngredient: 'Hipoclorito de sódio 4%',
  },
  {
    slug: 'limpa-rejunte',
    name: 'Limpa Rejunte',
    description:
      'Limpador alcalino sem cloro que remove o encardido dos rejuntes e devolve a cor original, inclusive em rejuntes coloridos.',
    category: 'Banheiro',
    rating: '4.5',
    ph: '12.0',
    isFeatured: false,
    variants: [
      { size: '500 ml', price: '17.90' },
      { size: '1 L', price: '29.90' },
    ],
    benefits:
      'Remove gordura e sujeira acumulada nos rejuntes; sem cloro, não desbota rejuntes coloridos nem deixa cheiro forte; aplicador com bico direcionado.',
    dilution: 'Puro para rejuntes muito encardidos; 1:5 para manutenção mensal.',
    useIndication:
      'Rejuntes de pisos e paredes de banheiros, cozinhas e áreas de serviço, em cerâmica e porcelanato.',
    howToUse:
      'Aplique sobre as linhas de rejunte, aguarde 5 minutos, esfregue com escova de cerdas firmes (uma escova de dentes velha funciona bem) e enxágue com água limpa.',
    precautions: precautions(
      CORROSIVO,
      'Não use em mármore, alumínio ou superfícies pintadas.',
    ),
    composition: 'Hidróxido de sódio, tensoativos aniônico e não iônico, sequestrante, espessante e água.',
    activeIngredient: 'Hidróxido de sódio 2%',
  },
  {
    slug: 'desinfetante-lavanda',
    name: 'Desinfetante Lavanda',
    description:
      'Desinfetante com quaternário de amônio e perfume de lavanda que elimina germes e deixa o ambiente perfumado por horas.',
    category: 'Banheiro',
    rating: '4.8',
    ph: '6.5',
    isFeatured: false,
    variants: [
      { size: '1 L', price: '7.90' },
      { size: '2 L', price: '13.90' },
      { size: '5 L', price: '29.90' },
    ],
    benefits:
      'Elimina 99,9% dos germes e bactérias; perfume de lavanda de longa duração; não mancha pisos e rejuntes; rende muito quando diluído.',
    dilution:
      'Puro para desinfecção de vasos sanitários e ralos; 1:10 para pisos de banheiro; 1:40 (25 ml em 1 L de água) para perfumar e limpar pisos da casa.',
    useIndication: 'Pisos, vasos sanitários, pias, ralos, lixeiras, azulejos e áreas externas.',
    howToUse:
      'Dilua em água conforme a indicação, aplique com pano ou mop e deixe agir por 10 minutos para a ação desinfetante. Não é necessário enxaguar.',
    precautions: precautions('Não ingerir. Não aplique sobre alimentos ou utensílios de cozinha.'),
    composition:
      'Cloreto de alquil dimetil benzil amônio, tensoativo não iônico, corante, fragrância de lavanda, conservante e água.',
    activeIngredient: 'Cloreto de alquil dimetil benzil amônio 0,4%',
  },
  {
    slug: 'gel-sanitario-ativo',
    name: 'Gel Sanitário Ativo',
    description:
      'Gel ácido com bico curvo que alcança sob a borda do vaso sanitário, removendo crostas de calcário e manchas amareladas.',
    category: 'Banheiro',
    rating: '4.6',
    ph: '2.0',
    isFeatured: false,
    variants: [
      { size: '500 ml', price: '9.90' },
      { size: '1 L', price: '16.90' },
    ],
    benefits:
      'Remove crostas de calcário e manchas de água dura; bico curvo que alcança sob a borda; gel espesso que adere às paredes do vaso e age por mais tempo.',
    dilution: 'Uso puro. Não dilua.',
    useIndication: 'Vasos sanitários e mictórios de louça. Não use em banheiras, assentos ou metais.',
    howToUse:
      'Aplique o gel sob a borda do vaso, deixe escorrer pelas paredes, aguarde 10 minutos, esfregue com escova sanitária e dê a descarga.',
    precautions: precautions(
      ACIDO,
      LUVAS,
      'Evite respingos nos olhos e em metais cromados.',
    ),
    composition: 'Ácido sulfâmico, tensoativo não iônico, espessante, corante, fragrância e água.',
    activeIngredient: 'Ácido sulfâmico 9%',
  },
  {
    slug: 'limpador-de-box-anticalcario',
    name: 'Limpador de Box Anticalcário',
    description:
      'Spray que dissolve manchas brancas de água dura e resíduos de sabonete em boxes de vidro, deixando-os transparentes.',
    category: 'Banheiro',
    rating: '4.7',
    ph: '2.5',
    isFeatured: false,
    variants: [
      { size: '500 ml', price: '18.90' },
      { size: '1 L', price: '31.90' },
    ],
    benefits:
      'Remove manchas de calcário e sabão sem esforço; deixa o vidro transparente e sem marcas; película que ajuda a água a escorrer e retarda novas manchas.',
    dilution: 'Pronto para uso.',
    useIndication: 'Boxes de vidro, portas de chuveiro, metais cromados, torneiras e chuveiros.',
    howToUse:
      'Borrife sobre o vidro, aguarde 2 minutos, passe esponja macia e enxágue. Seque com rodo ou pano de microfibra para um acabamento sem marcas.',
    precautions: precautions(
      ACIDO,
      'Não aplique em mármore, pedras naturais ou superfícies pintadas.',
    ),
    composition: 'Ácido cítrico, ácido lático, tensoativo não iônico, polímero hidrofóbico e água.',
    activeIngredient: 'Ácido cítrico 6% e ácido lático 2%',
  },
];

// ---------------------------------------------------------------------------
// Lavanderia
// ---------------------------------------------------------------------------
const lavanderia: ProductInput[] = [
  {
    slug: 'sabao-liquido-para-roupas',
    name: 'Sabão Líquido para Roupas',
    description:
      'Sabão líquido concentrado que remove sujeira e odores já no primeiro ciclo, com fórmula que se dissolve totalmente em água fria.',
    category: 'Lavanderia',
    rating: '4.9',
    ph: '8.5',
    isFeatured: true,
    variants: [
      { size: '1 L', price: '19.90' },
      { size: '2 L', price: '36.90' },
      { size: '5 L', price: '79.90' },
    ],
    benefits:
      'Dissolve totalmente, sem manchas brancas nas roupas escuras; limpa bem em água fria, economizando energia; protege as cores e as fibras; perfume suave que permanece após a secagem.',
    dilution:
      '60 ml por lavagem de máquina de 10 kg com sujeira normal; 90 ml para roupas muito sujas; 30 ml em 5 L de água para lavagem à mão.',
    useIndication:
      'Roupas brancas e coloridas de algodão, poliéster, malha e jeans, em lavadoras de abertura superior ou frontal e lavagem à mão.',
    howToUse:
      'Coloque a dose no compartimento de sabão da máquina ou diretamente na água antes das roupas. Em manchas localizadas, aplique um pouco do produto puro, esfregue levemente e lave normalmente.',
    precautions: precautions('Não use em lã, seda ou couro.'),
    composition:
      'Linear alquilbenzeno sulfonato de sódio, tensoativo não iônico, enzimas, sequestrante, branqueador óptico, conservante, fragrância e água.',
    activeIngredient: 'Linear alquilbenzeno sulfonato de sódio (LAS) e álcool graxo etoxilado',
  },
  {
    slug: 'amaciante-concentrado',
    name: 'Amaciante Concentrado',
    description:
      'Amaciante concentrado que deixa as roupas macias, perfumadas e mais fáceis de passar, com metade da dose dos amaciantes comuns.',
    category: 'Lavanderia',
    rating: '4.8',
    ph: '3.5',
    isFeatured: false,
    variants: [
      { size: '500 ml', price: '12.90' },
      { size: '1 L', price: '21.90' },
      { size: '2 L', price: '39.90' },
    ],
    benefits:
      'Rende até 2 vezes mais que amaciantes diluídos; reduz a eletricidade estática e o amarrotado; perfume floral que dura dias no armário; facilita a secagem e o passar.',
    dilution: '20 ml por lavagem de máquina de 10 kg; 10 ml em 5 L de água para enxágue manual.',
    useIndication: 'Roupas de algodão, malhas, toalhas, roupas de cama e sintéticos. Não use em roupas esportivas com tecnologia de absorção.',
    howToUse:
      'Coloque a dose no compartimento de amaciante da máquina. Na lavagem à mão, dilua na água do último enxágue, deixe as roupas de molho por 5 minutos e torça sem enxaguar.',
    precautions: precautions('Não aplique diretamente sobre as roupas sem diluir, pois pode manchar.'),
    composition: 'Tensoativo catiônico (esterquat), coadjuvante, conservante, corante, fragrância e água.',
    activeIngredient: 'Tensoativo catiônico esterquat 12%',
  },
  {
    slug: 'tira-manchas-oxi',
    name: 'Tira-Manchas Oxi',
    description:
      'Tira-manchas em pó à base de oxigênio ativo que remove manchas de vinho, café, gordura e suor sem desbotar as cores.',
    category: 'Lavanderia',
    rating: '4.7',
    ph: '10.5',
    isFeatured: false,
    variants: [
      { size: '500 g', price: '19.90' },
      { size: '1 kg', price: '34.90' },
    ],
    benefits:
      'Remove manchas difíceis de café, vinho, molho, suor e gordura; seguro para roupas brancas e coloridas; potencializa a ação do sabão na máquina; sem cloro.',
    dilution:
      '1 medida (30 g) junto com o sabão na máquina; 1 medida em 4 L de água morna para deixar de molho; pasta com um pouco de água para manchas localizadas.',
    useIndication: 'Roupas brancas e coloridas laváveis em água. Não use em lã, seda, couro ou tecidos com acabamento metálico.',
    howToUse:
      'Para manchas difíceis, dissolva a medida em água morna (até 40 °C), deixe as peças de molho de 1 a 6 horas e depois lave normalmente. Teste a firmeza da cor em área escondida.',
    precautions: precautions(
      LUVAS,
      'Não deixe peças coloridas de molho por mais de 6 horas. Guarde a embalagem bem fechada em local seco.',
    ),
    composition: 'Percarbonato de sódio, carbonato de sódio, tensoativo não iônico, enzimas e fragrância.',
    activeIngredient: 'Percarbonato de sódio 40%',
  },
  {
    slug: 'alvejante-sem-cloro',
    name: 'Alvejante sem Cloro',
    description:
      'Alvejante líquido à base de peróxido de hidrogênio que clareia roupas brancas e reaviva as coloridas sem danificar as fibras.',
    category: 'Lavanderia',
    rating: '4.6',
    ph: '3.5',
    isFeatured: false,
    variants: [
      { size: '1 L', price: '9.90' },
      { size: '2 L', price: '17.90' },
      { size: '5 L', price: '39.90' },
    ],
    benefits:
      'Clareia sem o cheiro forte do cloro; seguro para roupas coloridas; não amarela tecidos sintéticos; ajuda a eliminar odores de suor e umidade.',
    dilution: '100 ml por lavagem na máquina; 100 ml em 5 L de água para deixar de molho por até 1 hora.',
    useIndication: 'Roupas brancas e coloridas de algodão, poliéster, malha e linho. Não use em lã, seda ou couro.',
    howToUse:
      'Adicione a dose junto com o sabão na máquina. Para molho, dilua na água, mergulhe as peças por até 1 hora, enxágue e lave normalmente.',
    precautions: precautions('Não aplique puro sobre o tecido.', 'Guarde em local fresco e ao abrigo da luz.'),
    composition: 'Peróxido de hidrogênio, estabilizante, tensoativo não iônico, fragrância e água.',
    activeIngredient: 'Peróxido de hidrogênio 6%',
  },
  {
    slug: 'sabao-em-po-multiacao',
    name: 'Sabão em Pó Multiação',
    description:
      'Sabão em pó com enzimas e branqueador óptico para limpeza profunda de roupas brancas e coloridas no dia a dia.',
    category: 'Lavanderia',
    rating: '4.5',
    ph: '10.5',
    isFeatured: false,
    variants: [
      { size: '1 kg', price: '16.90' },
      { size: '5 kg', price: '69.90' },
    ],
    benefits:
      'Enzimas que quebram manchas de alimentos e suor; branqueador óptico que mantém o branco luminoso; embalagem de 5 kg ideal para famílias grandes e lavanderias.',
    dilution: '1 medida (100 g) para máquina de 10 kg com sujeira normal; 1 medida e meia para roupas muito sujas.',
    useIndication: 'Roupas brancas e coloridas de algodão e sintéticos, em lavadoras e tanquinhos.',
    howToUse:
      'Coloque o sabão no dispenser antes de iniciar o ciclo. Na lavagem à mão, dissolva totalmente o pó na água antes de colocar as roupas.',
    precautions: precautions('Evite inalar o pó. Guarde em local seco, com a embalagem bem fechada.'),
    composition:
      'Linear alquilbenzeno sulfonato de sódio, carbonato de sódio, silicato de sódio, sulfato de sódio, enzimas, branqueador óptico e fragrância.',
    activeIngredient: 'Linear alquilbenzeno sulfonato de sódio (LAS) 14%',
  },
  {
    slug: 'sabao-liquido-roupas-delicadas',
    name: 'Sabão Líquido para Roupas Delicadas',
    description:
      'Sabão líquido neutro, sem enzimas e sem alvejantes, formulado para lavar lingeries, lãs, sedas e peças de bebê.',
    category: 'Lavanderia',
    rating: '4.8',
    ph: '7.0',
    isFeatured: false,
    variants: [
      { size: '500 ml', price: '16.90' },
      { size: '1 L', price: '28.90' },
    ],
    benefits:
      'pH neutro que preserva fibras delicadas e elásticos; não encolhe nem desbota; hipoalergênico, indicado para roupas de bebê; enxágue fácil.',
    dilution: '30 ml em 5 L de água para lavagem à mão; 50 ml por ciclo delicado na máquina.',
    useIndication: 'Lingeries, lãs, sedas, cashmere, malhas finas, roupas de bebê e peças com renda ou bordado.',
    howToUse:
      'Dilua o produto em água fria ou morna, mergulhe as peças por 10 minutos, movimente suavemente, enxágue e seque à sombra, na horizontal para malhas.',
    precautions: precautions(),
    composition: 'Lauril éter sulfato de sódio, tensoativo anfótero, glicerina, conservante e água.',
    activeIngredient: 'Lauril éter sulfato de sódio 8%',
  },
  {
    slug: 'limpador-para-maquina-de-lavar',
    name: 'Limpador para Máquina de Lavar',
    description:
      'Limpa o cesto e as mangueiras da lavadora, removendo resíduos de sabão, calcário e o mau cheiro causado por fungos.',
    category: 'Lavanderia',
    rating: '4.4',
    ph: '2.5',
    isFeatured: false,
    variants: [
      { size: '500 ml', price: '14.90' },
      { size: '1 L', price: '24.90' },
    ],
    benefits:
      'Remove o acúmulo de sabão e amaciante do cesto; elimina o cheiro de mofo das roupas recém-lavadas; prolonga a vida útil da máquina.',
    dilution: '250 ml por aplicação, sem diluir previamente, com o cesto vazio.',
    useIndication: 'Máquinas de lavar roupas de abertura superior e frontal e lava e seca. Use uma vez por mês.',
    howToUse:
      'Com a máquina vazia, coloque o produto diretamente no cesto, selecione o ciclo mais longo com água quente (ou nível máximo de água) e deixe completar. Passe um pano na borracha da porta ao final.',
    precautions: precautions(
      ACIDO,
      'Nunca use com roupas dentro da máquina.',
    ),
    composition: 'Ácido cítrico, tensoativo não iônico de baixa espuma, sequestrante e água.',
    activeIngredient: 'Ácido cítrico 15%',
  },
];

// ---------------------------------------------------------------------------
// Pisos
// ---------------------------------------------------------------------------
const pisos: ProductInput[] = [
  {
    slug: 'limpa-porcelanato',
    name: 'Limpa Porcelanato',
    description:
      'Limpador de secagem rápida para porcelanatos polidos e acetinados, que remove a sujeira sem deixar manchas nem película opaca.',
    category: 'Pisos',
    rating: '4.9',
    ph: '7.0',
    isFeatured: true,
    variants: [
      { size: '1 L', price: '14.90' },
      { size: '2 L', price: '26.90' },
      { size: '5 L', price: '59.90' },
    ],
    benefits:
      'Secagem rápida, sem marcas de pano; pH neutro que preserva o brilho do porcelanato polido; não deixa película, ao contrário de detergentes comuns; perfume suave.',
    dilution: '1:20 (50 ml em 1 L de água) para limpeza geral; 1:100 (10 ml em 1 L de água) para manutenção diária.',
    useIndication: 'Porcelanatos polidos, acetinados e naturais, cerâmicas, vinílicos e laminados.',
    howToUse:
      'Varra ou aspire o piso. Dilua o produto em água, aplique com mop ou pano bem torcido e deixe secar naturalmente. Não é necessário enxaguar.',
    precautions: precautions('O piso fica escorregadio enquanto estiver molhado: sinalize a área.'),
    composition: 'Tensoativo não iônico, álcool etílico, coadjuvante, conservante, fragrância e água.',
    activeIngredient: 'Tensoativo não iônico (álcool graxo etoxilado) 5%',
  },
  {
    slug: 'cera-liquida-acrilica',
    name: 'Cera Líquida Acrílica',
    description:
      'Cera acrílica autobrilho que protege pisos contra riscos e desgaste e dá brilho sem precisar de enceradeira.',
    category: 'Pisos',
    rating: '4.5',
    ph: '8.5',
    isFeatured: false,
    variants: [
      { size: '1 L', price: '18.90' },
      { size: '5 L', price: '79.90' },
    ],
    benefits:
      'Brilho intenso sem lustrar; camada protetora resistente ao tráfego; facilita a limpeza diária; secagem em 30 minutos.',
    dilution: 'Uso puro. Não dilua.',
    useIndication: 'Pisos vinílicos, cerâmicos não esmaltados, cimento queimado, granilite e pisos de madeira selada. Não use em porcelanato polido.',
    howToUse:
      'Com o piso limpo e seco, aplique camadas finas com aplicador ou pano, sempre no mesmo sentido. Aguarde 30 minutos entre as camadas; 2 a 3 camadas garantem melhor proteção.',
    precautions: precautions('O piso fica escorregadio até a secagem completa: sinalize a área e mantenha o local ventilado.'),
    composition: 'Polímero acrílico, cera de polietileno, plastificante, nivelante, conservante e água.',
    activeIngredient: 'Emulsão de polímero acrílico 18%',
  },
  {
    slug: 'limpa-pedras',
    name: 'Limpa Pedras',
    description:
      'Limpador ácido concentrado que remove encardido, cimento e manchas de ferrugem de pedras rústicas como São Tomé, ardósia e miracema.',
    category: 'Pisos',
    rating: '4.4',
    ph: '1.5',
    isFeatured: false,
    variants: [
      { size: '1 L', price: '21.90' },
      { size: '5 L', price: '89.90' },
    ],
    benefits:
      'Recupera a cor original de pedras encardidas; remove manchas de cimento, limo seco e ferrugem; alto rendimento quando diluído.',
    dilution: '1:5 para limpeza pesada e pós-obra; 1:10 para limpeza periódica de pedras externas.',
    useIndication:
      'Pedras rústicas (São Tomé, ardósia, miracema, goiás), pisos cimentícios e calçadas. Não use em mármore, granito polido, porcelanato, metais ou vidros.',
    howToUse:
      'Molhe a superfície com água antes de aplicar. Aplique o produto diluído, esfregue com vassoura de cerdas duras por poucos minutos e enxágue abundantemente. Não deixe secar sobre a pedra.',
    precautions: precautions(
      ACIDO,
      CORROSIVO,
      'Use botas de borracha. Proteja plantas, metais e vidros próximos.',
    ),
    composition: 'Ácido clorídrico, tensoativo não iônico, inibidor de corrosão e água.',
    activeIngredient: 'Ácido clorídrico 12%',
  },
  {
    slug: 'limpador-pisos-laminados',
    name: 'Limpador de Pisos Laminados e Vinílicos',
    description:
      'Limpador de baixa umidade para pisos laminados e vinílicos, que limpa sem encharcar e sem estufar as emendas.',
    category: 'Pisos',
    rating: '4.7',
    ph: '7.0',
    isFeatured: false,
    variants: [
      { size: '1 L', price: '16.90' },
      { size: '2 L', price: '29.90' },
    ],
    benefits:
      'Secagem ultrarrápida que protege as emendas; não deixa manchas nem película; realça a cor natural do piso; seguro para pisos com verniz UV.',
    dilution: '1:40 (25 ml em 1 L de água) aplicado com mop spray ou pano bem torcido.',
    useIndication: 'Pisos laminados, vinílicos em régua ou manta, madeira envernizada e rodapés.',
    howToUse:
      'Aspire ou varra o piso. Aplique a solução com mop spray ou pano de microfibra apenas úmido, no sentido das réguas. Nunca jogue água diretamente sobre o piso laminado.',
    precautions: precautions(),
    composition: 'Tensoativo não iônico, álcool isopropílico, conservante, fragrância e água.',
    activeIngredient: 'Tensoativo não iônico 3%',
  },
  {
    slug: 'limpador-perfumado-eucalipto',
    name: 'Limpador Perfumado Eucalipto',
    description:
      'Limpador perfumado para o dia a dia, com óleo essencial de eucalipto, que limpa e deixa a casa com cheiro de limpeza por horas.',
    category: 'Pisos',
    rating: '4.6',
    ph: '7.5',
    isFeatured: false,
    variants: [
      { size: '1 L', price: '6.90' },
      { size: '2 L', price: '11.90' },
      { size: '5 L', price: '24.90' },
    ],
    benefits:
      'Perfume refrescante de eucalipto de longa duração; limpa sem deixar manchas; alto rendimento, uma tampa rende um balde; pode ser usado em vários tipos de piso.',
    dilution: '1:50 (1 tampa de 100 ml em 5 L de água) para pisos; 1:20 para áreas com mais sujeira.',
    useIndication: 'Pisos cerâmicos, porcelanatos, vinílicos, cimento queimado, azulejos e áreas externas.',
    howToUse: 'Dilua no balde, aplique com pano ou mop e deixe secar naturalmente. Não precisa enxaguar.',
    precautions: precautions(),
    composition: 'Linear alquilbenzeno sulfonato de sódio, tensoativo não iônico, óleo essencial de eucalipto, conservante, corante e água.',
    activeIngredient: 'Linear alquilbenzeno sulfonato de sódio (LAS) 4%',
  },
  {
    slug: 'removedor-de-cera',
    name: 'Removedor de Cera',
    description:
      'Removedor alcalino que retira camadas antigas de cera e acabamentos acrílicos, preparando o piso para um novo enceramento.',
    category: 'Pisos',
    rating: '4.4',
    ph: '12.5',
    isFeatured: false,
    variants: [
      { size: '1 L', price: '22.90' },
      { size: '5 L', price: '94.90' },
    ],
    benefits:
      'Remove cera amarelada e acúmulo de camadas; baixa espuma, fácil de recolher; age rápido, reduzindo o tempo de manutenção de pisos comerciais.',
    dilution: '1:5 para remoção de múltiplas camadas; 1:10 para remoção de camada única.',
    useIndication: 'Pisos vinílicos, cerâmicos não esmaltados, granilite e cimento. Não use em madeira, laminados ou pisos sensíveis a álcalis.',
    howToUse:
      'Aplique a solução em áreas de 10 m², aguarde 10 minutos sem deixar secar, esfregue com enceradeira ou fibra abrasiva verde, recolha o resíduo com rodo e enxágue duas vezes com água limpa.',
    precautions: precautions(CORROSIVO, 'Use botas de borracha e sinalize a área: o piso fica muito escorregadio.'),
    composition: 'Monoetanolamina, butilglicol, hidróxido de sódio, tensoativo não iônico e água.',
    activeIngredient: 'Monoetanolamina 10%',
  },
  {
    slug: 'limpador-madeira-e-tacos',
    name: 'Limpador para Madeira e Tacos',
    description:
      'Limpador com óleo vegetal que limpa e nutre pisos de madeira, tacos e móveis, realçando os veios naturais.',
    category: 'Pisos',
    rating: '4.7',
    ph: '7.5',
    isFeatured: false,
    variants: [
      { size: '500 ml', price: '17.90' },
      { size: '1 L', price: '29.90' },
    ],
    benefits:
      'Limpa e hidrata a madeira em uma única etapa; realça a cor e os veios; ajuda a disfarçar pequenos riscos; sem silicone, não deixa o piso escorregadio.',
    dilution: '1:20 para pisos (50 ml em 1 L de água); puro em pano macio para móveis.',
    useIndication: 'Pisos de madeira, tacos, assoalhos encerados ou envernizados, portas e móveis de madeira.',
    howToUse:
      'Remova o pó, aplique a solução com pano macio bem torcido no sentido dos veios e deixe secar. Para móveis, aplique puro em pequena quantidade no pano e lustre.',
    precautions: precautions(),
    composition: 'Sabão de óleo de coco, óleo de linhaça, tensoativo não iônico, conservante, fragrância e água.',
    activeIngredient: 'Sabão de óleo de coco e óleo de linhaça',
  },
];

// ---------------------------------------------------------------------------
// Limpeza Pesada
// ---------------------------------------------------------------------------
const limpezaPesada: ProductInput[] = [
  {
    slug: 'limpador-limpeza-pesada',
    name: 'Limpador Limpeza Pesada',
    description:
      'Limpador alcalino concentrado para limpeza pesada de pisos, paredes e equipamentos com gordura, fuligem e sujeira acumulada.',
    category: 'Limpeza Pesada',
    rating: '4.8',
    ph: '12.0',
    isFeatured: false,
    variants: [
      { size: '1 L', price: '18.90' },
      { size: '5 L', price: '74.90' },
    ],
    benefits:
      'Remove sujeira pesada, gordura e fuligem em uma só passada; concentrado de alto rendimento; compatível com lavadoras de piso e de alta pressão.',
    dilution: '1:10 para limpeza pesada; 1:30 para limpeza geral; 1:50 para manutenção diária.',
    useIndication:
      'Pisos industriais, garagens, áreas de serviço, paredes laváveis, cozinhas, churrasqueiras e equipamentos. Não use em alumínio, madeira ou superfícies pintadas sensíveis.',
    howToUse:
      'Dilua conforme o grau de sujeira, aplique com pano, mop ou lavadora, deixe agir por 5 minutos, esfregue e enxágue com água limpa.',
    precautions: precautions(CORROSIVO),
    composition: 'Hidróxido de sódio, tensoativos aniônico e não iônico, sequestrante (EDTA), butilglicol e água.',
    activeIngredient: 'Hidróxido de sódio 2,5%',
  },
  {
    slug: 'limpa-pos-obra-pesada',
    name: 'Limpa Pós-Obra Pesada',
    description:
      'Limpador ácido para a limpeza pesada pós-obra: remove respingos de cimento, argamassa, rejunte e tinta à base de cal de pisos cerâmicos.',
    category: 'Limpeza Pesada',
    rating: '4.6',
    ph: '1.5',
    isFeatured: false,
    variants: [
      { size: '1 L', price: '24.90' },
      { size: '5 L', price: '99.90' },
    ],
    benefits:
      'Dissolve resíduos de cimento e argamassa sem raspar; remove o véu branco deixado pelo rejunte; acelera a entrega de obras e reformas.',
    dilution: '1:5 para resíduos de cimento e argamassa; 1:10 para véu de rejunte.',
    useIndication:
      'Pisos e revestimentos cerâmicos esmaltados, porcelanato técnico e pedras rústicas após obras e reformas. Não use em mármore, granito polido, metais, vidros ou alumínio.',
    howToUse:
      'Molhe a área antes da aplicação. Aplique a solução, esfregue com escova ou vassoura de cerdas duras por no máximo 5 minutos e enxágue abundantemente. Aguarde ao menos 72 horas após o rejuntamento.',
    precautions: precautions(
      ACIDO,
      CORROSIVO,
      'Use botas de borracha. Teste antes em uma peça reserva do revestimento.',
    ),
    composition: 'Ácido clorídrico, ácido fosfórico, tensoativo não iônico, inibidor de corrosão e água.',
    activeIngredient: 'Ácido clorídrico 10% e ácido fosfórico 5%',
  },
  {
    slug: 'desincrustante-acido',
    name: 'Desincrustante Ácido',
    description:
      'Desincrustante ácido industrial que remove incrustações minerais, ferrugem e crostas de calcário de equipamentos e superfícies resistentes.',
    category: 'Limpeza Pesada',
    rating: '4.5',
    ph: '1.0',
    isFeatured: false,
    variants: [
      { size: '1 L', price: '22.90' },
      { size: '5 L', price: '89.90' },
    ],
    benefits:
      'Remove incrustações de calcário, pedra de leite e ferrugem; inibidor de corrosão que protege o aço inox; baixa espuma, ideal para recirculação.',
    dilution: '1:5 para incrustações severas; 1:20 para limpeza periódica; 1:50 para circulação em sistemas CIP.',
    useIndication:
      'Pisos de fábricas, baias, tanques de aço inox, trocadores de calor, louças sanitárias de alto tráfego e equipamentos de laticínios.',
    howToUse:
      'Aplique a solução com pulverizador ou escova, deixe agir de 5 a 10 minutos sem deixar secar e enxágue abundantemente com água. Em equipamentos, circule a solução e enxágue até pH neutro.',
    precautions: precautions(
      ACIDO,
      CORROSIVO,
      'Use luvas nitrílicas, avental impermeável e protetor facial. Não use em alumínio, zinco ou galvanizados.',
    ),
    composition: 'Ácido fosfórico, ácido clorídrico, tensoativo não iônico de baixa espuma, inibidor de corrosão e água.',
    activeIngredient: 'Ácido fosfórico 20% e ácido clorídrico 5%',
  },
  {
    slug: 'removedor-de-ferrugem',
    name: 'Removedor de Ferrugem',
    description:
      'Gel ácido que remove manchas de ferrugem de pisos, louças, tecidos resistentes e peças metálicas, sem lixar.',
    category: 'Limpeza Pesada',
    rating: '4.4',
    ph: '1.5',
    isFeatured: false,
    variants: [
      { size: '500 ml', price: '19.90' },
      { size: '1 L', price: '32.90' },
    ],
    benefits:
      'Dissolve a ferrugem em minutos; gel que adere a superfícies verticais; remove manchas de ferrugem em pisos de pedra e louças sanitárias.',
    dilution: 'Uso puro.',
    useIndication:
      'Ferramentas, grades, portões, peças metálicas, louças sanitárias e pisos com manchas de ferrugem. Não use em mármore, pedras polidas ou alumínio.',
    howToUse:
      'Aplique sobre a mancha com pincel ou esponja, aguarde de 5 a 15 minutos, esfregue com escova e enxágue com bastante água. Em metais, seque e aplique proteção antiferrugem em seguida.',
    precautions: precautions(ACIDO, CORROSIVO),
    composition: 'Ácido oxálico, ácido fosfórico, espessante, tensoativo e água.',
    activeIngredient: 'Ácido fosfórico 15% e ácido oxálico 5%',
  },
  {
    slug: 'desengraxante-para-oficinas',
    name: 'Desengraxante para Oficinas',
    description:
      'Desengraxante alcalino de alto desempenho para motores, peças, pisos de oficina e máquinas com graxa e óleo.',
    category: 'Limpeza Pesada',
    rating: '4.7',
    ph: '13.0',
    isFeatured: false,
    variants: [
      { size: '1 L', price: '23.90' },
      { size: '5 L', price: '92.90' },
    ],
    benefits:
      'Remove graxa, óleo queimado e fuligem; biodegradável, sem solventes derivados de petróleo; pode ser usado em lavadora de alta pressão.',
    dilution: '1:5 para motores e peças muito sujas; 1:20 para pisos de oficina; 1:40 para limpeza de máquinas.',
    useIndication: 'Motores, chassis, peças metálicas, pisos de oficinas e garagens, máquinas industriais. Não use em alumínio polido ou pinturas automotivas.',
    howToUse:
      'Com o motor frio, aplique a solução, aguarde de 3 a 5 minutos, esfregue os pontos mais sujos com pincel ou escova e enxágue com água, de preferência em alta pressão. Proteja componentes elétricos.',
    precautions: precautions(CORROSIVO, 'Não aplique em superfícies quentes.'),
    composition: 'Hidróxido de potássio, butilglicol, tensoativos não iônicos, metassilicato de sódio e água.',
    activeIngredient: 'Hidróxido de potássio 4%',
  },
  {
    slug: 'limpa-calcadas-e-garagens',
    name: 'Limpa Calçadas e Garagens',
    description:
      'Limpador alcalino para áreas externas que remove manchas de óleo, pneu, fuligem e encardido de calçadas, garagens e quintais.',
    category: 'Limpeza Pesada',
    rating: '4.5',
    ph: '12.5',
    isFeatured: false,
    variants: [
      { size: '2 L', price: '29.90' },
      { size: '5 L', price: '64.90' },
    ],
    benefits:
      'Remove manchas de óleo e marcas de pneu do concreto; recupera o aspecto de calçadas encardidas; alto rendimento na diluição.',
    dilution: '1:5 para manchas de óleo; 1:20 para limpeza geral de áreas externas.',
    useIndication: 'Calçadas, garagens, quintais, pisos de cimento, concreto, pedras rústicas e cerâmica antiderrapante.',
    howToUse:
      'Molhe a área, aplique a solução, esfregue com vassoura de cerdas duras e enxágue com mangueira ou lavadora de alta pressão. Sobre manchas de óleo antigas, aplique puro e deixe agir por 15 minutos.',
    precautions: precautions(CORROSIVO, 'Evite que o produto escorra para canteiros e plantas.'),
    composition: 'Hidróxido de sódio, tensoativos aniônico e não iônico, sequestrante e água.',
    activeIngredient: 'Hidróxido de sódio 3%',
  },
];

// ---------------------------------------------------------------------------
// Uso Profissional
// ---------------------------------------------------------------------------
const usoProfissional: ProductInput[] = [
  {
    slug: 'detergente-alcalino-industrial',
    name: 'Detergente Alcalino Industrial',
    description:
      'Detergente alcalino clorado de baixa espuma para higienização de equipamentos e superfícies em indústrias de alimentos e cozinhas profissionais.',
    category: 'Uso Profissional',
    rating: '4.7',
    ph: '13.0',
    isFeatured: false,
    variants: [
      { size: '1 L', price: '19.90' },
      { size: '5 L', price: '69.90' },
    ],
    benefits:
      'Remove gordura, proteínas e resíduos orgânicos; baixa espuma, compatível com sistemas de limpeza automatizados; alto rendimento em diluições elevadas.',
    dilution: '1:20 para limpeza pesada de equipamentos; 1:50 a 1:100 para limpeza geral de superfícies.',
    useIndication:
      'Equipamentos, bancadas, pisos e paredes de indústrias de alimentos, frigoríficos, laticínios, cozinhas industriais e restaurantes.',
    howToUse:
      'Remova os resíduos grosseiros, aplique a solução com pulverizador, espuma ou escova, deixe agir de 5 a 10 minutos e enxágue com água potável. Em seguida, aplique o sanitizante conforme seu plano de higienização.',
    precautions: precautions(
      CORROSIVO,
      'Use luvas nitrílicas, óculos e avental impermeável. Não use em alumínio ou metais leves.',
    ),
    composition: 'Hidróxido de sódio, metassilicato de sódio, sequestrante, tensoativo de baixa espuma e água.',
    activeIngredient: 'Hidróxido de sódio 8%',
  },
  {
    slug: 'quaternario-de-amonio',
    name: 'Quaternário de Amônio Desinfetante',
    description:
      'Desinfetante concentrado de quinta geração para hospitais, clínicas, cozinhas e indústrias, com ação bactericida, fungicida e virucida.',
    category: 'Uso Profissional',
    rating: '4.9',
    ph: '7.5',
    isFeatured: false,
    variants: [
      { size: '1 L', price: '29.90' },
      { size: '5 L', price: '119.90' },
    ],
    benefits:
      'Amplo espectro de ação; sem odor e não corrosivo para a maioria das superfícies; altamente concentrado, rende até 400 L de solução por galão de 5 L.',
    dilution:
      '1:100 (10 ml em 1 L de água) para desinfecção de superfícies; 1:200 para manutenção de pisos; 1:50 para superfícies com matéria orgânica após limpeza.',
    useIndication:
      'Superfícies fixas, bancadas, pisos, paredes, macas, equipamentos de academias, áreas de manipulação de alimentos e banheiros de uso coletivo.',
    howToUse:
      'Limpe a superfície antes. Aplique a solução com pano, borrifador ou mop, respeitando tempo de contato de 10 minutos. Em superfícies que tocam alimentos, enxágue com água potável após o tempo de contato.',
    precautions: precautions(
      LUVAS,
      'Não misture com sabões ou detergentes aniônicos, que anulam a ação desinfetante.',
    ),
    composition:
      'Cloreto de didecil dimetil amônio, cloreto de alquil dimetil benzil amônio, tensoativo não iônico, sequestrante e água.',
    activeIngredient: 'Quaternário de amônio de 5ª geração 10%',
  },
  {
    slug: 'alcool-70',
    name: 'Álcool 70% Líquido',
    description:
      'Álcool etílico 70 °INPM para antissepsia de superfícies e objetos, com a concentração mais eficaz contra bactérias e vírus envelopados.',
    category: 'Uso Profissional',
    rating: '4.8',
    ph: '7.0',
    isFeatured: false,
    variants: [
      { size: '1 L', price: '11.90' },
      { size: '5 L', price: '49.90' },
    ],
    benefits:
      'Desinfecção rápida com evaporação sem resíduos; concentração de 70% que penetra na célula dos microrganismos melhor que o álcool puro; ideal para objetos de uso compartilhado.',
    dilution: 'Pronto para uso. Não dilua.',
    useIndication:
      'Bancadas, maçanetas, teclados, telefones, equipamentos de academia, balcões de atendimento, carrinhos de compras e superfícies não porosas.',
    howToUse:
      'Aplique com borrifador ou pano limpo sobre a superfície já limpa, espalhe e deixe secar naturalmente por pelo menos 30 segundos.',
    precautions: precautions(
      INFLAMAVEL,
      'Não use em acrílico, borracha ou superfícies envernizadas, que podem manchar.',
    ),
    composition: 'Álcool etílico hidratado e água deionizada.',
    activeIngredient: 'Álcool etílico 70% p/p (70 °INPM)',
  },
  {
    slug: 'alcool-em-gel-70',
    name: 'Álcool em Gel 70%',
    description:
      'Álcool em gel 70% para higienização das mãos, com glicerina que evita o ressecamento da pele mesmo com uso frequente.',
    category: 'Uso Profissional',
    rating: '4.7',
    ph: '7.0',
    isFeatured: false,
    variants: [
      { size: '500 ml', price: '12.90' },
      { size: '1 L', price: '21.90' },
      { size: '5 L', price: '79.90' },
    ],
    benefits:
      'Secagem rápida, sem sensação pegajosa; glicerina hidratante; galão de 5 L para reabastecer dispensers de recepções, clínicas e escritórios.',
    dilution: 'Pronto para uso.',
    useIndication: 'Higienização das mãos em recepções, clínicas, escritórios, restaurantes, escolas e comércio.',
    howToUse:
      'Aplique uma porção suficiente para cobrir toda a superfície das mãos e friccione palmas, dorsos, entre os dedos e pontas dos dedos por 20 a 30 segundos, até secar.',
    precautions: precautions(
      INFLAMAVEL,
      'Uso externo. Evite contato com os olhos e mucosas. Não use em feridas abertas.',
    ),
    composition: 'Álcool etílico, carbômero, glicerina, trietanolamina e água deionizada.',
    activeIngredient: 'Álcool etílico 70% p/p (70 °INPM)',
  },
  {
    slug: 'sabonete-liquido-profissional',
    name: 'Sabonete Líquido Profissional',
    description:
      'Sabonete líquido suave, de pH fisiológico, para dispensers de banheiros corporativos, restaurantes, escolas e clínicas.',
    category: 'Uso Profissional',
    rating: '4.6',
    ph: '6.0',
    isFeatured: false,
    variants: [
      { size: '500 ml', price: '8.90' },
      { size: '1 L', price: '14.90' },
      { size: '5 L', price: '54.90' },
    ],
    benefits:
      'Espuma cremosa que limpa sem ressecar; pH compatível com a pele; perfume suave, aceito por todos os públicos; rende mais que sabonetes em barra em ambientes de alto fluxo.',
    dilution: 'Pronto para uso. Não dilua, para não comprometer a conservação do produto.',
    useIndication: 'Lavagem das mãos em banheiros de empresas, restaurantes, escolas, clínicas, academias e condomínios.',
    howToUse:
      'Molhe as mãos, aplique uma dose, ensaboe por 40 a 60 segundos cobrindo toda a superfície das mãos e enxágue. Ao reabastecer dispensers, higienize o reservatório antes.',
    precautions: precautions('Uso externo. Evite contato com os olhos.'),
    composition: 'Lauril éter sulfato de sódio, cocoamidopropil betaína, glicerina, cloreto de sódio, conservante, fragrância e água.',
    activeIngredient: 'Lauril éter sulfato de sódio 10%',
  },
  {
    slug: 'hipoclorito-de-sodio-10',
    name: 'Hipoclorito de Sódio 10%',
    description:
      'Solução concentrada de hipoclorito de sódio para desinfecção profissional de superfícies, caixas-d\'água e áreas de produção.',
    category: 'Uso Profissional',
    rating: '4.6',
    ph: '13.0',
    isFeatured: false,
    variants: [
      { size: '1 L', price: '9.90' },
      { size: '5 L', price: '36.90' },
    ],
    benefits:
      'Alta concentração de cloro ativo, que rende até 4 vezes mais que a água sanitária; desinfecção de amplo espectro; custo por litro de solução muito baixo.',
    dilution:
      '1:50 (20 ml em 1 L de água, cerca de 2.000 ppm) para desinfecção de superfícies; 1:500 (2 ml em 1 L, cerca de 200 ppm) para superfícies que tocam alimentos, seguida de enxágue.',
    useIndication:
      'Pisos, paredes, bancadas, lixeiras, áreas de produção, câmaras frias e higienização de reservatórios de água por profissional capacitado.',
    howToUse:
      'Sempre dilua antes de usar, adicionando o produto à água (nunca o contrário). Aplique a solução sobre a superfície limpa, respeite 10 minutos de contato e enxágue quando necessário.',
    precautions: precautions(
      CLORO,
      CORROSIVO,
      'Uso exclusivamente profissional. Nunca use puro. Armazene ao abrigo da luz e do calor; o teor de cloro diminui com o tempo.',
    ),
    composition: 'Hipoclorito de sódio, hidróxido de sódio, cloreto de sódio e água.',
    activeIngredient: 'Hipoclorito de sódio 10% (teor de cloro ativo)',
  },
  {
    slug: 'detergente-lava-loucas-industrial',
    name: 'Detergente para Lava-Louças Industrial',
    description:
      'Detergente alcalino líquido para máquinas lava-louças profissionais, com sequestrantes que evitam manchas mesmo em água dura.',
    category: 'Uso Profissional',
    rating: '4.7',
    ph: '13.5',
    isFeatured: false,
    variants: [
      { size: '1 L', price: '22.90' },
      { size: '5 L', price: '89.90' },
    ],
    benefits:
      'Remove gordura, amido e proteínas em ciclos curtos; não forma espuma na máquina; sequestrantes que protegem a máquina contra calcário.',
    dilution: '1 a 3 ml por litro de água do tanque, conforme a dureza da água e o grau de sujeira, dosado automaticamente.',
    useIndication: 'Máquinas lava-louças de capô, esteira e de bancada em restaurantes, hotéis, refeitórios e hospitais.',
    howToUse:
      'Conecte o galão ao dosador automático da máquina e regule a dosagem com o técnico. Retire o excesso de resíduos dos pratos antes de colocá-los na máquina.',
    precautions: precautions(
      CORROSIVO,
      'Uso exclusivamente profissional, em máquinas. Não use para lavagem manual. Não use em alumínio.',
    ),
    composition: 'Hidróxido de potássio, hidróxido de sódio, sequestrante, polímero dispersante e água.',
    activeIngredient: 'Hidróxido de potássio 15%',
  },
  {
    slug: 'secante-abrilhantador',
    name: 'Secante Abrilhantador para Lava-Louças',
    description:
      'Secante ácido para o enxágue final de máquinas lava-louças profissionais, que acelera a secagem e evita manchas em copos e talheres.',
    category: 'Uso Profissional',
    rating: '4.5',
    ph: '3.0',
    isFeatured: false,
    variants: [
      { size: '1 L', price: '24.90' },
      { size: '5 L', price: '99.90' },
    ],
    benefits:
      'Copos e talheres secos e brilhantes, sem manchas de água; neutraliza resíduos alcalinos do detergente; baixa dosagem.',
    dilution: '0,2 a 0,5 ml por litro de água de enxágue, dosado automaticamente.',
    useIndication: 'Máquinas lava-louças profissionais de capô, esteira e de bancada.',
    howToUse:
      'Conecte o galão ao dosador de secante da máquina e ajuste a dosagem até obter secagem uniforme, sem gotas nos copos.',
    precautions: precautions(ACIDO, 'Uso exclusivamente profissional, em máquinas.'),
    composition: 'Tensoativo não iônico de baixa espuma, ácido cítrico, álcool isopropílico e água.',
    activeIngredient: 'Tensoativo não iônico (álcool graxo alcoxilado) 20%',
  },
];

// ---------------------------------------------------------------------------
// Multiuso
// ---------------------------------------------------------------------------
const multiuso: ProductInput[] = [
  {
    slug: 'limpador-multiuso',
    name: 'Limpador Multiuso',
    description:
      'O coringa da limpeza: remove gordura e sujeira do dia a dia de cozinhas, banheiros, eletrodomésticos e áreas laváveis.',
    category: 'Multiuso',
    rating: '4.8',
    ph: '10.0',
    isFeatured: true,
    variants: [
      { size: '500 ml', price: '5.90' },
      { size: '1 L', price: '9.90' },
      { size: '5 L', price: '34.90' },
    ],
    benefits:
      'Um só produto para várias superfícies; remove gordura leve sem esfregar muito; não deixa manchas nem resíduos; versão de 5 L para reabastecer o borrifador.',
    dilution: 'Puro para gordura e sujeira localizada; 1:10 para limpeza geral; 1:20 para manutenção diária.',
    useIndication:
      'Fogões, bancadas, azulejos, eletrodomésticos, portas, paredes laváveis, plásticos e cadeiras. Não use em madeira crua, couro ou superfícies sensíveis à água.',
    howToUse: 'Borrife sobre a superfície ou em um pano úmido, espalhe e remova a sujeira com pano limpo. Não precisa enxaguar, exceto em superfícies que tocam alimentos.',
    precautions: precautions(),
    composition: 'Linear alquilbenzeno sulfonato de sódio, tensoativo não iônico, alcalinizante, sequestrante, fragrância e água.',
    activeIngredient: 'Linear alquilbenzeno sulfonato de sódio (LAS) 3%',
  },
  {
    slug: 'limpa-vidros',
    name: 'Limpa Vidros',
    description:
      'Limpa vidros com álcool de secagem rápida, que remove marcas de dedos, gordura e poeira sem deixar manchas.',
    category: 'Multiuso',
    rating: '4.7',
    ph: '9.5',
    isFeatured: false,
    variants: [
      { size: '500 ml', price: '9.90' },
      { size: '1 L', price: '15.90' },
      { size: '5 L', price: '49.90' },
    ],
    benefits:
      'Secagem rápida, sem marcas; remove gordura de vidros de cozinha e marcas de dedos; também limpa espelhos, telas e superfícies brilhantes.',
    dilution: 'Pronto para uso. A versão de 5 L pode ser usada pura ou diluída 1:1 para manutenção.',
    useIndication: 'Vidros, janelas, espelhos, boxes, vitrines, mesas de vidro e superfícies brilhantes.',
    howToUse:
      'Borrife de forma uniforme e passe pano de microfibra seco ou rodo para vidros. Evite aplicar sob sol forte, que seca o produto antes da limpeza.',
    precautions: precautions(INFLAMAVEL),
    composition: 'Álcool etílico, tensoativo não iônico, hidróxido de amônio, fragrância e água.',
    activeIngredient: 'Álcool etílico 15% e tensoativo não iônico',
  },
  {
    slug: 'neutralizador-de-odores',
    name: 'Neutralizador de Odores',
    description:
      'Neutraliza odores de cigarro, fritura, pets, mofo e banheiros na origem, em vez de apenas mascará-los com perfume.',
    category: 'Multiuso',
    rating: '4.6',
    ph: '6.5',
    isFeatured: false,
    variants: [
      { size: '500 ml', price: '19.90' },
      { size: '1 L', price: '32.90' },
    ],
    benefits:
      'Captura e neutraliza as moléculas de mau cheiro; fragrância leve que não pesa no ambiente; pode ser usado em tecidos, estofados e ambientes.',
    dilution: 'Pronto para uso.',
    useIndication: 'Ambientes, sofás, cortinas, tapetes, carros, lixeiras, caixas de areia, banheiros e armários.',
    howToUse:
      'Borrife no ar ou diretamente sobre tecidos a 30 cm de distância, sem encharcar. Em estofados, teste antes em área escondida.',
    precautions: precautions('Não borrife em direção a pessoas e animais.'),
    composition: 'Ricinoleato de zinco, álcool etílico, solubilizante, fragrância e água.',
    activeIngredient: 'Ricinoleato de zinco 1,5%',
  },
  {
    slug: 'desinfetante-pinho',
    name: 'Desinfetante Pinho',
    description:
      'Desinfetante tradicional com óleo de pinho, que limpa, desinfeta e deixa o clássico aroma de limpeza na casa.',
    category: 'Multiuso',
    rating: '4.5',
    ph: '7.0',
    isFeatured: false,
    variants: [
      { size: '1 L', price: '8.90' },
      { size: '2 L', price: '15.90' },
      { size: '5 L', price: '32.90' },
    ],
    benefits:
      'Elimina 99,9% das bactérias; aroma de pinho intenso e duradouro; ideal para quintais, canis e áreas externas.',
    dilution: 'Puro para ralos e lixeiras; 1:20 para pisos de banheiro e áreas externas; 1:50 para pisos internos.',
    useIndication: 'Pisos, banheiros, ralos, lixeiras, quintais, canis e áreas externas.',
    howToUse: 'Dilua em água, aplique com pano ou vassoura e deixe agir por 10 minutos. Não é necessário enxaguar.',
    precautions: precautions('Mantenha animais afastados até a secagem completa do piso.'),
    composition: 'Óleo de pinho, cloreto de alquil dimetil benzil amônio, tensoativo não iônico, corante e água.',
    activeIngredient: 'Cloreto de alquil dimetil benzil amônio 0,3% e óleo de pinho 2%',
  },
  {
    slug: 'lustra-moveis',
    name: 'Lustra-Móveis',
    description:
      'Lustra-móveis cremoso que limpa, dá brilho e forma uma película protetora que repele o pó em móveis de madeira e laminados.',
    category: 'Multiuso',
    rating: '4.5',
    ph: '7.5',
    isFeatured: false,
    variants: [
      { size: '500 ml', price: '12.90' },
      { size: '1 L', price: '21.90' },
    ],
    benefits:
      'Brilho imediato sem deixar o móvel oleoso; película que repele o pó por mais tempo; perfume suave de lavanda.',
    dilution: null,
    useIndication: 'Móveis de madeira envernizada, laminados, fórmica, couro sintético e portas.',
    howToUse: 'Agite antes de usar. Aplique sobre um pano macio e seco, espalhe no móvel com movimentos circulares e lustre com outro pano seco.',
    precautions: precautions('Não aplique em pisos: deixa a superfície escorregadia.'),
    composition: 'Polidimetilsiloxano, cera de carnaúba, emulsionante, conservante, fragrância e água.',
    activeIngredient: null,
  },
  {
    slug: 'limpa-estofados-e-tapetes',
    name: 'Limpa Estofados e Tapetes',
    description:
      'Limpador de baixa espuma para sofás, cadeiras, tapetes e carpetes, que remove manchas e odores sem encharcar o tecido.',
    category: 'Multiuso',
    rating: '4.6',
    ph: '8.0',
    isFeatured: false,
    variants: [
      { size: '500 ml', price: '21.90' },
      { size: '1 L', price: '36.90' },
    ],
    benefits:
      'Remove manchas de bebidas, alimentos e gordura; baixa espuma, ideal para extratoras; secagem rápida; reaviva as cores do tecido.',
    dilution: '1:10 para manchas localizadas; 1:40 em extratoras e lavadoras de estofados.',
    useIndication: 'Sofás, cadeiras estofadas, colchões, tapetes, carpetes e bancos de carro em tecido. Não use em couro, veludo de seda ou tecidos que não podem ser molhados.',
    howToUse:
      'Aspire o estofado. Aplique a solução, esfregue suavemente com escova macia e remova a umidade com pano de microfibra ou extratora. Deixe secar em local ventilado.',
    precautions: precautions('Teste em área escondida antes de aplicar em todo o estofado.'),
    composition: 'Tensoativos aniônico e não iônico, sequestrante, conservante, fragrância e água.',
    activeIngredient: 'Lauril éter sulfato de sódio 5%',
  },
  {
    slug: 'tira-mofo',
    name: 'Tira-Mofo',
    description:
      'Remove manchas de mofo e bolor de paredes, cantos de teto, rejuntes e cortinas de banheiro, eliminando os fungos.',
    category: 'Multiuso',
    rating: '4.6',
    ph: '12.5',
    isFeatured: false,
    variants: [
      { size: '500 ml', price: '14.90' },
      { size: '1 L', price: '24.90' },
    ],
    benefits:
      'Elimina as manchas escuras de mofo sem esfregar; age na raiz dos fungos; retarda o reaparecimento em áreas úmidas.',
    dilution: 'Pronto para uso.',
    useIndication:
      'Paredes de alvenaria, tetos, rejuntes, azulejos, cortinas plásticas e silicone de box. Não use em tecidos coloridos, madeira ou papel de parede.',
    howToUse:
      'Borrife sobre a área com mofo, aguarde de 10 a 15 minutos e remova com pano úmido. Ventile o ambiente durante e após a aplicação. Para evitar a volta do mofo, combata a umidade.',
    precautions: precautions(CLORO, CORROSIVO),
    composition: 'Hipoclorito de sódio, hidróxido de sódio, tensoativo e água.',
    activeIngredient: 'Hipoclorito de sódio 3%',
  },
];

const catalogue: ProductInput[] = [
  ...cozinha,
  ...banheiro,
  ...lavanderia,
  ...pisos,
  ...limpezaPesada,
  ...usoProfissional,
  ...multiuso,
];

export const products: SeedProduct[] = catalogue.map((product, index) => ({
  ...product,
  image: `${product.slug}.svg`,
  displayOrder: index + 1,
}));
