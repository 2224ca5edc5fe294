// Reusable safety sentences for the "precautions" section of products.
// Composed per product so every label carries the essentials plus the
// warnings specific to its chemistry (chlorine, acids, strong alkalis).

export const CRIANCAS = 'Mantenha fora do alcance de crianças e animais domésticos.';
export const NAO_MISTURE = 'Não misture com outros produtos.';
export const OLHOS_PELE =
  'Em caso de contato com os olhos ou a pele, lave imediatamente com água corrente em abundância por 15 minutos.';
export const INGESTAO =
  'Em caso de ingestão, não provoque vômito e procure atendimento médico levando o rótulo do produto. Disque-Intoxicação: 0800 722 6001.';
export const EMBALAGEM = 'Não reutilize a embalagem vazia.';
export const LUVAS = 'Use luvas de borracha durante a aplicação.';
export const CORROSIVO =
  'Produto corrosivo: use luvas de borracha, óculos de proteção e mantenha o ambiente bem ventilado.';
export const CLORO =
  'Nunca misture com ácidos, amônia, álcool ou outros desinfetantes: a mistura libera gases tóxicos.';
export const ACIDO =
  'Nunca misture com água sanitária ou produtos clorados: a mistura libera gás cloro, altamente tóxico.';
export const INFLAMAVEL =
  'Produto inflamável: mantenha longe do fogo, de faíscas e de superfícies quentes. Não aplique em equipamentos ligados.';

/** Builds the precautions paragraph: essentials first, specific warnings in the middle, first aid last. */
export function precautions(...specific: string[]): string {
  return [CRIANCAS, NAO_MISTURE, ...specific, EMBALAGEM, OLHOS_PELE, INGESTAO].join(' ');
}
