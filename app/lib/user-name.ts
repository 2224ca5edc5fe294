/** The header's account label: the first word of the user's name, or 'Conta'. */
export function firstNameOr(name: string | null | undefined, fallback: string): string {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : fallback;
}
