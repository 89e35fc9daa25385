/**
 * TQL's `fold` (TQL.md section 5): NFD, full Unicode case folding, NFC. JavaScript has no case
 * folding; upper-casing first applies the full mappings (ß -> SS), lower-casing then gives the
 * folded letters, and final sigma is folded to sigma as CaseFolding.txt does.
 */
export function fold(text: string): string {
  return text.normalize('NFD').toUpperCase().toLowerCase().replace(/ς/g, 'σ').normalize('NFC');
}

/**
 * A label's categories (TQL.md section 2): the whole trimmed label folded, or under the de Clercq
 * grammar its parts (qualifiers removed, split at '/', trailing '?' and one number dropped).
 */
export function labelCategories(label: string, grammar: 'whole' | 'de Clercq'): string[] {
  const trimmed = label.normalize('NFC').trim();
  if (grammar === 'whole') return trimmed === '' ? [] : [fold(trimmed)];
  const categories: string[] = [];
  for (const part of trimmed.replace(/\[[^\]]*\]/g, '').split('/')) {
    let category = part.replace(/\s+/g, ' ').trim().replace(/\?+$/, '');
    category = category.replace(/\s+\d+$/, '').replace(/\?+$/, '');
    const folded = fold(category);
    if (folded !== '' && !categories.includes(folded)) categories.push(folded);
  }
  return categories;
}
