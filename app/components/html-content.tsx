// Sanitized HTML from the database (blog posts, legal pages) with readable
// typography, its site-internal links navigating inside the app.
import { useNavigate } from 'react-router';
import { sameOriginPath } from '~/lib/redirect';

/** Article typography for the HTML (no typography plugin). */
const ARTICLE_HTML_CLASS = [
  'break-words text-base leading-relaxed text-slate-800 sm:text-lg dark:text-slate-200',
  '[&>:first-child]:mt-0 [&_p]:mt-5',
  '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 dark:[&_h2]:text-white',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-white',
  '[&_h4]:mt-6 [&_h4]:font-semibold [&_h4]:text-slate-900 dark:[&_h4]:text-white',
  '[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2 [&_li]:pl-1',
  '[&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white [&_b]:font-semibold',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-900 dark:[&_a]:text-brand-200 dark:[&_a:hover]:text-brand-100',
  '[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-500 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_hr]:my-10 [&_hr]:border-slate-200 dark:[&_hr]:border-slate-800',
  '[&_table]:mt-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm [&_caption]:mb-2 [&_caption]:text-left [&_caption]:font-semibold',
  '[&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-100 [&_th]:p-2 [&_th]:text-left [&_td]:border [&_td]:border-slate-300 [&_td]:p-2',
  'dark:[&_th]:border-slate-700 dark:[&_th]:bg-slate-800 dark:[&_td]:border-slate-700',
].join(' ');

export function HtmlContent({ html, className = '' }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (event: React.MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href');
    // Only a plain site path ('/blog/x'); anything else ('//host', '/\\host', 'https:…') the browser handles itself.
    const path = href?.startsWith('/') ? sameOriginPath(href, window.location.origin) : null;
    if (!anchor || !path || anchor.hasAttribute('rel')) return;
    event.preventDefault();
    void navigate(path);
  };
  // The HTML was sanitized on the server (app/server/infra/html.server.ts) before it reached the page.
  return <div className={`${className} ${ARTICLE_HTML_CLASS}`} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
