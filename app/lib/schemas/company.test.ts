import { describe, expect, it } from 'vitest';
import { COMPANY_MESSAGES, creditStatusText, invitationExpiry, invitationState, INVITATION_DAYS } from '../companies';
import { COMPANY_FORM_MESSAGES, companyEditSchema, companyInvitationSchema, companyRegistrationSchema, creditDecisionSchema } from './company';
import { fieldErrors } from './field-errors';
import { IE_MESSAGES } from './state-registration';

describe('companyRegistrationSchema', () => {
  it('takes a numeric CNPJ with its mask, stores 14 characters and the IE digits', () => {
    const r = companyRegistrationSchema.parse({ taxId: '11.222.333/0001-81', legalName: '  Limpa  Tudo Ltda ', tradeName: 'Limpa Tudo', ieIndicator: '1', stateRegistration: '110.042.490.114' });
    expect(r).toEqual({ taxId: '11222333000181', legalName: 'Limpa Tudo Ltda', tradeName: 'Limpa Tudo', ieIndicator: 1, stateRegistration: '110042490114' });
  });

  it('takes an alphanumeric CNPJ', () => {
    const r = companyRegistrationSchema.parse({ taxId: '12.abc.345/01de-35', legalName: 'Metalúrgica X', ieIndicator: '9' });
    expect(r.taxId).toBe('12ABC34501DE35');
    expect(r).toMatchObject({ ieIndicator: 9, stateRegistration: null, tradeName: '' });
  });

  it('refuses a CPF, a wrong check digit, a missing IE choice and "isento" typed as an IE, in pt-BR', () => {
    const errors = (v: object) => fieldErrors(companyRegistrationSchema.safeParse(v).error!);
    expect(errors({ taxId: '529.982.247-25', legalName: 'Ab', ieIndicator: '9' }).taxId).toBe(COMPANY_FORM_MESSAGES.cnpj);
    expect(errors({ taxId: '11.222.333/0001-82', legalName: 'Ab', ieIndicator: '9' }).taxId).toBe(COMPANY_FORM_MESSAGES.cnpj);
    expect(errors({ taxId: '11.222.333/0001-81', legalName: 'A' })).toEqual({ legalName: COMPANY_FORM_MESSAGES.legalName, ieIndicator: IE_MESSAGES.indicator });
    expect(errors({ taxId: '11.222.333/0001-81', legalName: 'Abc', ieIndicator: '1', stateRegistration: 'isento' }).stateRegistration).toBe(IE_MESSAGES.isento);
  });

  it('an isento company keeps no IE digits', () => {
    expect(companyRegistrationSchema.parse({ taxId: '11222333000181', legalName: 'Abc', ieIndicator: '2', stateRegistration: '123' })).toMatchObject({ ieIndicator: 2, stateRegistration: null });
  });
});

describe('companyEditSchema and companyInvitationSchema', () => {
  it('edits without the CNPJ, with the version read', () => {
    expect(companyEditSchema.parse({ legalName: 'Nova Razão', ieIndicator: '9', version: '3' })).toEqual({ legalName: 'Nova Razão', tradeName: '', ieIndicator: 9, stateRegistration: null, version: 3 });
  });
  it('keeps an invitation e-mail in lower case', () => {
    expect(companyInvitationSchema.parse({ email: ' Ana@Empresa.COM.br ' })).toEqual({ email: 'ana@empresa.com.br' });
    expect(fieldErrors(companyInvitationSchema.safeParse({ email: 'ana' }).error!).email).toBe(COMPANY_FORM_MESSAGES.email);
  });
});

describe('creditDecisionSchema', () => {
  it('approves with a limit in reais and a term of 14, 21 or 28 days', () => {
    expect(creditDecisionSchema.parse({ decision: 'approve', creditLimit: '5.000,00', creditTermDays: '28', version: '0' })).toEqual({ decision: 'approve', creditLimit: '5000.00', creditTermDays: 28, note: null, version: 0 });
    const bad = fieldErrors(creditDecisionSchema.safeParse({ decision: 'approve', creditLimit: '0', creditTermDays: '30', version: '0' }).error!);
    expect(bad).toEqual({ creditLimit: COMPANY_FORM_MESSAGES.creditLimitPositive, creditTermDays: COMPANY_FORM_MESSAGES.term });
  });
  it('refuses only with a note', () => {
    expect(fieldErrors(creditDecisionSchema.safeParse({ decision: 'refuse', note: ' ', version: '1' }).error!).note).toBe(COMPANY_FORM_MESSAGES.note);
    expect(creditDecisionSchema.parse({ decision: 'refuse', note: 'Sem histórico', version: '1' })).toEqual({ decision: 'refuse', note: 'Sem histórico', version: 1 });
  });
});

describe('invitations and credit texts', () => {
  it('an invitation lasts INVITATION_DAYS, then is expired; revoked and accepted ones say so', () => {
    const sent = new Date('2026-11-01T12:00:00Z');
    const expiresAt = invitationExpiry(sent);
    expect(expiresAt.getTime() - sent.getTime()).toBe(INVITATION_DAYS * 86_400_000);
    expect(invitationState({ expiresAt, acceptedAt: null, revokedAt: null }, new Date(expiresAt.getTime() - 1))).toBe('pending');
    expect(invitationState({ expiresAt, acceptedAt: null, revokedAt: null }, expiresAt)).toBe('expired');
    expect(invitationState({ expiresAt, acceptedAt: null, revokedAt: sent }, sent)).toBe('revoked');
    expect(invitationState({ expiresAt, acceptedAt: sent, revokedAt: null }, sent)).toBe('accepted');
  });
  it('tells the credit status in pt-BR', () => {
    const money = (v: string) => `R$ ${v}`;
    expect(creditStatusText({ creditStatus: 'approved', creditLimit: '5000.00', creditTermDays: 28, creditNote: null }, money)).toBe('Aprovado com limite de R$ 5000.00 e prazo de 28 dias.');
    expect(creditStatusText({ creditStatus: 'refused', creditLimit: null, creditTermDays: null, creditNote: 'Sem histórico' }, money)).toBe('Recusado: Sem histórico');
    expect(COMPANY_MESSAGES.duplicate).not.toMatch(/@/);
  });
});
