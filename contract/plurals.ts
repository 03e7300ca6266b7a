/*
 * How each language makes the plural of a tenant's word ("Store" → "Stores", "Espacio de trabajo"
 * → "Espacios de trabajo"), for the language table (languages.ts).
 */

export function pluralEn(term: string): string {
  if (/[^aeiou]y$/i.test(term)) return `${term.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(term)) return `${term}es`;
  return `${term}s`;
}

/** Spanish: the first word takes the plural ("Espacio de trabajo" → "Espacios de trabajo"). */
export function pluralEs(term: string): string {
  const [first = '', ...rest] = term.split(' ');
  const plural = /[aeiouáéó]$/i.test(first)
    ? `${first}s`
    : /z$/i.test(first)
      ? `${first.slice(0, -1)}ces`
      : `${first}es`;
  return [plural, ...rest].join(' ');
}

/** French: "Magasin" → "Magasins", "Local" → "Locaux", "Bureau" → "Bureaux", "Pays" stays. */
export function pluralFr(term: string): string {
  const [first = '', ...rest] = term.split(' ');
  const plural = /[sxz]$/i.test(first)
    ? first
    : /al$/i.test(first)
      ? `${first.slice(0, -2)}aux`
      : /(au|eu)$/i.test(first)
        ? `${first}x`
        : `${first}s`;
  return [plural, ...rest].join(' ');
}
