/**
 * The example analyses on the home page (SPEC.md section 2): six Mozart piano sonatas, three
 * movements each, with the file ids the server seeds. Ids are not consecutive for K310 and K330.
 */
export interface ExampleMovement {
  numeral: 'I' | 'II' | 'III';
  fileId: number;
}

export interface ExampleSonata {
  number: number;
  catalogue: string;
  key: string;
  movements: readonly [ExampleMovement, ExampleMovement, ExampleMovement];
}

function movements(first: number, second: number, third: number): ExampleSonata['movements'] {
  return [
    { numeral: 'I', fileId: first },
    { numeral: 'II', fileId: second },
    { numeral: 'III', fileId: third },
  ];
}

export const exampleSonatas: readonly ExampleSonata[] = [
  { number: 6, catalogue: 'K284', key: 'D major', movements: movements(135, 136, 137) },
  { number: 7, catalogue: 'K309', key: 'C major', movements: movements(138, 139, 140) },
  { number: 8, catalogue: 'K310', key: 'A minor', movements: movements(141, 154, 143) },
  { number: 9, catalogue: 'K311', key: 'D major', movements: movements(144, 145, 146) },
  { number: 10, catalogue: 'K330', key: 'C major', movements: movements(147, 155, 153) },
  { number: 11, catalogue: 'K331', key: 'A major', movements: movements(150, 151, 152) },
];
