import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminSubscriptionActionSchema, assignSubscriptionSchema, removeSubscriptionSchema, subscriberPageSchema, subscriptionIdSchema } from './admin-subscription';
import { fieldErrors } from './field-errors';

describe('admin subscription schemas (assignment by e-mail)', () => {
  it('requires an e-mail, in e-mail format', () => {
    expect(fieldErrors(assignSubscriptionSchema.safeParse({}).error!).email).toBe('Informe o e-mail do usuário.');
    expect(fieldErrors(assignSubscriptionSchema.safeParse({ email: '   ' }).error!).email).toBe('Informe o e-mail do usuário.');
    for (const bad of ['maria', 'maria@', '@exemplo.com', 'maria exemplo@x.com']) {
      expect(fieldErrors(assignSubscriptionSchema.safeParse({ email: bad }).error!).email).toBe('Informe um e-mail válido.');
    }
    expect(fieldErrors(assignSubscriptionSchema.safeParse({ email: `${'a'.repeat(250)}@x.com` }).error!).email).toBe('E-mail muito longo.');
  });

  it('trims and lower-cases the e-mail (the lookup ignores case)', () => {
    expect(assignSubscriptionSchema.parse({ email: '  Maria.Souza@Exemplo.COM.br ' }).email).toBe('maria.souza@exemplo.com.br');
  });

  it('removes only by a well-formed subscription id', () => {
    const id = randomUUID();
    expect(removeSubscriptionSchema.parse({ subscriptionId: id }).subscriptionId).toBe(id);
    for (const bad of ['', '1', "1' or '1'='1", undefined]) {
      expect(fieldErrors(removeSubscriptionSchema.safeParse({ subscriptionId: bad }).error!).subscriptionId).toBe('Assinatura não encontrada.');
    }
  });

  it('reads ?pagina= as a page from 1, anything else as the first page', () => {
    expect(subscriberPageSchema.parse('3')).toBe(3);
    for (const other of [null, undefined, '', '0', '-2', '2.5', 'abc', '99999999999']) expect(subscriberPageSchema.parse(other)).toBe(1);
  });
});

describe('admin subscription detail (/admin/subscriptions/:id)', () => {
  it('takes only a uuid as the id', () => {
    const id = randomUUID();
    expect(subscriptionIdSchema.parse(id)).toBe(id);
    for (const bad of ['', 'abc', '1 or 1=1', `${id}x`]) expect(subscriptionIdSchema.safeParse(bad).success).toBe(false);
  });

  it('accepts pause and resume, anything else in pt-BR', () => {
    expect(adminSubscriptionActionSchema.parse({ intent: 'pause' })).toEqual({ intent: 'pause' });
    expect(adminSubscriptionActionSchema.parse({ intent: 'resume', extra: 'x' })).toEqual({ intent: 'resume' });
    for (const bad of [{}, { intent: 'cancel' }, { intent: 'PAUSE' }]) {
      expect(fieldErrors(adminSubscriptionActionSchema.safeParse(bad).error!).intent).toBe('Ação inválida. Recarregue a página e tente novamente.');
    }
  });
});
