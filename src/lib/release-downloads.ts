/**
 * Desktop download links. File names follow the desktop build workflow
 * (.github/workflows/build.yml: `tilia-<version>-<os><ext>`), published under `v<version>/`.
 */
export const defaultReleasesBaseUrl =
  'https://github.com/TimeLineAnnotator/desktop/releases/download';

export type DesktopPlatform = 'windows' | 'mac-intel' | 'mac-silicon' | 'linux';

export interface ReleaseDownload {
  platform: DesktopPlatform;
  label: string;
  detail: string;
  fileName: string;
  url: string;
}

interface PlatformBuild {
  platform: DesktopPlatform;
  label: string;
  detail: string;
  suffix: string;
}

// The Linux build is a bare executable, so it has no extension.
const platformBuilds: readonly PlatformBuild[] = [
  { platform: 'windows', label: 'Windows', detail: '.exe, no installer', suffix: 'win.exe' },
  {
    platform: 'mac-intel',
    label: 'macOS (Intel)',
    detail: '.zip, macOS 13+',
    suffix: 'mac-intel.zip',
  },
  {
    platform: 'mac-silicon',
    label: 'macOS (Apple Silicon)',
    detail: '.zip, macOS 13+',
    suffix: 'mac-silicon.zip',
  },
  { platform: 'linux', label: 'Linux', detail: 'single executable', suffix: 'linux' },
];

export function releaseDownloads(version: string, baseUrl: string): ReleaseDownload[] {
  const base = (baseUrl.trim() || defaultReleasesBaseUrl).replace(/\/+$/, '');
  return platformBuilds.map(({ platform, label, detail, suffix }) => {
    const fileName = `tilia-${version}-${suffix}`;
    return { platform, label, detail, fileName, url: `${base}/v${version}/${fileName}` };
  });
}

/** The base URL configured at build time (VITE_RELEASES_BASE_URL), or GitHub's release assets. */
export function configuredReleasesBaseUrl(): string {
  return import.meta.env.VITE_RELEASES_BASE_URL ?? defaultReleasesBaseUrl;
}
