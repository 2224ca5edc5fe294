// Zod speaks Brazilian Portuguese: any message a schema does not spell out
// (a crafted post can reach rules no form field names) is still pt-BR, never
// Zod's English default. Every module that builds a schema imports this first;
// zod-pt-br.test.ts keeps it that way.
import { z } from 'zod';
import { ptBR } from 'zod/locales';

z.config(ptBR());

// No JIT: Zod would otherwise probe `new Function` on first parse, which the store's CSP
// (no 'unsafe-eval') blocks and reports as a violation in the browser, even though Zod
// catches it. Parsing without it is a little slower and never noticeable on a form.
z.config({ jitless: true });
