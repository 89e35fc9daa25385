import { expect, type APIRequestContext } from '@playwright/test';
import { registerByApi } from './accounts';

/** A mono 16-bit PCM WAV of `seconds`, silent but for a short click every half second. */
export function clicksWav(seconds: number, sampleRate = 8000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const sinceClick = i % (sampleRate / 2);
    const value = sinceClick < 40 ? Math.round(20000 * Math.sin(sinceClick / 3)) : 0;
    data.writeInt16LE(value, i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A desktop-format .tla with a beat and a marker timeline over `seconds` of media. */
export function tlaFor(mediaPath: string, title: string, seconds: number): Buffer {
  const beats: Record<string, unknown> = {};
  for (let i = 0; i < seconds * 2; i++) beats[String(10 + i)] = { time: i / 2, kind: 'BEAT' };
  const document = {
    file_path: '',
    media_path: mediaPath,
    media_metadata: {
      title,
      notes: '',
      'media length': seconds,
      composer: 'Test Composer',
      performer: 'Test Performer',
    },
    timelines: {
      '0': {
        kind: 'BEAT_TIMELINE',
        beat_pattern: [2],
        measure_numbers: [],
        beats_in_measure: [],
        measures_to_force_display: [],
        height: 35,
        is_visible: true,
        name: 'Beats',
        ordinal: 1,
        components: beats,
      },
      '1': {
        kind: 'MARKER_TIMELINE',
        name: 'Markers',
        height: 30,
        is_visible: true,
        ordinal: 2,
        components: {
          '2': { time: 1, comments: '', label: 'one', color: '#cc0000', kind: 'MARKER' },
        },
      },
    },
    app_name: 'TiLiA',
    version: '0.5.14',
  };
  return Buffer.from(JSON.stringify(document, null, 2));
}

/** Registers a user, logs in and uploads public files; returns the new file's id. */
export async function uploadPublic(
  request: APIRequestContext,
  username: string,
  files: { name: string; mimeType: string; buffer: Buffer }[],
): Promise<number> {
  const password = 'a-Long-and-Unusual-passw0rd';
  await registerByApi(request, username, password, { firstname: 'Ada', lastname: 'Viewer' });
  const token = await request.post('/api/v1/token/', { data: { username, password } });
  expect(token.status()).toBe(200);
  const { access } = (await token.json()) as { access: string };
  // Playwright's multipart object takes one value per name; a FormData carries repeated parts.
  const form = new FormData();
  form.append('is_public', 'true');
  for (const file of files) {
    form.append(
      'file',
      new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }),
      file.name,
    );
  }
  const response = await request.fetch('/api/v1/upload/', {
    method: 'POST',
    headers: { Authorization: `Bearer ${access}` },
    multipart: form,
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { files: { id: number }[] };
  return body.files[0]!.id;
}
