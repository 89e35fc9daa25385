/**
 * MuseScore's measure-position file (`mscore3 -o X.mpos`): one `<element>` per stored bar, in
 * score order, with its PDF page (0-based), and one `<event>` per bar as it sounds, in playback
 * order with repeats unfolded, with its start in the rendered audio in milliseconds.
 */

export interface MposEvent {
  /** The bar's element id: its 0-based position in the score, so mc - 1. */
  elementId: number;
  /** Start of the bar in the audio, in milliseconds. */
  ms: number;
}

export interface MeasurePositions {
  /** The 0-based PDF page of each stored bar, by element id. */
  pages: number[];
  events: MposEvent[];
}

function attribute(tag: string, name: string): number {
  const match = new RegExp(`\\s${name}="(-?[\\d.]+)"`).exec(tag);
  if (!match) throw new Error(`.mpos: ${tag} has no ${name}`);
  return Number(match[1]);
}

export function parseMpos(xml: string): MeasurePositions {
  const pages: number[] = [];
  for (const [tag] of xml.matchAll(/<element\s[^>]*>/g)) {
    const id = attribute(tag, 'id');
    if (id !== pages.length) throw new Error(`.mpos: element ${id} out of order`);
    pages.push(attribute(tag, 'page'));
  }
  const events = [...xml.matchAll(/<event\s[^>]*>/g)].map(([tag]) => {
    const event = { elementId: attribute(tag, 'elid'), ms: attribute(tag, 'position') };
    if (event.elementId >= pages.length) throw new Error(`.mpos: no element ${event.elementId}`);
    return event;
  });
  if (events.length === 0) throw new Error('.mpos: no events');
  return { pages, events };
}
