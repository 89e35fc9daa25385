import { describe, expect, it } from 'vitest';
import { svFrame, svLayer, SV_SAMPLE_RATE, xmlAttribute } from './sv-layer';
import { readSvLayer } from './sv-layer.test-support';
import type { ExportItem } from './timeline-items';

const item = (start: number, end: number, label: string, level = 1): ExportItem => ({
  index: 0,
  kind: start === end ? 'MARKER' : 'HIERARCHY',
  start,
  end,
  point: start === end,
  label,
  comments: '',
  level,
});

const layerOf = (items: ExportItem[], spans = false) =>
  readSvLayer([...svLayer(items, { name: 'Form & "tonal" <plan>', spans })].join(''));

describe('Sonic Visualiser layers', () => {
  it('puts points in a one-dimensional sparse model shown as a Time Instants layer', () => {
    const layer = layerOf([item(1, 1, 'HC'), item(2.5, 2.5, 'PAC')]);
    expect(layer.model).toMatchObject({ type: 'sparse', dimensions: '1', dataset: '0' });
    expect(layer.model.sampleRate).toBe(String(SV_SAMPLE_RATE));
    expect(layer.dataset).toMatchObject({ id: '0', dimensions: '1' });
    expect(layer.layer).toMatchObject({ type: 'timeinstants', model: layer.model.id });
    expect(layer.layerInDisplay).toBe(true);
    expect(layer.points).toEqual([
      { frame: 44_100, label: 'HC', value: null, duration: null },
      { frame: 110_250, label: 'PAC', value: null, duration: null },
    ]);
  });

  it('puts spans in a region model, their level as the value, their length in frames', () => {
    const layer = layerOf([item(0, 20, 'P'), item(0, 40, 'Exposition', 2)]);
    expect(layer.model).toMatchObject({
      dimensions: '3',
      subtype: 'region',
      minimum: '1',
      maximum: '2',
    });
    expect(layer.layer.type).toBe('regions');
    expect(layer.points).toEqual([
      { frame: 0, label: 'P', value: 1, duration: svFrame(20) },
      { frame: 0, label: 'Exposition', value: 2, duration: svFrame(40) },
    ]);
  });

  it('keeps any label intact through XML, a cut surrogate becoming the replacement character', () => {
    const labels = ['a & b', '<i>', '"quoted" \'single\'', 'tab\there', 'line\nbreak', 'ü 🎵'];
    const layer = layerOf(labels.map((label, n) => item(n, n, label)));
    expect(layer.points.map((p) => p.label)).toEqual(labels);
    expect(layer.layer.name).toBe('Form & "tonal" <plan>');
    expect(
      readSvLayer([...svLayer([item(0, 0, 'cut \ud83c')], { name: 'x', spans: false })].join(''))
        .points[0]?.label,
    ).toBe('cut \ufffd');
    expect(xmlAttribute('\u0001')).toBe('\ufffd');
  });

  it('writes an empty layer of the kind the timeline would have', () => {
    expect(layerOf([], true).layer.type).toBe('regions');
    expect(layerOf([], false).layer.type).toBe('timeinstants');
    expect(layerOf([], true).points).toEqual([]);
  });
});
