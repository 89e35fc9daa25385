import { describe, expect, it } from 'vitest';
import { defaultReleasesBaseUrl, releaseDownloads } from './release-downloads';

describe('releaseDownloads', () => {
  it('names the four desktop builds as the build workflow does', () => {
    const downloads = releaseDownloads('0.5.12', defaultReleasesBaseUrl);
    expect(downloads.map((d) => d.url)).toEqual([
      'https://github.com/TimeLineAnnotator/desktop/releases/download/v0.5.12/tilia-0.5.12-win.exe',
      'https://github.com/TimeLineAnnotator/desktop/releases/download/v0.5.12/tilia-0.5.12-mac-intel.zip',
      'https://github.com/TimeLineAnnotator/desktop/releases/download/v0.5.12/tilia-0.5.12-mac-silicon.zip',
      'https://github.com/TimeLineAnnotator/desktop/releases/download/v0.5.12/tilia-0.5.12-linux',
    ]);
    expect(downloads.map((d) => d.platform)).toEqual([
      'windows',
      'mac-intel',
      'mac-silicon',
      'linux',
    ]);
  });

  it('uses a configured base URL, with or without a trailing slash', () => {
    const [windows] = releaseDownloads('1.0.0', 'https://downloads.example.org/tilia/');
    expect(windows?.url).toBe('https://downloads.example.org/tilia/v1.0.0/tilia-1.0.0-win.exe');
    expect(windows?.fileName).toBe('tilia-1.0.0-win.exe');
  });

  it('falls back to the default base URL when the configured one is blank', () => {
    const [windows] = releaseDownloads('0.5.12', '  ');
    expect(windows?.url.startsWith(`${defaultReleasesBaseUrl}/v0.5.12/`)).toBe(true);
  });
});
