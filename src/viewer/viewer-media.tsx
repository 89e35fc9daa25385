import type { MutableRefObject, RefObject } from 'react';
import type { ViewerHeader } from '../shared/viewer-layout/viewer-document';
import { mediaUrl } from './viewer-data';
import { VIDEO_WIDTHS, type VideoSize } from './viewer-toolbar';

interface ViewerMediaProps {
  work: ViewerHeader['concreteWork'];
  mediaBaseUrl: string;
  videoId: string | null;
  videoSize: VideoSize;
  mediaRef: MutableRefObject<HTMLMediaElement | null>;
  youtubeRef: RefObject<HTMLDivElement | null>;
}

/** The recording: an audio or video element for stored media, or the YouTube player's box. */
export function ViewerMedia({
  work,
  mediaBaseUrl,
  videoId,
  videoSize,
  mediaRef,
  youtubeRef,
}: ViewerMediaProps) {
  const storage = work.storage;
  const mediaSrc = storage === 'staticfiles' ? mediaUrl(mediaBaseUrl, work.url) : '';
  return (
    <div className="viewer-media" data-storage={storage}>
      {storage === 'staticfiles' && work.type === 'video' && (
        <video
          ref={(element) => void (mediaRef.current = element)}
          src={mediaSrc}
          preload="auto"
          width={VIDEO_WIDTHS[videoSize]}
          aria-label="Recording"
        />
      )}
      {storage === 'staticfiles' && work.type !== 'video' && (
        <audio
          ref={(element) => void (mediaRef.current = element)}
          src={mediaSrc}
          preload="auto"
          aria-label="Recording"
        />
      )}
      {storage === 'youtube' && (
        <div
          className="viewer-youtube"
          ref={youtubeRef}
          data-testid="youtube-player"
          data-video-id={videoId ?? ''}
          style={{ width: VIDEO_WIDTHS[videoSize], aspectRatio: '16 / 9' }}
        />
      )}
    </div>
  );
}
