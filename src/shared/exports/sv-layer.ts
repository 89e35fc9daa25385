/**
 * Sonic Visualiser annotation layers (.svl, File > Import Annotation Layer): the XML that Sonic
 * Visualiser writes when it exports a layer, a model and its dataset in <data>, the layer that
 * shows it in <display>. Points (markers, beats) go in a sparse one-dimensional model shown as a
 * Time Instants layer; spans (hierarchy units, ranges, chords, keys, pages) in a region model
 * shown as a Regions layer, each region's value its level or row so that levels lie apart.
 * Times are sample frames, so the layer carries a sample rate of its own.
 */
import { ITEMS_PER_CHUNK } from './audacity-labels';
import type { ExportItem } from './timeline-items';

/** The rate frames are counted at; Sonic Visualiser maps them onto the recording's own rate. */
export const SV_SAMPLE_RATE = 44_100;

/** XML 1.0 has no place for most control characters or for a lone surrogate half. */
const NOT_IN_XML =
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text as an attribute value: escaped, and with tabs and line breaks kept as references. */
export function xmlAttribute(text: string): string {
  return text
    .replace(NOT_IN_XML, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

export function svFrame(seconds: number): number {
  return Math.round(seconds * SV_SAMPLE_RATE);
}

/** Whether a timeline's items go in a Regions layer (spans) or a Time Instants layer (points). */
export function svLayerType(items: readonly ExportItem[]): 'regions' | 'timeinstants' {
  return items.some((item) => !item.point) ? 'regions' : 'timeinstants';
}

export interface SvLayerOptions {
  /** The layer's name in Sonic Visualiser: the timeline's name. */
  name: string;
  /** For a timeline without components: which layer it would have been. */
  spans: boolean;
}

/** One timeline as a .svl file, a chunk of text at a time. */
export function* svLayer(items: readonly ExportItem[], options: SvLayerOptions): Generator<string> {
  const regions = items.length > 0 ? svLayerType(items) === 'regions' : options.spans;
  const name = xmlAttribute(options.name);
  const end = items.reduce((last, item) => Math.max(last, svFrame(item.end)), 0);
  // Folded rather than spread: a timeline can hold more items than a call takes arguments.
  const lowest = items.reduce((low, item) => Math.min(low, item.level), 1);
  const highest = items.reduce((high, item) => Math.max(high, item.level), 1);
  const model = regions
    ? `<model id="1" name="${name}" sampleRate="${SV_SAMPLE_RATE}" start="0" end="${end}" ` +
      `type="sparse" dimensions="3" resolution="1" notifyOnAdd="true" dataset="0" ` +
      `subtype="region" valueQuantization="0" minimum="${lowest}" ` +
      `maximum="${highest}" units="" />`
    : `<model id="1" name="${name}" sampleRate="${SV_SAMPLE_RATE}" start="0" end="${end}" ` +
      `type="sparse" dimensions="1" resolution="1" notifyOnAdd="true" dataset="0" />`;
  yield (
    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE sonic-visualiser>\n<sv>\n  <data>\n' +
    `    ${model}\n    <dataset id="0" dimensions="${regions ? 3 : 1}">\n`
  );
  const sorted = [...items].sort((a, b) => a.start - b.start || a.level - b.level);
  for (let first = 0; first < sorted.length; first += ITEMS_PER_CHUNK) {
    yield sorted
      .slice(first, first + ITEMS_PER_CHUNK)
      .map((item) => {
        const frame = svFrame(item.start);
        const label = xmlAttribute(item.label);
        return regions
          ? `      <point frame="${frame}" value="${item.level}" ` +
              `duration="${svFrame(item.end) - frame}" label="${label}" />\n`
          : `      <point frame="${frame}" label="${label}" />\n`;
      })
      .join('');
  }
  yield (
    '    </dataset>\n  </data>\n  <display>\n' +
    `    <layer id="2" type="${regions ? 'regions' : 'timeinstants'}" name="${name}" model="1" />\n` +
    '  </display>\n</sv>\n'
  );
}
