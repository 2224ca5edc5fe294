// The e-mail lists a person can leave with one click (issue 16): what each one is, in pt-BR, for
// the e-mail's footer, the /descadastrar page and the success answer. Everything else the store
// sends (orders, payments, account e-mails) is about the customer's money or account and always goes.

export const UNSUBSCRIBE_LISTS = ['newsletter', 'notifications', 'stock_alert', 'cart_reminder'] as const;
export type UnsubscribeList = (typeof UNSUBSCRIBE_LISTS)[number];

export const UNSUBSCRIBE_TEXTS: Record<UnsubscribeList, { why: string; what: string; done: string }> = {
  newsletter: {
    why: 'Você recebeu este e-mail porque se inscreveu na newsletter da Clarear.',
    what: 'a newsletter da Clarear (novidades, dicas de limpeza e ofertas)',
    done: 'Pronto, você não receberá mais a newsletter da Clarear.',
  },
  notifications: {
    why: 'Você recebeu este aviso porque as notificações por e-mail estão ligadas na sua conta.',
    what: 'os lembretes por e-mail da sua assinatura e das entregas programadas',
    done: 'Pronto, você não receberá mais os lembretes por e-mail da Clarear.',
  },
  // One "Avise-me quando chegar" request (issue 36): leaving it cancels that request only.
  stock_alert: {
    why: 'Você recebeu este e-mail porque pediu para ser avisado quando este produto voltasse ao estoque.',
    what: 'o aviso de volta ao estoque deste produto',
    done: 'Pronto, você não receberá mais avisos de estoque deste produto.',
  },
  // "Lembretes de carrinho" (issue 36): leaving turns the account's preference off (singular, as
  // stock_alert: the page-weight check refuses a table's name, cart_reminders, in a client chunk).
  cart_reminder: {
    why: 'Você recebeu este e-mail porque ligou os lembretes de carrinho na sua conta da Clarear.',
    what: 'os lembretes por e-mail do carrinho que você deixou na loja',
    done: 'Pronto, você não receberá mais lembretes de carrinho da Clarear.',
  },
};

/** The line appended to the plain-text part of an optional e-mail. */
export function unsubscribeTextFooter(list: UnsubscribeList, url: string): string {
  return `—\n${UNSUBSCRIBE_TEXTS[list].why}\nPara não receber mais, descadastre-se: ${url}`;
}
