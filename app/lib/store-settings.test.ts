import { describe, expect, it } from 'vitest';
import { storeSettings } from '~/db/seed/data';
import { formatPhoneBR, fromStored, telHref, toPublicSettings, whatsappHref } from './store-settings';

describe('public settings', () => {
  it('shows the stored digits the Brazilian way and builds the links from them', () => {
    expect(formatPhoneBR('1140028922')).toBe('(11) 4002-8922');
    expect(formatPhoneBR('11940028922')).toBe('(11) 94002-8922');
    expect(telHref('1140028922')).toBe('tel:+551140028922');
    expect(whatsappHref('11940028922')).toBe('https://wa.me/5511940028922');
    expect(whatsappHref('11940028922', 'Olá! Tudo bem?')).toBe('https://wa.me/5511940028922?text=Ol%C3%A1!%20Tudo%20bem%3F');
  });

  it('gives the pages the seeded values as they were hard-coded, hiding empty social links', () => {
    const settings = toPublicSettings(fromStored(storeSettings, { title: '', subtitle: '', description: '' }));
    expect(settings.phone).toEqual({ label: '(11) 4002-8922', href: 'tel:+551140028922' });
    expect(settings.whatsapp).toEqual({
      label: '(11) 94002-8922',
      href: 'https://wa.me/5511940028922',
      chatHref: `https://wa.me/5511940028922?text=${encodeURIComponent('Olá! Vim pelo site da Clarear.')}`,
    });
    expect(settings.social).toEqual([
      { network: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/clarear.limpeza' },
      { network: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/clarear.limpeza' },
    ]);
  });
});
