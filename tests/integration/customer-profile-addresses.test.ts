// The customer area's profile and addresses on
// each engine: ownership of every id, one default per user, schema rules.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { addressSchema, type AddressInput } from '~/lib/schemas/address';
import { fieldErrors } from '~/lib/schemas/field-errors';
import { profileSchema } from '~/lib/schemas/profile';
import { deleteAddress, getOwnAddress, listAddresses, saveAddress, setDefaultAddress } from '~/server/account/addresses.server';
import { getProfile, updateProfile } from '~/server/account/profile.server';
import { engines } from '../support/engines';

const HOME = {
  name: 'Casa',
  zipCode: '01001-000',
  street: 'Praça da Sé',
  number: '100',
  complement: 'Apto 12',
  neighborhood: 'Sé',
  city: 'São Paulo',
  state: 'SP',
};
const WORK = { name: 'Trabalho', zipCode: '20040-020', street: 'Avenida Rio Branco', number: '1', neighborhood: 'Centro', city: 'Rio de Janeiro', state: 'RJ' };

const address = (raw: Record<string, unknown>): AddressInput => addressSchema.parse(raw);

describe.each(engines)('customer profile and addresses on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let n = 0;

  async function newUser() {
    n += 1;
    const id = `cliente-${n}-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id, name: `Cliente ${n}`, email: `${id}@exemplo.com.br` });
    return id;
  }

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
  });
  afterAll(async () => {
    await handle?.drop();
  });

  it('saves an address with the CEP as digits and lists it', async () => {
    const ana = await newUser();
    const id = await saveAddress(handle.db, ana, address(HOME));
    expect(id).toBeTruthy();
    const [row] = await listAddresses(handle.db, ana);
    expect(row).toMatchObject({ id, userId: ana, zipCode: '01001000', state: 'SP', complement: 'Apto 12', isDefault: false });
  });

  it('keeps one default: a second default clears the first in the same transaction', async () => {
    const ana = await newUser();
    const first = await saveAddress(handle.db, ana, address({ ...HOME, isDefault: 'on' }));
    const second = await saveAddress(handle.db, ana, address({ ...WORK, isDefault: 'on' }));
    const list = await listAddresses(handle.db, ana);
    expect(list.filter((a) => a.isDefault).map((a) => a.id)).toEqual([second]);
    expect(list[0]!.id).toBe(second); // default first

    // Editing the first back to default moves the flag again.
    await saveAddress(handle.db, ana, address({ ...HOME, isDefault: 'on' }), first!);
    const again = await listAddresses(handle.db, ana);
    expect(again.filter((a) => a.isDefault).map((a) => a.id)).toEqual([first]);

    // And the quick switch does the same.
    expect(await setDefaultAddress(handle.db, ana, second!)).toBe(true);
    const third = await listAddresses(handle.db, ana);
    expect(third.filter((a) => a.isDefault).map((a) => a.id)).toEqual([second]);
    expect(third.map((a) => a.id)).toEqual([second, first]);
  });

  it('leaves exactly one default when two switches race, and both requests succeed', async () => {
    const ana = await newUser();
    const a = await saveAddress(handle.db, ana, address({ ...HOME, isDefault: 'on' }));
    const b = await saveAddress(handle.db, ana, address(WORK));
    const c = await saveAddress(handle.db, ana, address({ ...WORK, name: 'Praia' }));
    for (let round = 0; round < 5; round++) {
      const results = await Promise.allSettled([
        setDefaultAddress(handle.db, ana, b!),
        setDefaultAddress(handle.db, ana, c!),
        saveAddress(handle.db, ana, address({ ...HOME, isDefault: 'on' }), a!),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const defaults = (await listAddresses(handle.db, ana)).filter((x) => x.isDefault);
      expect(defaults).toHaveLength(1);
    }
  });

  it('rolls the clearing back when the save fails', async () => {
    const ana = await newUser();
    const first = await saveAddress(handle.db, ana, address({ ...HOME, isDefault: 'on' }));
    // A state the database refuses (bypassing the schema) aborts the whole transaction.
    const bad = { ...address({ ...WORK, isDefault: 'on' }), state: 'XX' } as unknown as AddressInput;
    await expect(saveAddress(handle.db, ana, bad)).rejects.toThrow();
    const list = await listAddresses(handle.db, ana);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: first, isDefault: true });
  });

  it('orders the default first, then the newest', async () => {
    const ana = await newUser();
    const a = await saveAddress(handle.db, ana, address(HOME));
    const b = await saveAddress(handle.db, ana, address({ ...WORK, isDefault: 'on' }));
    await handle.db.update(t.userAddresses).set({ createdAt: new Date(Date.now() + 60_000) }).where(eq(t.userAddresses.id, a!));
    const c = await saveAddress(handle.db, ana, address({ ...HOME, name: 'Praia' }));
    await handle.db.update(t.userAddresses).set({ createdAt: new Date(Date.now() + 120_000) }).where(eq(t.userAddresses.id, c!));
    expect((await listAddresses(handle.db, ana)).map((x) => x.id)).toEqual([b, c, a]);
  });

  it("treats another user's address id as not found and changes nothing", async () => {
    const ana = await newUser();
    const bia = await newUser();
    const anaAddress = await saveAddress(handle.db, ana, address({ ...HOME, isDefault: 'on' }));
    await saveAddress(handle.db, bia, address({ ...WORK, isDefault: 'on' }));
    const before = await listAddresses(handle.db, ana);

    expect(await saveAddress(handle.db, bia, address({ ...WORK, name: 'Roubado', isDefault: 'on' }), anaAddress!)).toBeNull();
    expect(await deleteAddress(handle.db, bia, anaAddress!)).toBe(false);
    expect(await setDefaultAddress(handle.db, bia, anaAddress!)).toBe(false);
    expect(await getOwnAddress(handle.db, bia, anaAddress!)).toBeNull();
    expect(await listAddresses(handle.db, ana)).toEqual(before);
    // Bia's own default was not cleared by the refused attempt either.
    expect((await listAddresses(handle.db, bia)).filter((a) => a.isDefault)).toHaveLength(1);

    const missing = randomUUID();
    expect(await saveAddress(handle.db, ana, address(HOME), missing)).toBeNull();
    expect(await deleteAddress(handle.db, ana, missing)).toBe(false);
  });

  it('edits and deletes own addresses', async () => {
    const ana = await newUser();
    const id = await saveAddress(handle.db, ana, address(HOME));
    await saveAddress(handle.db, ana, address({ ...HOME, number: '200', complement: '' }), id!);
    expect(await getOwnAddress(handle.db, ana, id!)).toMatchObject({ number: '200', complement: null });
    expect(await deleteAddress(handle.db, ana, id!)).toBe(true);
    expect(await listAddresses(handle.db, ana)).toEqual([]);
  });

  it("updates only the signed-in user's name and CPF/CNPJ, and clears the CPF/CNPJ when empty", async () => {
    const ana = await newUser();
    const bia = await newUser();
    expect(await updateProfile(handle.db, ana, profileSchema.parse({ name: '  Ana Paula Lima ', taxId: '529.982.247-25' }))).toBe(true);
    expect(await getProfile(handle.db, ana)).toMatchObject({ name: 'Ana Paula Lima', taxId: '52998224725' });
    expect(await getProfile(handle.db, bia)).toMatchObject({ name: 'Cliente ' + bia.split('-')[1], taxId: null });

    await updateProfile(handle.db, ana, profileSchema.parse({ name: 'Ana Paula Lima', taxId: '11.222.333/0001-81', ieIndicator: '9' }));
    expect((await getProfile(handle.db, ana))!.taxId).toBe('11222333000181');
    await updateProfile(handle.db, ana, profileSchema.parse({ name: 'Ana Paula Lima', taxId: '' }));
    expect((await getProfile(handle.db, ana))!.taxId).toBeNull();
    expect(await updateProfile(handle.db, 'ninguem', profileSchema.parse({ name: 'X', taxId: '' }))).toBe(false);
  });

  it('saves an alphanumeric CNPJ typed in lower case in upper case; the database refuses one not normalised', async () => {
    const ana = await newUser();
    await updateProfile(handle.db, ana, profileSchema.parse({ name: 'Indústria Ana Ltda', taxId: '12.abc.345/01de-35', ieIndicator: '9' }));
    expect(await getProfile(handle.db, ana)).toMatchObject({ name: 'Indústria Ana Ltda', taxId: '12ABC34501DE35' });

    const bad = profileSchema.safeParse({ name: 'Indústria Ana Ltda', taxId: '12.abc.345/01de-53' });
    expect(bad.success ? {} : fieldErrors(bad.error)).toEqual({ taxId: 'CPF ou CNPJ inválido. Confira os caracteres.' });
    // Past the schema, the tax_id CHECK still holds: lower case, a letter as a check digit.
    for (const taxId of ['12abc34501de35', '12ABC34501DE3A', '12.ABC.345/01DE-35']) {
      await expect(updateProfile(handle.db, ana, { name: 'Outro Nome', taxId })).rejects.toThrow();
    }
    expect(await getProfile(handle.db, ana)).toMatchObject({ name: 'Indústria Ana Ltda', taxId: '12ABC34501DE35' });
  });
});

describe('address and profile schemas', () => {
  const errors = (raw: Record<string, unknown>) => {
    const parsed = addressSchema.safeParse(raw);
    return parsed.success ? {} : fieldErrors(parsed.error);
  };

  it('asks for every required field in pt-BR', () => {
    expect(errors({})).toEqual({
      name: 'Informe um nome para o endereço.',
      zipCode: 'Informe o CEP.',
      street: 'Informe a rua.',
      number: 'Informe o número.',
      neighborhood: 'Informe o bairro.',
      city: 'Informe a cidade.',
      state: 'Selecione o estado.',
    });
    expect(errors({ ...HOME, street: '   ' })).toEqual({ street: 'Informe a rua.' });
  });

  it('rejects a malformed CEP, an unknown UF and a CEP from another UF', () => {
    expect(errors({ ...HOME, zipCode: '0100-1000' }).zipCode).toBe('Informe um CEP válido no formato 00000-000.');
    expect(errors({ ...HOME, zipCode: '00000-000' }).zipCode).toBe('Informe um CEP válido no formato 00000-000.');
    expect(errors({ ...HOME, state: 'XX' }).state).toBe('Selecione o estado.');
    expect(errors({ ...HOME, state: 'RJ' })).toEqual({ zipCode: 'Este CEP não pertence a RJ.' });
    expect(errors({ ...WORK, zipCode: '70040-010' })).toEqual({ zipCode: 'Este CEP não pertence a RJ.' });
  });

  it('trims, normalises and enforces lengths', () => {
    const parsed = address({ ...HOME, name: '  Casa  ', zipCode: ' 01001000 ', complement: '  ', isDefault: 'on' });
    expect(parsed).toMatchObject({ name: 'Casa', zipCode: '01001000', complement: null, isDefault: true });
    expect(errors({ ...HOME, name: 'x'.repeat(61) }).name).toBe('Use no máximo 60 caracteres.');
  });

  it('validates the profile name and CPF/CNPJ with check digits', () => {
    const bad = profileSchema.safeParse({ name: '', taxId: '123.456.789-00' });
    expect(bad.success ? {} : fieldErrors(bad.error)).toEqual({ name: 'Informe seu nome.', taxId: 'CPF ou CNPJ inválido. Confira os números.' });
    expect(profileSchema.safeParse({ name: 'x'.repeat(121), taxId: '' }).success).toBe(false);
    expect(profileSchema.parse({ name: 'Ana', taxId: '  ' })).toEqual({ name: 'Ana', taxId: null });
  });
});
