// Zod speaks Brazilian Portuguese: any message a schema does not spell out
// (a crafted post can reach rules no form field names) is still pt-BR, never
// Zod's English default. Every module that builds a schema imports this first;
// zod-pt-br.test.ts keeps it that way.
import { z } from 'zod';
import { ptBR } from 'zod/locales';

z.config(ptBR());
