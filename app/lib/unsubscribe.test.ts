import { describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_LISTS, UNSUBSCRIBE_TEXTS, unsubscribeTextFooter } from './unsubscribe';

describe('unsubscribe lists', () => {
  it('every list says why the e-mail came, what is left and that it is done, in pt-BR', () => {
    for (const list of UNSUBSCRIBE_LISTS) {
      expect(UNSUBSCRIBE_TEXTS[list].why).toMatch(/^Você recebeu este/);
      expect(UNSUBSCRIBE_TEXTS[list].done).toMatch(/^Pronto, você não receberá mais /);
      expect(UNSUBSCRIBE_TEXTS[list].what.length).toBeGreaterThan(10);
    }
  });

  it('the text footer ends with the link alone after the label, so mail clients make it clickable', () => {
    const footer = unsubscribeTextFooter('notifications', 'https://loja.clarear.test/descadastrar?t=a.b');
    expect(footer.split('\n')).toEqual([
      '—',
      'Você recebeu este aviso porque as notificações por e-mail estão ligadas na sua conta.',
      'Para não receber mais, descadastre-se: https://loja.clarear.test/descadastrar?t=a.b',
    ]);
  });
});
