/** Example queries of the query page: each answers on the seeded Mozart examples (a test says so). */
export const QUERY_EXAMPLES: readonly { query: string; about: string }[] = [
  { query: 'PAC IN cadences ENDS * IN Phrases', about: 'Every PAC that ends a phrase' },
  { query: 'V7 THEN I IN harmony', about: 'V7 then I' },
  {
    query: 'V7[key ~ /^[a-g]/] THEN i IN harmony WHERE file.composer ~ /Mozart/',
    about: 'V7 then i in minor keys, in Mozart',
  },
  {
    query: 'HC IN cadences BEFORE PAC IN cadences WITHIN 8 bars',
    about: 'Half cadences followed within 8 bars by a PAC',
  },
  { query: '* IN keys WHERE mode = minor', about: 'Minor keys' },
];
