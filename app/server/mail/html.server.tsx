// The HTML part of every e-mail the store sends, built with React Email components: one layout
// (the Clarear wordmark as text — no remote image —, explicit colours on light backgrounds so a
// dark-mode client cannot turn it unreadable, a footer saying who sells and why it was sent), an
// order table, an address block and a button. The plain-text part is written separately, for
// reading; the mail worker ends it with the same seller lines (`withSellerFooter`).
// Who sells (Decreto 7.962/2013 art. 2: razão social, CNPJ, address) is read from the settings
// by the worker when it sends (outbox.server.ts), so every e-mail carries the current details.
import { Body, Button, Column, Container, Head, Heading, Hr, Html, Link, Preview, Row, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { Fragment, type ReactNode } from 'react';
import { formatCep } from '~/lib/cep';
import { formatPrice } from '~/lib/money';
import { sellerLines, type PublicSeller } from '~/lib/seller';
import { UNSUBSCRIBE_TEXTS, type UnsubscribeList } from '~/lib/unsubscribe';
import { getEnv } from '../infra/env.server';

const BRAND = '#0f766e';
const INK = '#0f172a';
const MUTED = '#475569';

export type EmailOrderLine = { quantity: number; name: string; size: string | null; unitPrice: string };
export type EmailTotals = { subtotal: string; discountLabel: string | null; discount: string; total: string };
export type EmailAddress = { recipientName: string; street: string; number: string; complement: string | null; neighborhood: string; city: string; state: string; zipCode: string };

export type EmailContent = {
  /** The line an inbox shows after the subject. */
  preview: string;
  heading: string;
  paragraphs: string[];
  /** A code to copy (Pix copia e cola, boleto line), shown in a box. */
  code?: { label: string; value: string };
  lines?: EmailOrderLine[];
  totals?: EmailTotals;
  address?: EmailAddress;
  button?: { label: string; url: string };
  /** Optional e-mails only (newsletter, reminders): why it came and the "Descadastrar" link, in the footer. */
  unsubscribe?: { list: UnsubscribeList; url: string };
};

/** The seller's lines the footer shows: none when no seller is given (or none is filled in yet). */
const linesOf = (seller: PublicSeller | undefined) => (seller ? sellerLines(seller) : []);

function Layout({ preview, unsubscribe, seller, children }: { preview: string; unsubscribe?: EmailContent['unsubscribe']; seller?: PublicSeller; children: ReactNode }) {
  const env = getEnv();
  const lines = linesOf(seller);
  return (
    <Html lang="pt-BR">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f1f5f9', color: INK, fontFamily: 'Arial, Helvetica, sans-serif', margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', borderRadius: 12, maxWidth: 560, padding: 32 }}>
          <Text style={{ color: BRAND, fontSize: 26, fontWeight: 700, letterSpacing: '-0.5px', margin: '0 0 16px' }}>Clarear</Text>
          {children}
          <Hr style={{ borderColor: '#e2e8f0', margin: '32px 0 16px' }} />
          <Text style={{ color: MUTED, fontSize: 12, lineHeight: '18px', margin: 0 }}>
            {lines.map((line) => (
              <Fragment key={line}>
                {line}
                <br />
              </Fragment>
            ))}
            {lines.length ? '' : 'Clarear Produtos de Limpeza · '}
            {env.STORE_EMAIL} · <Link href={env.publicUrl} style={{ color: BRAND }}>{env.publicUrl.replace(/^https?:\/\//, '')}</Link>
            <br />
            {unsubscribe ? (
              <>
                {UNSUBSCRIBE_TEXTS[unsubscribe.list].why}{' '}
                <Link href={unsubscribe.url} style={{ color: BRAND, textDecoration: 'underline' }}>
                  Descadastrar
                </Link>
              </>
            ) : (
              'Você recebeu este e-mail por causa da sua conta ou de um pedido na Clarear.'
            )}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

function OrderTable({ lines, totals }: { lines: EmailOrderLine[]; totals?: EmailTotals }) {
  const cell = { color: INK, fontSize: 14, padding: '6px 0' };
  return (
    <Section style={{ margin: '16px 0' }}>
      {lines.map((l, i) => (
        <Row key={i}>
          <Column style={cell}>
            {l.quantity}× {l.name}
            {l.size ? ` (${l.size})` : ''}
          </Column>
          <Column style={{ ...cell, textAlign: 'right', whiteSpace: 'nowrap' }}>{formatPrice(l.unitPrice)} cada</Column>
        </Row>
      ))}
      {totals ? (
        <>
          <Hr style={{ borderColor: '#e2e8f0' }} />
          <Row>
            <Column style={cell}>Subtotal</Column>
            <Column style={{ ...cell, textAlign: 'right' }}>{formatPrice(totals.subtotal)}</Column>
          </Row>
          {totals.discountLabel ? (
            <Row>
              <Column style={cell}>{totals.discountLabel}</Column>
              <Column style={{ ...cell, textAlign: 'right' }}>-{formatPrice(totals.discount)}</Column>
            </Row>
          ) : null}
          <Row>
            <Column style={cell}>Frete</Column>
            <Column style={{ ...cell, textAlign: 'right' }}>Grátis</Column>
          </Row>
          <Row>
            <Column style={{ ...cell, fontWeight: 700 }}>Total</Column>
            <Column style={{ ...cell, fontWeight: 700, textAlign: 'right' }}>{formatPrice(totals.total)}</Column>
          </Row>
        </>
      ) : null}
    </Section>
  );
}

function Email({ content, seller }: { content: EmailContent; seller: PublicSeller | undefined }) {
  const text = { color: INK, fontSize: 15, lineHeight: '22px', whiteSpace: 'pre-line' as const };
  return (
    <Layout preview={content.preview} unsubscribe={content.unsubscribe} seller={seller}>
      <Heading as="h1" style={{ color: INK, fontSize: 22, margin: '0 0 12px' }}>
        {content.heading}
      </Heading>
      {content.paragraphs.map((p, i) => (
        <Text key={i} style={text}>
          {p}
        </Text>
      ))}
      {content.code ? (
        <Section style={{ backgroundColor: '#f8fafc', border: '1px solid #e2e8f0', borderRadius: 8, padding: 12 }}>
          <Text style={{ ...text, fontWeight: 700, margin: '0 0 6px' }}>{content.code.label}</Text>
          <Text style={{ color: INK, fontFamily: 'monospace', fontSize: 13, margin: 0, wordBreak: 'break-all' }}>{content.code.value}</Text>
        </Section>
      ) : null}
      {content.lines ? <OrderTable lines={content.lines} totals={content.totals} /> : null}
      {content.address ? (
        <Section style={{ margin: '16px 0' }}>
          <Text style={{ ...text, fontWeight: 700, margin: 0 }}>Entrega para</Text>
          <Text style={{ ...text, margin: 0 }}>
            {content.address.recipientName}
            <br />
            {content.address.street}, {content.address.number}
            {content.address.complement ? ` — ${content.address.complement}` : ''}
            <br />
            {content.address.neighborhood} — {content.address.city}/{content.address.state}
            <br />
            {`CEP ${formatCep(content.address.zipCode)}`}
          </Text>
        </Section>
      ) : null}
      {content.button ? (
        <Button href={content.button.url} style={{ backgroundColor: BRAND, borderRadius: 8, color: '#ffffff', display: 'inline-block', fontSize: 15, fontWeight: 700, marginTop: 8, padding: '12px 20px' }}>
          {content.button.label}
        </Button>
      ) : null}
    </Layout>
  );
}

/**
 * The HTML part for this content (React escapes every text, names and addresses included), with
 * the seller in the footer (the mail worker always passes it).
 */
export function renderEmailHtml(content: EmailContent, seller?: PublicSeller): Promise<string> {
  return render(<Email content={content} seller={seller} />);
}

/** The text part as sent: the message, then the seller's lines, as the HTML footer shows them. */
export function withSellerFooter(text: string, seller: PublicSeller | undefined): string {
  const lines = linesOf(seller);
  return lines.length ? `${text}\n\n${lines.join('\n')}` : text;
}

const URL_LINE = /^(.*?)(https?:\/\/\S+)\s*$/;

/**
 * The HTML part's content of a message written as text (account, contact and plan e-mails): its
 * paragraphs in the layout, and the first link of the message as the button.
 */
export function textEmailContent(subject: string, text: string, unsubscribe?: EmailContent['unsubscribe']): EmailContent {
  const blocks = text.split(/\n{2,}/).map((b) => b.trim()).filter(Boolean);
  let button: EmailContent['button'];
  const paragraphs: string[] = [];
  for (const block of blocks) {
    const link = URL_LINE.exec(block);
    if (link && !button && !block.includes('\n')) {
      const label = link[1]!.replace(/[:\s]+$/, '').trim();
      button = { label: label || 'Abrir', url: link[2]! };
      continue;
    }
    paragraphs.push(block);
  }
  return { preview: paragraphs[1] ?? paragraphs[0] ?? subject, heading: subject.replace(/^Clarear:\s*/, ''), paragraphs, button, unsubscribe };
}

/**
 * The same HTML as `renderEmailHtml`, byte for byte, without React for the usual shapes. The mail
 * worker sends a job's thousands of e-mails (renewals, reminders, expired orders): React renders each shape of
 * the layout once (about 3 ms of CPU), and each e-mail fills its texts in, escaped the way React
 * escapes them. A shape is paragraphs, a button, an unsubscribe footer; content with a code box,
 * an order table or an address is rendered by React each time.
 */
export async function renderEmailHtmlFast(content: EmailContent, seller?: PublicSeller): Promise<string> {
  const lines = linesOf(seller);
  // A seller's text holding the slot mark (typed in Configurações) would break the template: React it is.
  if (content.code || content.lines || content.totals || content.address || lines.some((l) => l.includes(MARK))) return renderEmailHtml(content, seller);
  const { paragraphs, button, unsubscribe } = content;
  const env = getEnv();
  const key = JSON.stringify([paragraphs.length, button ? 1 : 0, unsubscribe?.list ?? '', env.publicUrl, env.STORE_EMAIL, lines]);
  let template = TEMPLATES.get(key);
  if (!template) {
    // The seller's details are part of a shape: an edit in Configurações makes new ones, so the old go.
    if (TEMPLATES.size >= MAX_TEMPLATES) TEMPLATES.clear();
    template = buildTemplate(paragraphs.length, Boolean(button), unsubscribe?.list, seller);
    TEMPLATES.set(key, template);
  }
  return fillTemplate(await template, content);
}

type Slot = 'preview' | 'heading' | 'button-url' | 'button-label' | 'unsubscribe' | number;
type Template = { parts: string[]; slots: Slot[] };

const TEMPLATES = new Map<string, Promise<Template>>();
/** A few dozen shapes are in use at once (paragraph counts × button × list). */
const MAX_TEMPLATES = 200;
/** A private-use character around each slot's name: never escaped by React, never in the store's texts. */
const MARK = '\uE000';
const slotToken = (name: string | number) => `${MARK}${name}${MARK}`;
/** @react-email/components' Preview: the text cut at 150 characters, padded with invisible characters. */
const PREVIEW_MAX_LENGTH = 150;
const PREVIEW_PADDING = '\u00a0\u200c\u200b\u200d\u200e\u200f\ufeff';

async function buildTemplate(paragraphCount: number, button: boolean, list: UnsubscribeList | undefined, seller: PublicSeller | undefined): Promise<Template> {
  const html = await renderEmailHtml(
    {
      preview: slotToken('preview'),
      heading: slotToken('heading'),
      paragraphs: Array.from({ length: paragraphCount }, (_, i) => slotToken(i)),
      button: button ? { label: slotToken('button-label'), url: slotToken('button-url') } : undefined,
      unsubscribe: list ? { list, url: slotToken('unsubscribe') } : undefined,
    },
    seller,
  );
  // The preview's padding depends on its length: the token and its padding become one slot.
  const padded = new RegExp(`${slotToken('preview')}(?:<div>[${PREVIEW_PADDING}]*</div>)?`);
  const pieces = html.replace(padded, slotToken('preview')).split(MARK);
  const parts: string[] = [];
  const slots: Slot[] = [];
  pieces.forEach((piece, i) => {
    if (i % 2 === 0) parts.push(piece);
    else slots.push(/^\d+$/.test(piece) ? Number(piece) : (piece as Slot));
  });
  if (parts.length !== slots.length + 1) throw new Error('modelo de e-mail inválido');
  return { parts, slots };
}

const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
/** React's escaping of text and attribute values. */
const escapeHtml = (value: string) => value.replace(/["&'<>]/g, (c) => ESCAPES[c]!);

function fillTemplate(template: Template, content: EmailContent): string {
  let out = template.parts[0]!;
  template.slots.forEach((slot, i) => {
    out += slotValue(slot, content) + template.parts[i + 1]!;
  });
  return out;
}

function slotValue(slot: Slot, content: EmailContent): string {
  if (typeof slot === 'number') return escapeHtml(content.paragraphs[slot] ?? '');
  switch (slot) {
    case 'preview': {
      const text = content.preview.substring(0, PREVIEW_MAX_LENGTH);
      return escapeHtml(text) + (text.length < PREVIEW_MAX_LENGTH ? `<div>${PREVIEW_PADDING.repeat(PREVIEW_MAX_LENGTH - text.length)}</div>` : '');
    }
    case 'heading':
      return escapeHtml(content.heading);
    case 'button-url':
      return escapeHtml(content.button?.url ?? '');
    case 'button-label':
      return escapeHtml(content.button?.label ?? '');
    case 'unsubscribe':
      return escapeHtml(content.unsubscribe?.url ?? '');
  }
}
