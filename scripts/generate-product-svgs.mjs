#!/usr/bin/env node
// Generates the flat SVG illustrations used by the seed catalogue:
//   public/images/products/<product or kit image>
//   public/images/testimonials/<image>
//   public/images/blog/<image>
//   public/images/assinatura.svg
// It reads app/db/seed/content/*.ts (transpiled on the fly with the project's
// TypeScript), so every image name referenced by the seed gets a file.
// Usage: node scripts/generate-product-svgs.mjs
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const contentDir = join(root, 'app/db/seed/content');
const out = (...p) => join(root, 'public/images', ...p);

// ---------------------------------------------------------------- load seed content
async function loadContent() {
  const tmp = mkdtempSync(join(tmpdir(), 'clarear-seed-'));
  try {
    for (const file of readdirSync(contentDir).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(join(contentDir, file), 'utf8');
      const { outputText } = ts.transpileModule(source, {
        compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
      });
      // Relative imports between content files get the .mjs extension.
      const js = outputText.replace(/from '(\.\/[^']+)'/g, "from '$1.mjs'");
      writeFileSync(join(tmp, file.replace(/\.ts$/, '.mjs')), js);
    }
    const load = (name) => import(pathToFileURL(join(tmp, `${name}.mjs`)).href);
    const [{ products }, { kits }, { testimonials }, { blogPosts }, { planConfig }] = await Promise.all(
      ['products', 'kits', 'testimonials', 'blog', 'plan'].map(load),
    );
    return { products, kits, testimonials, blogPosts, planConfig };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- helpers
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function svg(title, viewBox, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" role="img"><title>${esc(title)}</title>${body}</svg>\n`;
}

function hashOf(text) {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

/** Mixes a #rrggbb colour with white (amount > 0) or black (amount < 0). */
function shade(hex, amount) {
  const n = parseInt(hex.slice(1), 16);
  const target = amount > 0 ? 255 : 0;
  const a = Math.abs(amount);
  const ch = (v) => Math.round(v + (target - v) * a);
  const r = ch((n >> 16) & 255);
  const g = ch((n >> 8) & 255);
  const b = ch(n & 255);
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

// ---------------------------------------------------------------- product styles
const CATEGORY_COLOR = {
  Cozinha: '#f97316',
  Banheiro: '#0ea5a4',
  Lavanderia: '#8b5cf6',
  Pisos: '#b7791f',
  'Limpeza Pesada': '#dc2626',
  'Uso Profissional': '#2563eb',
  Multiuso: '#16a34a',
};

// Colour tweaks for products whose name suggests one (lavanda, limão, pinho...).
const COLOR_OVERRIDE = {
  'detergente-lava-loucas-limao': '#eab308',
  'desinfetante-lavanda': '#9f7aea',
  'limpador-perfumado-eucalipto': '#059669',
  'desinfetante-pinho': '#166534',
  'agua-sanitaria-2-5': '#0284c7',
  'amaciante-concentrado': '#ec4899',
  'limpa-vidros': '#38bdf8',
  'alcool-70': '#64748b',
  'alcool-em-gel-70': '#0891b2',
  'limpador-de-inox': '#475569',
  'cera-liquida-acrilica': '#a16207',
  'removedor-de-ferrugem': '#c2410c',
};

const SHAPE_OVERRIDE = {
  'desengordurante-cozinha': 'spray',
  'limpador-de-inox': 'spray',
  'removedor-de-limo': 'spray',
  'limpador-de-box-anticalcario': 'spray',
  'limpa-vidros': 'spray',
  'neutralizador-de-odores': 'spray',
  'tira-mofo': 'spray',
  'limpador-multiuso': 'spray',
  'limpa-estofados-e-tapetes': 'spray',
  'lustra-moveis': 'spray',
  'gel-sanitario-ativo': 'duck',
  'sabonete-liquido-profissional': 'pump',
  'alcool-em-gel-70': 'pump',
  'tira-manchas-oxi': 'tub',
  'sabao-em-po-multiacao': 'box',
  'limpa-forno-e-grill': 'tub',
};

function productShape(p) {
  if (SHAPE_OVERRIDE[p.slug]) return SHAPE_OVERRIDE[p.slug];
  const largest = p.variants[p.variants.length - 1].size;
  if (p.category === 'Uso Profissional' || p.category === 'Limpeza Pesada') return 'gallon';
  if (largest === '5 L' && hashOf(p.slug) % 3 === 0) return 'gallon';
  return 'bottle';
}

// Small label emblems (centred at 0,0; drawn inside the label).
const EMBLEM = {
  drop: (c) => `<path d="M0-22C8-10 14-3 14 6a14 14 0 0 1-28 0c0-9 6-16 14-28z" fill="${c}"/>`,
  sparkle: (c) => `<path d="M0-22 6-6 22 0 6 6 0 22-6 6-22 0-6-6z" fill="${c}"/>`,
  leaf: (c) => `<path d="M-16 16C-16-8 0-20 20-20 20 4 6 16-16 16z" fill="${c}"/><path d="M-16 16 10-10" stroke="#fff" stroke-width="3"/>`,
  bubble: (c) => `<circle cx="-6" cy="4" r="12" fill="${c}"/><circle cx="11" cy="-9" r="7" fill="${c}"/>`,
  shield: (c) => `<path d="M0-22 18-14v10c0 14-8 22-18 26-10-4-18-12-18-26v-10z" fill="${c}"/>`,
};

function emblemFor(p) {
  if (/desinfet|sanitiz|quatern|alcool|hipoclorito|sanitaria/.test(p.slug)) return 'shield';
  if (/sabao|amaciante|lava-loucas|sabonete|detergente/.test(p.slug)) return 'bubble';
  if (/eucalipto|pinho|madeira|neutralizador/.test(p.slug)) return 'leaf';
  if (/vidros|inox|porcelanato|cera|brilh|box/.test(p.slug)) return 'sparkle';
  return 'drop';
}

function label(x, y, w, h, color, emblem) {
  const cx = x + w / 2;
  const cy = y + h / 2 - 8;
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="12" fill="#fff"/>` +
    `<g transform="translate(${cx} ${cy})">${EMBLEM[emblem](color)}</g>` +
    `<rect x="${x + 16}" y="${y + h - 30}" width="${w - 32}" height="8" rx="4" fill="${color}" opacity=".8"/>` +
    `<rect x="${x + 28}" y="${y + h - 16}" width="${w - 56}" height="6" rx="3" fill="${color}" opacity=".4"/>`
  );
}

const SHAPES = {
  bottle(c, dark, em) {
    return (
      `<rect x="176" y="70" width="48" height="30" rx="6" fill="${dark}"/>` +
      `<rect x="186" y="96" width="28" height="20" fill="${shade(c, 0.3)}"/>` +
      `<path d="M150 150q0-34 50-34t50 34v178q0 22-22 22h-56q-22 0-22-22z" fill="${c}"/>` +
      `<rect x="160" y="150" width="12" height="170" rx="6" fill="#fff" opacity=".25"/>` +
      label(160, 196, 80, 104, c, em)
    );
  },
  spray(c, dark, em) {
    return (
      `<path d="M168 88h64l22 22h-26v22h-60z" fill="${dark}"/>` +
      `<path d="M176 132h-14l-12 40h14z" fill="${dark}"/>` +
      `<rect x="182" y="132" width="36" height="22" fill="${shade(c, 0.35)}"/>` +
      `<path d="M152 178q0-24 24-24h48q24 0 24 24v150q0 22-22 22h-52q-22 0-22-22z" fill="${c}"/>` +
      `<rect x="162" y="180" width="12" height="140" rx="6" fill="#fff" opacity=".25"/>` +
      label(164, 206, 72, 100, c, em) +
      `<circle cx="266" cy="104" r="4" fill="${shade(c, 0.5)}"/><circle cx="282" cy="96" r="3" fill="${shade(c, 0.5)}"/><circle cx="280" cy="114" r="3" fill="${shade(c, 0.5)}"/>`
    );
  },
  gallon(c, dark, em) {
    return (
      `<rect x="230" y="84" width="40" height="26" rx="5" fill="${dark}"/>` +
      `<path d="M110 150q0-40 40-40h120q20 0 20 20v196q0 24-24 24H134q-24 0-24-24z" fill="${c}"/>` +
      `<path d="M130 126h70q14 0 14 14v14q0 8-8 8h-76z" fill="${shade(c, 0.6)}"/>` +
      `<rect x="122" y="176" width="12" height="150" rx="6" fill="#fff" opacity=".25"/>` +
      label(146, 190, 124, 120, c, em)
    );
  },
  tub(c, dark, em) {
    return (
      `<rect x="120" y="130" width="160" height="30" rx="8" fill="${dark}"/>` +
      `<path d="M128 160h144l-14 170q-2 20-22 20h-72q-20 0-22-20z" fill="${c}"/>` +
      `<rect x="140" y="168" width="10" height="150" rx="5" fill="#fff" opacity=".25"/>` +
      label(156, 196, 88, 110, c, em)
    );
  },
  box(c, dark, em) {
    return (
      `<path d="M132 110h136l-12 28H144z" fill="${dark}"/>` +
      `<rect x="124" y="136" width="152" height="214" rx="10" fill="${c}"/>` +
      `<rect x="188" y="116" width="24" height="10" rx="4" fill="${shade(c, 0.5)}"/>` +
      `<rect x="134" y="146" width="10" height="190" rx="5" fill="#fff" opacity=".25"/>` +
      label(152, 180, 96, 124, c, em)
    );
  },
  pump(c, dark, em) {
    return (
      `<path d="M190 80h60v14h-44v30h-16z" fill="${dark}"/>` +
      `<rect x="184" y="122" width="32" height="26" rx="4" fill="${dark}"/>` +
      `<rect x="148" y="148" width="104" height="202" rx="26" fill="${c}"/>` +
      `<rect x="160" y="160" width="12" height="170" rx="6" fill="#fff" opacity=".25"/>` +
      label(162, 196, 76, 104, c, em)
    );
  },
  duck(c, dark, em) {
    return (
      `<path d="M196 76l58-26 8 16-50 26z" fill="${dark}"/>` +
      `<path d="M184 96h32v44h-32z" fill="${shade(c, 0.3)}"/>` +
      `<path d="M150 170q0-30 50-30t50 30v158q0 22-22 22h-56q-22 0-22-22z" fill="${c}"/>` +
      `<rect x="160" y="172" width="12" height="150" rx="6" fill="#fff" opacity=".25"/>` +
      label(160, 206, 80, 100, c, em)
    );
  },
};

function background(tint, accent) {
  return (
    `<rect width="400" height="400" rx="32" fill="${tint}"/>` +
    `<circle cx="200" cy="210" r="150" fill="#fff" opacity=".7"/>` +
    `<circle cx="328" cy="78" r="20" fill="${accent}" opacity=".18"/>` +
    `<circle cx="70" cy="320" r="14" fill="${accent}" opacity=".18"/>` +
    `<ellipse cx="200" cy="356" rx="110" ry="12" fill="#0f172a" opacity=".08"/>`
  );
}

function productSvg(p) {
  const c = COLOR_OVERRIDE[p.slug] ?? CATEGORY_COLOR[p.category] ?? '#0ea5e9';
  const dark = shade(c, -0.35);
  const body = SHAPES[productShape(p)](c, dark, emblemFor(p));
  return svg(p.name, '0 0 400 400', background(shade(c, 0.88), c) + body);
}

const KIT_COLORS = ['#f97316', '#0ea5a4', '#8b5cf6', '#dc2626', '#2563eb', '#16a34a', '#0284c7', '#eab308'];

function kitSvg(kit, index, productsBySlug) {
  const c = KIT_COLORS[index % KIT_COLORS.length];
  // Up to four bottle tops peeking out of the box, coloured like the kit's products.
  const tops = kit.items.slice(0, 4).map((item, i) => {
    const p = productsBySlug.get(item.product);
    const pc = (p && (COLOR_OVERRIDE[p.slug] ?? CATEGORY_COLOR[p.category])) ?? c;
    const x = 118 + i * 44;
    const h = 70 + ((i * 37) % 40);
    return (
      `<rect x="${x + 10}" y="${200 - h - 18}" width="18" height="18" rx="4" fill="${shade(pc, -0.35)}"/>` +
      `<rect x="${x}" y="${200 - h}" width="38" height="${h + 20}" rx="12" fill="${pc}"/>`
    );
  });
  const body =
    tops.join('') +
    `<path d="M96 196h208l-14 20H110z" fill="${shade(c, -0.3)}"/>` +
    `<rect x="96" y="210" width="208" height="140" rx="12" fill="${c}"/>` +
    `<rect x="188" y="210" width="24" height="140" fill="${shade(c, 0.55)}"/>` +
    `<circle cx="200" cy="270" r="30" fill="#fff"/>` +
    `<g transform="translate(200 270)">${EMBLEM.sparkle(c)}</g>`;
  return svg(kit.name, '0 0 400 400', background(shade(c, 0.88), c) + body);
}

// ---------------------------------------------------------------- testimonial avatars
const SKIN = ['#f1c7a5', '#d9a27a', '#a86b45', '#e8b894', '#c68b5e', '#7a4a2c'];
const HAIR = ['#5b3a1e', '#2d1b12', '#111827', '#111827', '#9ca3af', '#1f1410'];
const SHIRT = ['#0ea5a4', '#f97316', '#8b5cf6', '#2563eb', '#dc2626', '#16a34a'];

function avatarSvg(t, i) {
  const skin = SKIN[i % SKIN.length];
  const hair = HAIR[i % HAIR.length];
  const shirt = SHIRT[i % SHIRT.length];
  const longHair = /^(Mariana|Dra|Sônia)/.test(t.name);
  const back = longHair ? `<path d="M128 170q0-76 72-76t72 76v90h-144z" fill="${hair}"/>` : '';
  const front = longHair
    ? `<path d="M140 166q6-56 60-56t60 56q-30-24-60-26-30 2-60 26z" fill="${hair}"/>`
    : `<path d="M142 160q0-54 58-54t58 54q-10-20-58-22-48 2-58 22z" fill="${hair}"/>`;
  const glasses = i === 3 || i === 5
    ? `<g fill="none" stroke="#1f2937" stroke-width="4"><circle cx="178" cy="178" r="14"/><circle cx="222" cy="178" r="14"/><path d="M192 178h16"/></g>`
    : '';
  const body =
    `<rect width="400" height="400" rx="200" fill="${shade(shirt, 0.85)}"/>` +
    back +
    `<path d="M92 380q0-90 108-90t108 90z" fill="${shirt}"/>` +
    `<rect x="184" y="236" width="32" height="50" rx="12" fill="${shade(skin, -0.1)}"/>` +
    `<ellipse cx="200" cy="180" rx="58" ry="68" fill="${skin}"/>` +
    front +
    `<circle cx="178" cy="180" r="5" fill="#1f2937"/><circle cx="222" cy="180" r="5" fill="#1f2937"/>` +
    `<path d="M182 212q18 14 36 0" fill="none" stroke="#7c2d12" stroke-width="5" stroke-linecap="round"/>` +
    glasses;
  return svg(`Avatar de ${t.name}`, '0 0 400 400', body);
}

// ---------------------------------------------------------------- blog covers (16:9)
const BLOG_SCENES = [
  // rejunte: tile wall with a brush and sparkles
  (a) => {
    let tiles = '';
    for (let r = 0; r < 4; r++) for (let c = 0; c < 5; c++) tiles += `<rect x="${190 + c * 86}" y="${60 + r * 86}" width="80" height="80" rx="6" fill="${r * 5 + c < 9 ? '#fff' : '#e2e8f0'}"/>`;
    return `<rect x="184" y="54" width="436" height="350" fill="#94a3b8"/>${tiles}<g transform="rotate(-30 460 300)"><rect x="380" y="280" width="170" height="40" rx="12" fill="${a}"/><rect x="390" y="320" width="150" height="22" fill="#1e293b"/></g><path d="M330 120l8 20 20 8-20 8-8 20-8-20-20-8 20-8z" fill="#facc15"/>`;
  },
  // água sanitária: bottle, warning triangle, crossed acid bottle
  (a) => `<rect x="220" y="150" width="110" height="220" rx="26" fill="${a}"/><rect x="252" y="110" width="46" height="44" rx="8" fill="#0c4a6e"/><rect x="236" y="220" width="78" height="90" rx="10" fill="#fff"/><path d="M400 110l110 190H290z" fill="#facc15"/><rect x="392" y="170" width="16" height="70" rx="8" fill="#1f2937"/><circle cx="400" cy="266" r="10" fill="#1f2937"/><rect x="540" y="190" width="90" height="180" rx="22" fill="#f97316"/><path d="M520 190l130 180M650 190 520 370" stroke="#dc2626" stroke-width="18" stroke-linecap="round"/>`,
  // diluição: measuring cup, bucket, drops
  (a) => `<path d="M200 170h110l-12 190h-86z" fill="#e0f2fe" stroke="${a}" stroke-width="6"/><path d="M206 260h98l-6 100h-86z" fill="${a}" opacity=".6"/><g stroke="${a}" stroke-width="5"><path d="M270 200h24M270 230h24M270 260h24M270 290h24"/></g><path d="M420 190h200l-24 180H444z" fill="${a}"/><path d="M410 190q110-80 220 0" fill="none" stroke="#334155" stroke-width="8"/><path d="M360 110c10 14 16 24 16 32a16 16 0 0 1-32 0c0-8 6-18 16-32z" fill="${a}"/><path d="M390 60c8 10 12 18 12 24a12 12 0 0 1-24 0c0-6 4-14 12-24z" fill="${a}" opacity=".6"/>`,
  // pH: gradient scale with a marker
  (a) => {
    const cols = ['#dc2626', '#ea580c', '#f59e0b', '#eab308', '#84cc16', '#22c55e', '#16a34a', '#10b981', '#14b8a6', '#0ea5e9', '#3b82f6', '#6366f1', '#7c3aed', '#9333ea', '#a21caf'];
    const bars = cols.map((c, i) => `<rect x="${130 + i * 36}" y="200" width="36" height="70" fill="${c}"/>`).join('');
    return `${bars}<rect x="130" y="200" width="540" height="70" rx="4" fill="none" stroke="#334155" stroke-width="4"/><path d="M382 170h36l-18 28z" fill="${a}"/><rect x="366" y="120" width="68" height="48" rx="10" fill="${a}"/><circle cx="170" cy="330" r="26" fill="#dc2626"/><circle cx="400" cy="330" r="26" fill="#22c55e"/><circle cx="630" cy="330" r="26" fill="#7c3aed"/>`;
  },
  // cozinha profissional: clipboard checklist and pot
  (a) => `<rect x="180" y="80" width="220" height="300" rx="16" fill="#fff" stroke="#334155" stroke-width="6"/><rect x="240" y="64" width="100" height="36" rx="10" fill="#334155"/>${[0, 1, 2, 3].map((i) => `<rect x="210" y="${140 + i * 56}" width="28" height="28" rx="6" fill="${i < 3 ? a : '#e2e8f0'}"/><path d="M216 ${154 + i * 56}l6 7 12-14" fill="none" stroke="#fff" stroke-width="4"/><rect x="252" y="${146 + i * 56}" width="120" height="14" rx="7" fill="#cbd5e1"/>`).join('')}<path d="M460 250h200v70q0 40-40 40H500q-40 0-40-40z" fill="#64748b"/><rect x="440" y="236" width="240" height="22" rx="11" fill="#475569"/><path d="M520 210q10-30 0-50M560 210q10-30 0-50M600 210q10-30 0-50" fill="none" stroke="#94a3b8" stroke-width="6" stroke-linecap="round"/>`,
  // roupas brancas: shirt with stain fading and sparkles
  (a) => `<path d="M290 110l60-30h100l60 30 60 70-50 40-30-30v200H310V190l-30 30-50-40z" fill="#fff" stroke="#cbd5e1" stroke-width="6"/><circle cx="430" cy="260" r="34" fill="#a16207" opacity=".25"/><path d="M540 120l10 24 24 10-24 10-10 24-10-24-24-10 24-10z" fill="${a}"/><path d="M250 290l7 16 16 7-16 7-7 16-7-16-16-7 16-7z" fill="${a}"/><circle cx="180" cy="150" r="18" fill="${a}" opacity=".3"/><circle cx="620" cy="330" r="24" fill="${a}" opacity=".3"/>`,
  // sustentável: leaf, gallon and recycle arrows
  (a) => `<path d="M170 360C170 220 280 140 420 140c0 140-90 220-250 220z" fill="${a}"/><path d="M170 360 360 190" stroke="#fff" stroke-width="8"/><rect x="470" y="170" width="160" height="190" rx="24" fill="#0ea5a4"/><rect x="560" y="140" width="44" height="34" rx="6" fill="#115e59"/><path d="M490 190h70v40h-70z" fill="#99f6e4"/><g fill="none" stroke="${a}" stroke-width="10" stroke-linecap="round"><path d="M520 300a30 30 0 1 0 30-30"/></g><path d="M540 260l16 10-14 14z" fill="${a}"/>`,
];
const BLOG_ACCENTS = ['#0ea5a4', '#0284c7', '#2563eb', '#7c3aed', '#f97316', '#8b5cf6', '#16a34a'];

function blogSvg(post, i) {
  const a = BLOG_ACCENTS[i % BLOG_ACCENTS.length];
  const scene = BLOG_SCENES[i % BLOG_SCENES.length](a);
  const bg =
    `<rect width="800" height="450" fill="${shade(a, 0.88)}"/>` +
    `<circle cx="700" cy="70" r="120" fill="#fff" opacity=".5"/>` +
    `<circle cx="90" cy="400" r="90" fill="#fff" opacity=".5"/>` +
    `<rect y="400" width="800" height="50" fill="${shade(a, 0.75)}"/>`;
  return svg(post.title, '0 0 800 450', bg + scene);
}

// ---------------------------------------------------------------- subscription
function assinaturaSvg(plan) {
  const c = '#0ea5a4';
  const body =
    `<rect width="400" height="400" rx="32" fill="${shade(c, 0.88)}"/>` +
    `<circle cx="200" cy="210" r="150" fill="#fff" opacity=".7"/>` +
    // calendar
    `<rect x="70" y="90" width="150" height="140" rx="14" fill="#fff" stroke="#334155" stroke-width="5"/>` +
    `<rect x="70" y="90" width="150" height="36" rx="14" fill="${c}"/>` +
    `<rect x="100" y="78" width="10" height="26" rx="5" fill="#334155"/><rect x="180" y="78" width="10" height="26" rx="5" fill="#334155"/>` +
    [0, 1, 2].map((r) => [0, 1, 2, 3].map((k) => `<rect x="${86 + k * 32}" y="${140 + r * 28}" width="20" height="16" rx="4" fill="${r === 1 && k === 2 ? '#f97316' : '#cbd5e1'}"/>`).join('')).join('') +
    // box with bottles
    `<rect x="200" y="170" width="34" height="70" rx="10" fill="#8b5cf6"/><rect x="240" y="150" width="34" height="90" rx="10" fill="#f97316"/><rect x="280" y="164" width="34" height="76" rx="10" fill="#2563eb"/>` +
    `<rect x="180" y="230" width="160" height="120" rx="12" fill="#b45309"/><rect x="246" y="230" width="28" height="120" fill="#fcd34d"/>` +
    // 10% badge
    `<circle cx="312" cy="110" r="48" fill="#f97316"/>` +
    `<circle cx="294" cy="94" r="9" fill="none" stroke="#fff" stroke-width="6"/><circle cx="330" cy="128" r="9" fill="none" stroke="#fff" stroke-width="6"/><path d="M334 86 290 134" stroke="#fff" stroke-width="7" stroke-linecap="round"/>` +
    // refresh arrow
    `<path d="M92 300a56 56 0 0 0 70 44" fill="none" stroke="${c}" stroke-width="10" stroke-linecap="round"/><path d="M150 328l22 18-28 8z" fill="${c}"/>`;
  return svg(`${plan.planName}: produtos de limpeza entregues com 10% de desconto`, '0 0 400 400', body);
}

// ---------------------------------------------------------------- main
function write(path, content) {
  const size = Buffer.byteLength(content);
  if (size > 4096) throw new Error(`${path} has ${size} bytes (limit 4096)`);
  writeFileSync(path, content);
}

const { products, kits, testimonials, blogPosts, planConfig } = await loadContent();
for (const dir of ['products', 'testimonials', 'blog']) mkdirSync(out(dir), { recursive: true });

const bySlug = new Map(products.map((p) => [p.slug, p]));
for (const p of products) write(out('products', p.image), productSvg(p));
kits.forEach((k, i) => write(out('products', k.image), kitSvg(k, i, bySlug)));
testimonials.forEach((t, i) => write(out('testimonials', t.image), avatarSvg(t, i)));
blogPosts.forEach((b, i) => write(out('blog', b.image), blogSvg(b, i)));
write(out(planConfig.image), assinaturaSvg(planConfig));

console.log(
  `SVGs: ${products.length} produtos, ${kits.length} kits, ${testimonials.length} depoimentos, ${blogPosts.length} capas de blog, 1 assinatura.`,
);
