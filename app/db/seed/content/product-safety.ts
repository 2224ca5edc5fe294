// The safety data of every seeded product (issue 32): ANVISA regularisation, risk class, the label's
// warnings and first aid, and the transport classification of the dangerous goods.
//
// EXAMPLES ONLY, NOT REAL REGISTRATIONS. Every ANVISA number below ("25351.9…/2026-…") is made up for
// the demonstration store and belongs to no product; a real store replaces each one, in the admin,
// with the number printed on its supplier's label, and uploads the supplier's real FDS.
//
// How the examples were chosen (RDC 59/2010): risk 2 (registered) for a pH below 2 or above 11.5 or an
// antimicrobial action (disinfectants, sanitisers, bleach, 70 % alcohol); risk 1 (notified) otherwise.
// Dangerous goods for transport (the UN list): 70 % ethyl alcohol, UN 1170, class 3 (flammable liquid);
// sodium hypochlorite solutions, UN 1791, class 8 (corrosive). The others are not classified.
import type { AnvisaKind, HazardClass, RiskClass } from '../../../lib/product-safety';

/** The kind of chemistry, which decides the label's warnings and first aid. */
type Profile = 'mild' | 'alkaline' | 'acid' | 'chlorine' | 'oxidizer' | 'disinfectant' | 'flammable';

type Entry = { profile: Profile; riskClass: RiskClass; anvisaNumber: string; transport?: { unNumber: string; hazardClass: HazardClass } };

const READ_FIRST = 'Antes de usar, leia as instruções do rótulo. Mantenha fora do alcance das crianças e dos animais domésticos.';
const COMMON = 'Não ingerir. Evite contato com os olhos. Não reutilize a embalagem vazia.';
const POISON_CENTRE = 'Em caso de intoxicação, ligue para o Disque-Intoxicação: 0800 722 6001.';

const WARNINGS: Record<Profile, string> = {
  mild: `${READ_FIRST} ${COMMON} Para uso prolongado, use luvas.`,
  alkaline: `CUIDADO: produto corrosivo, alcalino. ${READ_FIRST} Provoca queimaduras na pele e lesões oculares graves: use luvas de borracha e óculos de proteção. Não misture com ácidos. ${COMMON}`,
  acid: `CUIDADO: produto ácido. ${READ_FIRST} Use luvas de borracha e óculos de proteção. Nunca misture com água sanitária ou produtos clorados: a mistura libera gás cloro, tóxico. Não aplique em mármore, granito polido ou metais sensíveis. ${COMMON}`,
  chlorine: `CUIDADO: contém hipoclorito de sódio. ${READ_FIRST} Nunca misture com ácidos, amônia, álcool ou outros produtos: a mistura libera gases tóxicos. Use em local ventilado e com luvas. Conserve ao abrigo da luz e do calor. ${COMMON}`,
  oxidizer: `${READ_FIRST} Contém agente oxidante: não misture com outros produtos e mantenha longe de materiais combustíveis. Use luvas. ${COMMON}`,
  disinfectant: `${READ_FIRST} Não misture com outros produtos. Não aplique sobre alimentos nem em utensílios que vão ao fogo sem enxágue. ${COMMON}`,
  flammable: `PERIGO: produto inflamável. ${READ_FIRST} Mantenha longe do fogo, de faíscas e de superfícies quentes; não aplique em equipamentos ligados; não fume durante o uso. ${COMMON}`,
};

const EYES = 'Olhos: lave imediatamente com água corrente por 15 minutos, com as pálpebras abertas.';
const EYES_SEVERE = `${EYES} Procure um oftalmologista levando o rótulo.`;
const SKIN = 'Pele: lave com água corrente em abundância.';
const SKIN_SEVERE = 'Pele: retire a roupa contaminada e lave a pele com água corrente por 15 minutos; se houver irritação, procure atendimento médico.';
const SWALLOWED = 'Ingestão: não provoque vômito. Enxágue a boca e procure atendimento médico levando o rótulo.';
const SWALLOWED_SEVERE = 'Ingestão: não provoque vômito nem dê nada para beber a quem estiver desacordado. Procure atendimento médico imediatamente levando o rótulo.';
const INHALED = 'Inalação: leve a pessoa para um local arejado; se houver mal-estar, procure atendimento médico.';

const FIRST_AID: Record<Profile, string> = {
  mild: [EYES, SKIN, SWALLOWED, POISON_CENTRE].join('\n'),
  alkaline: [EYES_SEVERE, SKIN_SEVERE, SWALLOWED_SEVERE, POISON_CENTRE].join('\n'),
  acid: [EYES_SEVERE, SKIN_SEVERE, SWALLOWED_SEVERE, INHALED, POISON_CENTRE].join('\n'),
  chlorine: [EYES_SEVERE, SKIN_SEVERE, SWALLOWED_SEVERE, INHALED, POISON_CENTRE].join('\n'),
  oxidizer: [EYES_SEVERE, SKIN, SWALLOWED, POISON_CENTRE].join('\n'),
  disinfectant: [EYES, SKIN, SWALLOWED, POISON_CENTRE].join('\n'),
  flammable: [EYES, 'Pele: em caso de irritação, lave com água corrente.', SWALLOWED, INHALED, POISON_CENTRE].join('\n'),
};

const ENTRIES: Record<string, Entry> = {
  'detergente-neutro-concentrado': { profile: 'mild', riskClass: 1, anvisaNumber: '25351.900137/2026-11' },
  'detergente-lava-loucas-limao': { profile: 'mild', riskClass: 1, anvisaNumber: '25351.900274/2026-48' },
  'desengordurante-cozinha': { profile: 'alkaline', riskClass: 2, anvisaNumber: '25351.900411/2026-85' },
  'limpador-de-inox': { profile: 'mild', riskClass: 1, anvisaNumber: '25351.900548/2026-22' },
  'saponaceo-cremoso': { profile: 'mild', riskClass: 1, anvisaNumber: '25351.900685/2026-59' },
  'limpa-forno-e-grill': { profile: 'alkaline', riskClass: 2, anvisaNumber: '25351.900822/2026-96' },
  'sanitizante-para-hortifruti': { profile: 'chlorine', riskClass: 2, anvisaNumber: '25351.900959/2026-33' },
  'agua-sanitaria-2-5': { profile: 'chlorine', riskClass: 2, anvisaNumber: '25351.901096/2026-70', transport: { unNumber: '1791', hazardClass: '8' } },
  'limpador-ceramico': { profile: 'acid', riskClass: 1, anvisaNumber: '25351.901233/2026-07' },
  'removedor-de-limo': { profile: 'chlorine', riskClass: 2, anvisaNumber: '25351.901370/2026-44' },
  'limpa-rejunte': { profile: 'alkaline', riskClass: 2, anvisaNumber: '25351.901507/2026-81' },
  'desinfetante-lavanda': { profile: 'disinfectant', riskClass: 2, anvisaNumber: '25351.901644/2026-18' },
  'gel-sanitario-ativo': { profile: 'acid', riskClass: 1, anvisaNumber: '25351.901781/2026-55' },
  'limpador-de-box-anticalcario': { profile: 'acid', riskClass: 1, anvisaNumber: '25351.901918/2026-92' },
  'sabao-liquido-para-roupas': { profile: 'mild', riskClass: 1, anvisaNumber: '25351.902055/2026-29' },
  'amaciante-concentrado': { profile: 'mild', riskClass: 1, anvisaNumber: '25351.902192/2026-66' },
  'tira-manchas-oxi': { profile: 'oxidizer', riskClass: 1, anvisaNumber: '25351.902329/2026-03' },
  'alvejante-sem-cloro': { profile: 'oxidizer', riskClass: 1, anvisaNumber: '25351.902466/2026-40' },
  'sabao-em-po-multiacao': { profile: 'mild', riskClass: 1, anvisaNumber: '25351.902603/2026-77' },
  'sabao-liquido-roupas-delicadas': { profile: 'mild', riskClass: 1, anvisaNumber: '25351.902740/2026-14' },
  'limpador-para-maquina-de-lavar': { profile: 'acid', riskClass: 1, anvisaNumber: '25351.902877/2026-51' },
  'limpa-porcelanato': { profile: 'mild', riskClass: 1, anvisaNumber: '25351.903014/2026-88' },
  'cera-liquida-acrilica': { profile: 'mild', riskClass: 1, anvisaNumber: '25351.903151/2026-25' },
  'limpa-pedras': { profile: 'acid', riskClass: 2, anvisaNumber: '25351.903288/2026-62' },
  'limpador-pisos-laminados': { profile: 'mild', riskClass: 1, anvisaNumber: '25351.903425/2026-99' },
  'limpador-perfumado-eucalipto': { profile: 'mild', riskClass: 1, anvisaNumber: '25351.903562/2026-36' },
  'removedor-de-cera': { profile: 'alkaline', riskClass: 2, anvisaNumber: '25351.903699/2026-73' },
  'limpador-madeira-e-tacos': { profile: 'mild', riskClass: 1, anvisaNumber: '25351.903836/2026-10' },
  'limpador-limpeza-pesada': { profile: 'alkaline', riskClass: 2, anvisaNumber: '25351.903973/2026-47' },
  'limpa-pos-obra-pesada': { profile: 'acid', riskClass: 2, anvisaNumber: '25351.904110/2026-84' },
  'desincrustante-acido': { profile: 'acid', riskClass: 2, anvisaNumber: '25351.904247/2026-21' },
  'removedor-de-ferrugem': { profile: 'acid', riskClass: 2, anvisaNumber: '25351.904384/2026-58' },
  'desengraxante-para-oficinas': { profile: 'alkaline', riskClass: 2, anvisaNumber: '25351.904521/2026-95' },
  'limpa-calcadas-e-garagens': { profile: 'alkaline', riskClass: 2, anvisaNumber: '25351.904658/2026-32' },
  'detergente-alcalino-industrial': { profile: 'alkaline', riskClass: 2, anvisaNumber: '25351.904795/2026-69' },
  'quaternario-de-amonio': { profile: 'disinfectant', riskClass: 2, anvisaNumber: '25351.904932/2026-06' },
  'alcool-70': { profile: 'flammable', riskClass: 2, anvisaNumber: '25351.905069/2026-43', transport: { unNumber: '1170', hazardClass: '3' } },
  'alcool-em-gel-70': { profile: 'flammable', riskClass: 2, anvisaNumber: '25351.905206/2026-80', transport: { unNumber: '1170', hazardClass: '3' } },
  'sabonete-liquido-profissional': { profile: 'mild', riskClass: 1, anvisaNumber: '25351.905343/2026-17' },
  'hipoclorito-de-sodio-10': { profile: 'chlorine', riskClass: 2, anvisaNumber: '25351.905480/2026-54', transport: { unNumber: '1791', hazardClass: '8' } },
  'detergente-lava-loucas-industrial': { profile: 'alkaline', riskClass: 2, anvisaNumber: '25351.905617/2026-91' },
  'secante-abrilhantador': { profile: 'mild', riskClass: 1, anvisaNumber: '25351.905754/2026-28' },
  'limpador-multiuso': { profile: 'mild', riskClass: 1, anvisaNumber: '25351.905891/2026-65' },
  'limpa-vidros': { profile: 'mild', riskClass: 1, anvisaNumber: '25351.906028/2026-02' },
  'neutralizador-de-odores': { profile: 'mild', riskClass: 1, anvisaNumber: '25351.906165/2026-39' },
  'desinfetante-pinho': { profile: 'disinfectant', riskClass: 2, anvisaNumber: '25351.906302/2026-76' },
  'lustra-moveis': { profile: 'mild', riskClass: 1, anvisaNumber: '25351.906439/2026-13' },
  'limpa-estofados-e-tapetes': { profile: 'mild', riskClass: 1, anvisaNumber: '25351.906576/2026-50' },
  'tira-mofo': { profile: 'chlorine', riskClass: 2, anvisaNumber: '25351.906713/2026-87' },
};

export type SeedProductSafety = {
  anvisaKind: AnvisaKind;
  anvisaNumber: string;
  riskClass: RiskClass;
  safetyWarnings: string;
  firstAid: string;
  unNumber: string | null;
  hazardClass: HazardClass | null;
};

/** The safety columns of a seeded product, by its slug (RDC 59/2010: risk 1 is notified, risk 2 registered). */
export const productSafety: Record<string, SeedProductSafety> = Object.fromEntries(
  Object.entries(ENTRIES).map(([slug, e]) => [
    slug,
    {
      anvisaKind: e.riskClass === 2 ? 'registrado' : 'notificado',
      anvisaNumber: e.anvisaNumber,
      riskClass: e.riskClass,
      safetyWarnings: WARNINGS[e.profile],
      firstAid: FIRST_AID[e.profile],
      unNumber: e.transport?.unNumber ?? null,
      hazardClass: e.transport?.hazardClass ?? null,
    },
  ]),
);
