import type { SeedTestimonial } from '../types';

export const testimonials: SeedTestimonial[] = [
  {
    name: 'Mariana Albuquerque',
    role: 'Mãe de dois, Campinas (SP)',
    content:
      'Com duas crianças e um cachorro, a casa suja todo dia. Assinei o Kit Primeiro Apartamento para minha irmã e acabei virando cliente também. O Limpa Porcelanato não deixa aquelas marcas de pano na sala, e os produtos chegam antes de acabar. Nunca mais corri ao mercado atrás de água sanitária.',
    image: 'mariana-albuquerque.svg',
    displayOrder: 1,
  },
  {
    name: 'Rafael Nogueira',
    role: 'Sócio do Restaurante Sabor da Serra, Belo Horizonte (MG)',
    content:
      'Na cozinha do restaurante o desengordurante comum não dava conta da coifa. O Detergente Alcalino Industrial da Clarear resolveu em metade do tempo, e o quaternário ajudou a organizar nosso plano de higienização. Na última visita da vigilância sanitária, fomos elogiados pela limpeza.',
    image: 'rafael-nogueira.svg',
    displayOrder: 2,
  },
  {
    name: 'Dra. Camila Ferreira',
    role: 'Odontóloga, Clínica Sorriso Pleno, Curitiba (PR)',
    content:
      'Em clínica, desinfecção não é detalhe. Uso o Quaternário de Amônio nas bancadas e na recepção e o Álcool 70% entre um paciente e outro. As fichas técnicas são claras, a entrega é pontual e o atendimento tirou todas as minhas dúvidas sobre diluição.',
    image: 'camila-ferreira.svg',
    displayOrder: 3,
  },
  {
    name: 'Jorge Matsumoto',
    role: 'Gerente de produção, Metalúrgica Matsumoto, Joinville (SC)',
    content:
      'Temos um galpão com muita graxa e fuligem no piso. O Desengraxante para Oficinas e o Limpador Limpeza Pesada, diluídos na lavadora, deixaram o chão seguro de novo. O custo por metro quadrado caiu em relação ao fornecedor anterior, e o galão de 5 L facilita a logística.',
    image: 'jorge-matsumoto.svg',
    displayOrder: 4,
  },
  {
    name: 'Sônia Regina Batista',
    role: 'Síndica do Condomínio Jardim das Acácias, São Paulo (SP)',
    content:
      'Cuido de um condomínio com três torres e quatro funcionários de limpeza. Com a Assinatura Inteligente, compro tudo com 10% de desconto, recebo a cada mês sem precisar lembrar e parei de controlar estoque em planilha. O Limpa Calçadas tirou manchas de óleo da garagem que estavam lá havia anos.',
    image: 'sonia-batista.svg',
    displayOrder: 5,
  },
  {
    name: 'Lucas Andrade',
    role: 'Office manager, agência Pixel Norte, Recife (PE)',
    content:
      'Somos 30 pessoas num escritório aberto. O Kit Escritório tem exatamente o que a gente usa: álcool para as mesas compartilhadas, sabonete para os banheiros e o neutralizador de odores, que salvou a copa depois do almoço. Pedido simples, nota fiscal certinha e entrega rápida.',
    image: 'lucas-andrade.svg',
    displayOrder: 6,
  },
];
