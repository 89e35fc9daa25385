import type { MediaAdapter } from './media-adapter';

const YOUTUBE_API_URL = 'https://www.youtube.com/iframe_api';
/** SPEC.md section 9: an external player's progress is polled every 25 ms. */
const PROGRESS_INTERVAL_MS = 25;

interface YouTubePlayer {
  getCurrentTime(): number;
  getPlayerState(): number;
  playVideo(): void;
  pauseVideo(): void;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  setPlaybackRate(rate: number): void;
  destroy(): void;
}

interface YouTubeNamespace {
  Player: new (
    element: HTMLElement,
    options: {
      videoId: string;
      width?: number | string;
      height?: number | string;
      playerVars?: Record<string, number | string>;
      events?: { onReady?: () => void; onStateChange?: (event: { data: number }) => void };
    },
  ) => YouTubePlayer;
}

declare global {
  interface Window {
    YT?: YouTubeNamespace;
    onYouTubeIframeAPIReady?: () => void;
  }
}

const PLAYING = 1;
let apiPromise: Promise<YouTubeNamespace> | null = null;

/** Loads the IFrame API script once per page, and only when a YouTube file is opened. */
function loadYouTubeApi(): Promise<YouTubeNamespace> {
  if (window.YT?.Player) return Promise.resolve(window.YT);
  if (apiPromise) return apiPromise;
  apiPromise = new Promise((resolve, reject) => {
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      if (window.YT) resolve(window.YT);
    };
    const script = document.createElement('script');
    script.src = YOUTUBE_API_URL;
    script.async = true;
    script.dataset.testid = 'youtube-api-script';
    script.onerror = () => {
      apiPromise = null;
      script.remove();
      reject(new Error('The YouTube player could not be loaded.'));
    };
    document.head.appendChild(script);
  });
  return apiPromise;
}

/**
 * Embeds the YouTube IFrame player for `videoId` into `host`. Until the player is ready the clock
 * reads the last sought time, and play requests wait for it.
 */
export function youtubeAdapter(
  host: HTMLElement,
  videoId: string,
  start: number,
  onError: (message: string) => void,
): MediaAdapter {
  let player: YouTubePlayer | null = null;
  let ready = false;
  let disposed = false;
  let time = start;
  let playing = false;
  let playWhenReady = false;
  let rate = 1;
  const poll = window.setInterval(() => {
    if (!player || !ready) return;
    time = player.getCurrentTime();
    playing = player.getPlayerState() === PLAYING;
  }, PROGRESS_INTERVAL_MS);

  loadYouTubeApi()
    .then((YT) => {
      if (disposed) return;
      const target = document.createElement('div');
      host.replaceChildren(target);
      player = new YT.Player(target, {
        videoId,
        width: '100%',
        height: '100%',
        playerVars: { start: Math.floor(start), rel: 0, playsinline: 1 },
        events: {
          onReady: () => {
            ready = true;
            player?.seekTo(time, true);
            if (rate !== 1) player?.setPlaybackRate(rate);
            if (playWhenReady) player?.playVideo();
          },
          onStateChange: (event) => {
            playing = event.data === PLAYING;
          },
        },
      });
    })
    .catch((error: Error) => {
      if (!disposed) onError(error.message);
    });

  return {
    external: true,
    canPlay: true,
    currentTime: () => time,
    isPlaying: () => playing,
    play: () => {
      playing = true;
      if (ready) player?.playVideo();
      else playWhenReady = true;
    },
    pause: () => {
      playing = false;
      playWhenReady = false;
      if (ready) player?.pauseVideo();
    },
    seek: (t) => {
      time = t;
      if (ready) player?.seekTo(t, true);
    },
    setRate: (next) => {
      rate = next;
      if (ready) player?.setPlaybackRate(next);
    },
    dispose: () => {
      disposed = true;
      window.clearInterval(poll);
      player?.destroy();
      player = null;
      host.replaceChildren();
    },
  };
}
