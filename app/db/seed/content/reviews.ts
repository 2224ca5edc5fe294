// The seed's own reviews (issue 36): each seeded product's and kit's figure ('4.6') becomes a few
// approved reviews whose mean is that figure (lib/reviews `seedReviewStars`), written by the example
// customers below (no account, `is_seed`, never "Compra verificada"). The texts are general on purpose:
// they fit any cleaning product.

/** Shown as the author ("Maria S."), as real reviews are. */
export const SEED_REVIEW_AUTHORS = [
  'Ana P.',
  'Carlos M.',
  'Fernanda R.',
  'João V.',
  'Luciana T.',
  'Marcos A.',
  'Patrícia G.',
  'Ricardo S.',
  'Simone L.',
  'Tiago B.',
  'Vanessa C.',
  'Eduardo F.',
] as const;

/** Title and text by stars (5 first); a review takes one by its position. */
export const SEED_REVIEW_TEXTS: Record<1 | 2 | 3 | 4 | 5, readonly { title: string; body: string }[]> = {
  5: [
    { title: 'Excelente, virou item fixo', body: 'Rende muito e limpa de verdade. Já é a segunda vez que compro e continuo satisfeita com o resultado.' },
    { title: 'Superou as expectativas', body: 'Usei seguindo a diluição do rótulo e o resultado foi ótimo. Chegou bem embalado e dentro do prazo.' },
    { title: 'Recomendo sem medo', body: 'Produto de qualidade, cheiro agradável e resultado visível já na primeira aplicação. Vale cada centavo.' },
    { title: 'Muito bom para o dia a dia', body: 'Prático de usar e rende bastante. Facilitou a limpeza aqui de casa e do escritório.' },
  ],
  4: [
    { title: 'Bom produto', body: 'Cumpre o que promete e rende bem. Só achei que poderia vir com um bico dosador mais preciso.' },
    { title: 'Gostei bastante', body: 'Limpa bem e não deixa resíduo. Tirei uma estrela porque a entrega demorou um dia a mais.' },
    { title: 'Vale a pena', body: 'Boa relação entre preço e rendimento. Uso toda semana e o frasco dura bastante.' },
  ],
  3: [
    { title: 'Razoável', body: 'Funciona, mas precisei usar mais produto do que esperava para sujeira pesada. Para o dia a dia vai bem.' },
    { title: 'Atende, sem surpresas', body: 'Faz o básico direito. Esperava um pouco mais de rendimento pela descrição.' },
  ],
  2: [{ title: 'Esperava mais', body: 'Não tirou as manchas mais antigas como eu esperava. Talvez funcione melhor na limpeza leve.' }],
  1: [{ title: 'Não funcionou para mim', body: 'No meu caso não deu o resultado que eu queria. O atendimento foi atencioso quando pedi ajuda.' }],
};

/** The newest seed review's day; the others step back from it, so the list has a spread of dates. */
export const SEED_REVIEWS_LATEST = '2026-10-20T15:00:00-03:00';
