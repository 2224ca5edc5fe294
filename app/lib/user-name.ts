/** The header's account label: the first word of the user's name, or 'Conta'. */
export function firstNameOr(name: string | null | undefined, fallback: string): string {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : fallback;
}

/** 'Ana Maria Souza' → { first: 'Ana', last: 'Maria Souza' } (what payment gateways ask for). */
export function splitPersonName(name: string): { first: string; last: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}
