// The fiscal vocabularies (lib/fiscal-codes) as the admin reads them, in Brazilian Portuguese: one
// home for the words the fiscal settings page, and any other page naming them, shows.
import type { FiscalRegime, NfeEnvironment, NfeIssueMoment, TaxBuyer, TaxDestination } from './fiscal-codes';

export const FISCAL_REGIME_LABELS: Readonly<Record<FiscalRegime, string>> = {
  simples: 'Simples Nacional',
  normal: 'Regime normal (lucro presumido ou real)',
};

export const NFE_ENVIRONMENT_LABELS: Readonly<Record<NfeEnvironment, string>> = {
  homologacao: 'Homologação — testes, sem valor fiscal',
  producao: 'Produção',
};

/** The environment in a sentence: 'ambiente de homologação'. */
export const NFE_ENVIRONMENT_SHORT: Readonly<Record<NfeEnvironment, string>> = {
  homologacao: 'homologação',
  producao: 'produção',
};

export const NFE_ISSUE_MOMENT_LABELS: Readonly<Record<NfeIssueMoment, string>> = {
  preparing: 'Ao iniciar a separação',
  paid: 'Assim que o pedido for pago',
};

export const TAX_DESTINATION_LABELS: Readonly<Record<TaxDestination, string>> = {
  same_state: 'Mesmo estado',
  other_state: 'Outro estado',
};

export const TAX_BUYER_LABELS: Readonly<Record<TaxBuyer, string>> = {
  consumer: 'Consumidor final',
  contributor: 'Contribuinte do ICMS',
  exempt: 'Contribuinte isento',
};

/** The ICMS situation's name under each regime: a CSOSN (3 digits) in the Simples, a CST (2 digits) otherwise. */
export const ICMS_SITUATION_LABELS: Readonly<Record<FiscalRegime, string>> = {
  simples: 'CSOSN',
  normal: 'CST ICMS',
};
