import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './html.server';

describe('sanitizeHtml', () => {
  it('keeps the article tags the blog and legal pages use', () => {
    const html =
      '<h2>Título</h2><h3>Sub</h3><h4>Menor</h4><p>Texto <strong>forte</strong>, <em>ênfase</em>, <b>b</b> e <i>i</i>.<br></p>' +
      '<ul><li>um</li></ul><ol><li>dois</li></ol><blockquote>citação</blockquote><hr>' +
      '<table><caption>Diluição</caption><thead><tr><th scope="col">Uso</th></tr></thead><tbody><tr><td colspan="2">1:10</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(
      '<h2>Título</h2><h3>Sub</h3><h4>Menor</h4><p>Texto <strong>forte</strong>, <em>ênfase</em>, <b>b</b> e <i>i</i>.<br /></p>' +
        '<ul><li>um</li></ul><ol><li>dois</li></ol><blockquote>citação</blockquote><hr />' +
        '<table><caption>Diluição</caption><thead><tr><th scope="col">Uso</th></tr></thead><tbody><tr><td colspan="2">1:10</td></tr></tbody></table>',
    );
  });

  it('removes script and style elements with their content', () => {
    const out = sanitizeHtml('<p>antes</p><script>alert(document.cookie)</script><style>body{display:none}</style><p>depois</p>');
    expect(out).toBe('<p>antes</p><p>depois</p>');
  });

  it('removes event handlers and the elements that carry them', () => {
    const out = sanitizeHtml('<p onclick="alert(1)" onmouseover="x()">oi</p><img src=x onerror="alert(1)"><svg onload="alert(1)"><circle/></svg>');
    expect(out).toBe('<p>oi</p>');
    expect(out).not.toMatch(/on\w+=/i);
  });

  it('removes style and class attributes', () => {
    expect(sanitizeHtml('<p style="background:url(javascript:alert(1))" class="x" id="y">oi</p>')).toBe('<p>oi</p>');
  });

  it('drops javascript:, data: and vbscript: links, however disguised', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\nscript:alert(1)',
      'java&#x09;script:alert(1)',
      '&#106;avascript:alert(1)',
      'javascript&colon;alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      'mailto:a@b.c',
    ]) {
      const out = sanitizeHtml(`<a href="${href}">clique</a>`);
      expect(out, href).toBe('<a>clique</a>');
    }
  });

  it('drops protocol-relative links, which leave the site', () => {
    expect(sanitizeHtml('<a href="//evil.example/x">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="/\\evil.example/x">x</a>')).toBe('<a>x</a>');
  });

  it('keeps relative links as they are, without rel', () => {
    expect(sanitizeHtml('<a href="/kits" target="_blank" rel="opener">Kits</a>')).toBe('<a href="/kits">Kits</a>');
    expect(sanitizeHtml('<a href="#secao">Seção</a>')).toBe('<a href="#secao">Seção</a>');
  });

  it('adds rel="noopener noreferrer" to absolute http(s) links and drops other attributes', () => {
    expect(sanitizeHtml('<a href="https://www.gov.br/anvisa" target="_blank" rel="opener" onclick="x()">Anvisa</a>')).toBe(
      '<a href="https://www.gov.br/anvisa" rel="noopener noreferrer">Anvisa</a>',
    );
    expect(sanitizeHtml('<a href="HTTP://example.com">x</a>')).toBe('<a href="HTTP://example.com" rel="noopener noreferrer">x</a>');
  });

  it('unwraps tags outside the list but keeps their text, escaped', () => {
    expect(sanitizeHtml('<h1>Grande</h1><div><span>texto</span></div><iframe src="https://evil.example"></iframe>')).toBe('Grandetexto');
    expect(sanitizeHtml('<p>1 &lt; 2 &amp; "aspas"</p>')).toBe('<p>1 &lt; 2 &amp; "aspas"</p>');
  });

  it('does not let a broken attribute escape into markup', () => {
    const out = sanitizeHtml('<a href="/x" title="a"><b>ok</b></a><p title=\'"><script>alert(1)</script>\'>t</p>');
    expect(out).not.toContain('<script');
    expect(out).toBe('<a href="/x"><b>ok</b></a><p>t</p>');
  });
});
