import type { MediaAdapter } from './media-adapter';

/** An <audio> or <video> element the page renders; the adapter only drives and reads it. */
export function htmlMediaAdapter(element: HTMLMediaElement, start: number): MediaAdapter {
  let playing = !element.paused;
  const onPlay = () => (playing = true);
  const onPause = () => (playing = false);
  element.addEventListener('play', onPlay);
  element.addEventListener('pause', onPause);
  element.addEventListener('ended', onPause);
  const seekToStart = () => {
    if (start > 0 && element.currentTime < start) element.currentTime = start;
  };
  element.addEventListener('loadedmetadata', seekToStart, { once: true });
  return {
    external: false,
    canPlay: true,
    currentTime: () => element.currentTime,
    isPlaying: () => playing,
    play: () => {
      element.play().catch(() => {
        playing = false;
      });
      playing = true;
    },
    pause: () => {
      element.pause();
      playing = false;
    },
    seek: (time) => {
      element.currentTime = time;
    },
    setRate: (rate) => {
      element.preservesPitch = true;
      element.playbackRate = rate;
    },
    dispose: () => {
      element.removeEventListener('play', onPlay);
      element.removeEventListener('pause', onPause);
      element.removeEventListener('ended', onPause);
      element.removeEventListener('loadedmetadata', seekToStart);
      element.pause();
      // Drops the decoder and the network stream; leaving src set would keep them alive.
      element.removeAttribute('src');
      element.load();
    },
  };
}
