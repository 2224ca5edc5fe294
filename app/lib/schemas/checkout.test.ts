import { describe, expect, it } from 'vitest';
import { deliveryFromForm, deliverySchema, taxIdSchema } from './checkout';
import { fieldErrors } from './field-errors';
import { profileSchema } from './profile';

const message = (value: unknown) => {
  const parsed = taxIdSchema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe('taxIdSchema', () => {
  it('keeps a CPF or a numeric CNPJ as digits', () => {
    expect(taxIdSchema.parse(' 529.982.247-25 ')).toBe('52998224725');
    expect(taxIdSchema.parse('11.222.333/0001-81')).toBe('11222333000181');
  });

  it('keeps an alphanumeric CNPJ, typed in any case, as 14 upper-case characters', () => {
    expect(taxIdSchema.parse('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(taxIdSchema.parse('12ABC34501DE35')).toBe('12ABC34501DE35');
  });

  it('says in pt-BR what is wrong, without "números" when letters were typed', () => {
    expect(message('')).toBe('Informe o CPF ou CNPJ.');
    expect(message('   ')).toBe('Informe o CPF ou CNPJ.');
    expect(message(undefined)).toBe('Informe o CPF ou CNPJ.');
    expect(message('123.456.789-00')).toBe('CPF ou CNPJ inválido. Confira os números.');
    expect(message('11.222.333/0001-80')).toBe('CPF ou CNPJ inválido. Confira os números.');
    expect(message('12.ABC.345/01DE-36')).toBe('CPF ou CNPJ inválido. Confira os caracteres.');
    expect(message('12.abc.345/01de-3')).toBe('CPF ou CNPJ inválido. Confira os caracteres.');
  });

  it('refuses more than 32 characters before reading them', () => {
    expect(taxIdSchema.parse(` ${'529.982.247-25'.padEnd(32, ' ')} `)).toBe('52998224725');
    const long = taxIdSchema.safeParse('5'.repeat(33));
    expect(long.success ? [] : long.error.issues.map((i) => i.message)).toEqual(['CPF ou CNPJ longo demais. Use no máximo 32 caracteres.']);
  });

  it('is the rule of the profile form too, where empty clears the CPF/CNPJ', () => {
    expect(profileSchema.parse({ name: 'Ana', taxId: '12.abc.345/01de-35', ieIndicator: '9' })).toEqual({ name: 'Ana', taxId: '12ABC34501DE35', ieIndicator: 9 });
    expect(profileSchema.parse({ name: 'Ana', taxId: '' })).toEqual({ name: 'Ana', taxId: null });
    const bad = profileSchema.safeParse({ name: 'Ana', taxId: '12.ABC.345/01DE-53' });
    expect(bad.success ? {} : fieldErrors(bad.error)).toEqual({ taxId: 'CPF ou CNPJ inválido. Confira os caracteres.' });
  });
});

describe('deliverySchema (Endereço de entrega)', () => {
  const address = { zipCode: '01310-100', street: 'Avenida Paulista', number: '1000', complement: '', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };

  it('a saved address by id, with who receives it', () => {
    const id = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
    expect(deliverySchema.parse({ addressId: id, recipientName: ' Ana ' })).toEqual({ kind: 'saved', addressId: id, recipientName: 'Ana' });
  });

  it('a new address typed in place, saved only when ticked; the CEP stored as digits', () => {
    expect(deliverySchema.parse({ addressId: 'new', recipientName: 'Ana', newAddress: address, saveAddress: 'on' })).toMatchObject({
      kind: 'new',
      save: true,
      address: { zipCode: '01310100', state: 'SP', complement: null },
    });
    expect(deliverySchema.parse({ addressId: 'new', recipientName: 'Ana', newAddress: address })).toMatchObject({ save: false });
  });

  it('nothing chosen, nothing typed: every message at its field at once', () => {
    const result = deliverySchema.safeParse({ addressId: 'new', recipientName: '', newAddress: {} });
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({
      recipientName: 'Informe quem vai receber o pedido.',
      'newAddress.zipCode': 'Informe o CEP.',
      'newAddress.street': 'Informe a rua.',
      'newAddress.number': 'Informe o número.',
      'newAddress.neighborhood': 'Informe o bairro.',
      'newAddress.city': 'Informe a cidade.',
      'newAddress.state': 'Selecione o estado.',
    });
    const none = deliverySchema.safeParse({ recipientName: 'Ana' });
    expect(none.success ? {} : fieldErrors(none.error)).toEqual({ addressId: 'Escolha o endereço de entrega.' });
  });

  it("a CEP of another state is refused at the CEP field", () => {
    const result = deliverySchema.safeParse({ addressId: 'new', recipientName: 'Ana', newAddress: { ...address, state: 'RJ' } });
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({ 'newAddress.zipCode': 'Este CEP não pertence a RJ.' });
  });

  it('reads the posted delivery.* fields', () => {
    const form = { intent: 'pay', 'delivery.addressId': 'new', 'delivery.recipientName': 'Ana', 'delivery.saveAddress': 'on', 'delivery.newAddress.zipCode': '01310-100', 'delivery.newAddress.state': 'SP' };
    expect(deliveryFromForm(form)).toEqual({ addressId: 'new', recipientName: 'Ana', saveAddress: 'on', newAddress: { zipCode: '01310-100', state: 'SP' } });
  });
});
