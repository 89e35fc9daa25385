import { DOMParser } from '@xmldom/xmldom';

export interface SvPoint {
  frame: number;
  label: string;
  value: number | null;
  duration: number | null;
}

/**
 * A .svl read with a maintained XML parser (which throws on text that is not well-formed XML):
 * its model, its layer and the points of its dataset.
 */
export function readSvLayer(xml: string) {
  const document = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`not well-formed XML: ${message}`);
    },
  }).parseFromString(xml, 'text/xml');
  const root = document.documentElement;
  if (!root || root.tagName !== 'sv') throw new Error('the root element is not <sv>');
  const model = root.getElementsByTagName('model')[0];
  const dataset = root.getElementsByTagName('dataset')[0];
  const layer = root.getElementsByTagName('layer')[0];
  if (!model || !dataset || !layer) throw new Error('a model, a dataset and a layer are needed');
  const numberOr = (text: string | null) => (text === null || text === '' ? null : Number(text));
  const points: SvPoint[] = Array.from(dataset.getElementsByTagName('point')).map((point) => ({
    frame: Number(point.getAttribute('frame')),
    label: point.getAttribute('label') ?? '',
    value: numberOr(point.getAttribute('value')),
    duration: numberOr(point.getAttribute('duration')),
  }));
  const attributes = (element: typeof model) =>
    Object.fromEntries(Array.from(element.attributes).map((a) => [a.name, a.value]));
  return {
    model: attributes(model),
    dataset: attributes(dataset),
    layer: attributes(layer),
    layerInDisplay: layer.parentNode?.nodeName === 'display',
    points,
  };
}
