import { describe, expect, it } from 'vitest';
import { formDataToObject } from '../form-data';
import { PLAN_ICON_NAMES } from '../plan-icons';
import { PLAN_LIMITS, planFormSchema } from './admin-plan';
import { fieldErrors } from './field-errors';

function read(entries: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(entries)) form.append(k, v);
  return formDataToObject(form);
}

/** What the editor posts, read the way the page and the action read it. */
const posted = (overrides: Record<string, string | undefined> = {}) => read(entries(overrides));

function entries(overrides: Record<string, string | undefined> = {}) {
  const base: Record<string, string | undefined> = {
    planName: ' Assinatura Inteligente ',
    'options.0.frequency': 'monthly',
    'options.0.price': '49,90',
    'options.0.highlight': '',
    'options.1.frequency': 'semiannual',
    'options.1.price': '249,50',
    'options.1.highlight': ' Economize 5%! ',
    'options.2.frequency': 'annual',
    'options.2.price': '538,90',
    'options.2.highlight': 'Economize 10%!',
    headline: 'Economize 10% em todas as compras',
    description: 'Desconto em tudo.',
    imageUrl: '/images/assinatura.svg',
    isActive: 'on',
    'benefits.0.text': '10% de desconto',
    'benefits.0.icon': 'Percent',
    'benefits.1.text': 'Frete grátis',
    'benefits.1.icon': 'Truck',
    'steps.0.title': 'Escolha seu plano',
    'steps.0.description': 'Mensal, semestral ou anual.',
  };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...base, ...overrides })) if (v !== undefined) out[k] = v;
  return out;
}

/** The three options, already shaped (as the action's tests pass them). */
const shapedOptions = [
  { frequency: 'monthly', price: '10' },
  { frequency: 'semiannual', price: '50', highlight: '' },
  { frequency: 'annual', price: '100', highlight: 'Melhor preço' },
];

const errorsOf = (input: unknown) => {
  const r = planFormSchema.safeParse(input);
  expect(r.success).toBe(false);
  return fieldErrors(r.error!);
};

describe('plan editor schema', () => {
  it('reads a complete form into the plan, in row order, with the prices as decimal strings', () => {
    expect(planFormSchema.parse(posted({ 'options.0.price': '1.234,5' }))).toEqual({
      planName: 'Assinatura Inteligente',
      options: [
        { frequency: 'monthly', price: '1234.50', highlight: null },
        { frequency: 'semiannual', price: '249.50', highlight: 'Economize 5%!' },
        { frequency: 'annual', price: '538.90', highlight: 'Economize 10%!' },
      ],
      headline: 'Economize 10% em todas as compras',
      description: 'Desconto em tudo.',
      imageUrl: '/images/assinatura.svg',
      isActive: true,
      benefits: [
        { text: '10% de desconto', icon: 'Percent' },
        { text: 'Frete grátis', icon: 'Truck' },
      ],
      steps: [{ title: 'Escolha seu plano', description: 'Mensal, semestral ou anual.' }],
    });
  });

  const priceOf = (input: unknown, index = 0) => planFormSchema.parse(input).options[index]!.price;

  it('accepts 49.90 and 49,90 alike, and a cent', () => {
    expect(priceOf(posted({ 'options.0.price': '49.90' }))).toBe('49.90');
    expect(priceOf(posted({ 'options.0.price': '49,9' }))).toBe('49.90');
    expect(priceOf(posted({ 'options.2.price': '0,01' }), 2)).toBe('0.01');
  });

  it('refuses a missing, malformed, zero, negative or huge price with pt-BR messages, at its own option', () => {
    const priceError = (value: string, index = 0) => errorsOf(posted({ [`options.${index}.price`]: value }))[`options.${index}.price`];
    expect(priceError('')).toBe('Informe o preço.');
    expect(priceError('abc', 1)).toBe('Informe um preço válido, por exemplo 49,90.');
    expect(priceError('49,999')).toBe('Informe um preço válido, por exemplo 49,90.');
    expect(priceError('0')).toBe('O preço deve ser maior que zero.');
    expect(priceError('0,00', 2)).toBe('O preço deve ser maior que zero.');
    expect(priceError('-0')).toBe('O preço deve ser maior que zero.');
    expect(priceError('-1,00')).toBe('O preço não pode ser negativo.');
    expect(priceError('100000')).toBe('O preço deve ser de no máximo R$ 99.999,99.');
    expect(priceError('99999999999999999999')).toBe('O preço deve ser de no máximo R$ 99.999,99.');
    expect(priceOf(posted({ 'options.0.price': '99.999,99' }))).toBe('99999.99');
    // Only the wrong option is flagged.
    const errors = errorsOf(posted({ 'options.1.price': '0' }));
    expect(Object.keys(errors)).toEqual(['options.1.price']);
  });

  it('a highlight is optional (empty is none), trimmed and at most 40 characters', () => {
    const options = planFormSchema.parse(posted({ 'options.0.highlight': '   ', 'options.2.highlight': undefined })).options;
    expect(options.map((o) => o.highlight)).toEqual([null, 'Economize 5%!', null]);
    expect(errorsOf(posted({ 'options.1.highlight': 'a'.repeat(PLAN_LIMITS.highlight + 1) }))['options.1.highlight']).toBe('Use no máximo 40 caracteres.');
    expect(planFormSchema.parse(posted({ 'options.1.highlight': 'a'.repeat(PLAN_LIMITS.highlight) })).options[1]!.highlight).toHaveLength(40);
  });

  it('needs exactly the three options, each once', () => {
    const missing = errorsOf(posted({ 'options.2.frequency': undefined, 'options.2.price': undefined, 'options.2.highlight': undefined }));
    expect(missing.options).toBe('Informe o preço das três opções: mensal, semestral e anual.');
    expect(errorsOf(posted({ 'options.0.frequency': undefined, 'options.0.price': undefined, 'options.0.highlight': undefined, 'options.1.frequency': undefined, 'options.1.price': undefined, 'options.1.highlight': undefined, 'options.2.frequency': undefined, 'options.2.price': undefined, 'options.2.highlight': undefined })).options).toBe('Informe o preço das três opções: mensal, semestral e anual.');
    const repeated = errorsOf(posted({ 'options.2.frequency': 'semiannual' }));
    expect(repeated['options.2.frequency']).toBe('Esta opção de plano está repetida.');
    expect(repeated.options).toBe('Informe o preço das três opções: mensal, semestral e anual.');
    expect(errorsOf(posted({ 'options.1.frequency': 'weekly' }))['options.1.frequency']).toBe('Opção de plano inválida. Recarregue a página.');
    expect(errorsOf(posted({ 'options.3.frequency': 'monthly', 'options.3.price': '10' })).options).toBe('Informe o preço das três opções: mensal, semestral e anual.');
    // Any order is accepted: each frequency says which option a row is.
    const reordered = planFormSchema.parse(
      posted({ 'options.0.frequency': 'annual', 'options.0.price': '538,90', 'options.2.frequency': 'monthly', 'options.2.price': '49,90' }),
    );
    expect(reordered.options.map((o) => [o.frequency, o.price])).toEqual([
      ['annual', '538.90'],
      ['semiannual', '249.50'],
      ['monthly', '49.90'],
    ]);
  });

  it('an unticked box means inactive; an empty image means none; description may be empty', () => {
    const plan = planFormSchema.parse(posted({ isActive: undefined, imageUrl: '', description: undefined }));
    expect(plan.isActive).toBe(false);
    expect(plan.imageUrl).toBeNull();
    expect(plan.description).toBe('');
  });

  it('names each missing field next to its input', () => {
    const errors = errorsOf(posted({ planName: '  ', headline: '', 'benefits.1.text': ' ', 'steps.0.title': '', 'steps.0.description': '' }));
    expect(errors).toMatchObject({
      planName: 'Informe o nome do plano.',
      headline: 'Informe a chamada principal.',
      'benefits.1.text': 'Informe o texto do benefício.',
      'steps.0.title': 'Informe o título do passo.',
      'steps.0.description': 'Informe a descrição do passo.',
    });
    expect(errors['benefits.0.text']).toBeUndefined();
  });

  it('accepts only the icons the storefront bundles', () => {
    for (const icon of PLAN_ICON_NAMES) expect(planFormSchema.safeParse(posted({ 'benefits.0.icon': icon })).success).toBe(true);
    expect(errorsOf(posted({ 'benefits.0.icon': 'Skull' }))['benefits.0.icon']).toBe('Escolha um ícone da lista.');
    expect(errorsOf(posted({ 'benefits.0.icon': '' }))['benefits.0.icon']).toBe('Escolha um ícone da lista.');
    // A name that merely looks like one (prototype keys, other case) is refused too.
    expect(errorsOf(posted({ 'benefits.0.icon': 'constructor' }))['benefits.0.icon']).toBe('Escolha um ícone da lista.');
    expect(errorsOf(posted({ 'benefits.0.icon': 'truck' }))['benefits.0.icon']).toBe('Escolha um ícone da lista.');
  });

  it('needs at least one benefit and one step, and limits how many', () => {
    const empty = errorsOf(
      posted({
        'benefits.0.text': undefined,
        'benefits.0.icon': undefined,
        'benefits.1.text': undefined,
        'benefits.1.icon': undefined,
        'steps.0.title': undefined,
        'steps.0.description': undefined,
      }),
    );
    expect(empty.benefits).toBe('Adicione pelo menos um benefício.');
    expect(empty.steps).toBe('Adicione pelo menos um passo.');

    const many = entries();
    for (let i = 0; i <= PLAN_LIMITS.benefits; i++) {
      many[`benefits.${i}.text`] = `Benefício ${i}`;
      many[`benefits.${i}.icon`] = 'Star';
    }
    for (let i = 0; i <= PLAN_LIMITS.steps; i++) {
      many[`steps.${i}.title`] = `Passo ${i}`;
      many[`steps.${i}.description`] = 'Descrição';
    }
    const errors = errorsOf(read(many));
    expect(errors.benefits).toBe('Use no máximo 12 benefícios.');
    expect(errors.steps).toBe('Use no máximo 8 passos.');
  });

  it('limits the length of every text', () => {
    const long = (n: number) => 'a'.repeat(n + 1);
    const errors = errorsOf(
      posted({
        planName: long(PLAN_LIMITS.planName),
        headline: long(PLAN_LIMITS.headline),
        description: long(PLAN_LIMITS.description),
        'benefits.0.text': long(PLAN_LIMITS.benefitText),
        'steps.0.description': long(PLAN_LIMITS.stepDescription),
      }),
    );
    expect(errors).toMatchObject({
      planName: 'Use no máximo 80 caracteres.',
      headline: 'Use no máximo 160 caracteres.',
      description: 'Use no máximo 2000 caracteres.',
      'benefits.0.text': 'Use no máximo 120 caracteres.',
      'steps.0.description': 'Use no máximo 400 caracteres.',
    });
  });

  it('flags a repeated benefit or step title on the later row', () => {
    const errors = errorsOf(
      posted({ 'benefits.1.text': '10% DE DESCONTO', 'steps.1.title': 'Escolha seu plano', 'steps.1.description': 'Outra descrição.' }),
    );
    expect(errors['benefits.1.text']).toBe('Este benefício está repetido.');
    expect(errors['benefits.0.text']).toBeUndefined();
    expect(errors['steps.1.title']).toBe('Já existe um passo com este título.');
  });

  it('accepts only the store\'s own images (uploads or shipped ones), never an outside address', () => {
    expect(planFormSchema.parse(posted({ imageUrl: '/uploads/0123456789abcdef0123-1200.webp' })).imageUrl).toBe('/uploads/0123456789abcdef0123-1200.webp');
    expect(planFormSchema.parse(posted({ imageUrl: '/images/assinatura.svg' })).imageUrl).toBe('/images/assinatura.svg');
    for (const bad of ['https://cdn.exemplo.com.br/a.png', 'javascript:alert(1)', '//evil.example/a.png', 'imagem.png', '/com espaço.png', '/uploads/../auth-secret']) {
      expect(errorsOf(posted({ imageUrl: bad })).imageUrl).toBe('Envie a imagem pelo campo de upload.');
    }
  });

  it('orders rows by their index and closes gaps left by a crafted post', () => {
    const shaped = read({
      'benefits.10.text': 'C',
      'benefits.10.icon': 'Star',
      'benefits.2.text': 'B',
      'benefits.2.icon': 'Gift',
      'benefits.0.text': 'A',
      'benefits.0.icon': 'Leaf',
      'benefits.x.text': 'ignorado',
      'benefits.1234.text': 'ignorado',
      'steps.0.title': 'Só o título',
    });
    expect(shaped.benefits).toEqual([
      { text: 'A', icon: 'Leaf' },
      { text: 'B', icon: 'Gift' },
      { text: 'C', icon: 'Star' },
    ]);
    expect(shaped.steps).toEqual([{ title: 'Só o título' }]);
    const errors = errorsOf({ ...shaped, planName: 'Plano', options: shapedOptions, headline: 'Chamada' });
    expect(errors['steps.0.description']).toBe('Informe a descrição do passo.');
  });

  it('validates already-shaped input the same way (the action and tests share it)', () => {
    const plan = planFormSchema.parse({
      planName: 'Plano',
      options: shapedOptions,
      headline: 'Chamada',
      isActive: true,
      benefits: [{ text: 'Um', icon: 'Star' }],
      steps: [{ title: 'Passo', description: 'Faça.' }],
    });
    expect(plan).toMatchObject({ isActive: true, imageUrl: null, description: '' });
    expect(plan.options).toEqual([
      { frequency: 'monthly', price: '10.00', highlight: null },
      { frequency: 'semiannual', price: '50.00', highlight: null },
      { frequency: 'annual', price: '100.00', highlight: 'Melhor preço' },
    ]);
  });
});
