import { useEffect, useState, type ReactNode, type Ref } from 'react';

import type { VideoSize } from './viewer-page-text';
import { PLAYBACK_RATES } from './playback-rules';

export { VIDEO_WIDTHS, type VideoSize } from './viewer-page-text';

interface ToolbarProps {
  canPlay: boolean;
  playing: boolean;
  isVideo: boolean;
  videoSize: VideoSize;
  clockRef: Ref<HTMLOutputElement>;
  initialClock: string;
  onPlayPause: () => void;
  onStop: () => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFit: () => void;
  onVideoSize: (size: VideoSize) => void;
  /** Copies the link; says what became of it ('Link copied'), or null when there is none. */
  onCopyLink: () => Promise<string | null>;
  /** Goes to a bar by its printed number; says why not when it cannot ('No bar 99'). */
  onGoToBar: ((number: number) => Promise<string | null>) | null;
  /** Playback speed (pitch kept), one of PLAYBACK_RATES. */
  rate: number;
  onRate: (rate: number) => void;
  /** Whether a component is selected, whose span a loop would play. */
  canLoop: boolean;
  looping: boolean;
  onLoop: () => void;
}

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  );
}

/** One icon button: its accessible name, its tooltip (the name and the key, if any). */
function ToolbarButton(props: {
  label: string;
  title?: string;
  onClick: () => void;
  /** A toggle's state (aria-pressed); a plain button leaves it out. */
  pressed?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="viewer-icon-button"
      aria-label={props.label}
      aria-pressed={props.pressed}
      disabled={props.disabled}
      title={props.title ?? props.label}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}

const PLAY = 'M5 3l12 7-12 7z';
const PAUSE = 'M5 3h4v14H5zM11 3h4v14h-4z';
const STOP = 'M4 4h12v12H4z';
const ZOOM_IN = 'M9 4h2v5h5v2h-5v5H9v-5H4V9h5z';
const ZOOM_OUT = 'M4 9h12v2H4z';
const FIT = 'M2 4h6v2H4v2H2zM12 4h6v4h-2V6h-4zM2 12h2v2h4v2H2zM16 12h2v4h-6v-2h4z';
const LINK = 'M8.5 11.5l3-3M7 9l-2 2a2.8 2.8 0 004 4l2-2M13 11l2-2a2.8 2.8 0 00-4-4L9 7';
const LOOP = 'M4 9V8a3 3 0 013-3h8l-2.5-2.5M16 11v1a3 3 0 01-3 3H5l2.5 2.5';

/** A line icon (drawn with the stroke, not filled). */
function LineIcon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** How long the link button's message stays, in milliseconds. */
const COPIED_MS = 2500;

/** The media toolbar: play/pause, stop, elapsed / total, zoom, fit and (for video) the size. */
export function ViewerToolbar(props: ToolbarProps) {
  const [notice, setNotice] = useState('');
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(''), COPIED_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  const [bar, setBar] = useState('');
  const goToBar = props.onGoToBar;
  return (
    <div className="viewer-toolbar" role="toolbar" aria-label="Media and zoom">
      {props.canPlay && (
        <>
          <ToolbarButton
            label={props.playing ? 'Pause' : 'Play'}
            title={props.playing ? 'Pause (space)' : 'Play (space)'}
            onClick={props.onPlayPause}
          >
            <Icon path={props.playing ? PAUSE : PLAY} />
          </ToolbarButton>
          <ToolbarButton label="Stop" onClick={props.onStop}>
            <Icon path={STOP} />
          </ToolbarButton>
          <ToolbarButton
            label="Loop the selection"
            title={
              props.looping
                ? 'Loop the selection (on: Stop or this button ends it)'
                : 'Loop the selection (or Shift+drag a passage on the time ruler)'
            }
            pressed={props.looping}
            disabled={!props.canLoop && !props.looping}
            onClick={props.onLoop}
          >
            <LineIcon path={LOOP} />
          </ToolbarButton>
          <label className="viewer-speed">
            <span>Speed</span>
            <select
              aria-label="Playback speed"
              value={String(props.rate)}
              onChange={(event) => props.onRate(Number(event.target.value))}
            >
              {PLAYBACK_RATES.map((rate) => (
                <option key={rate} value={String(rate)}>
                  {`${rate}×`}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      <output className="viewer-clock" ref={props.clockRef} aria-label="Elapsed / total time">
        {props.initialClock}
      </output>
      <span className="viewer-toolbar__spacer" />
      <ToolbarButton label="Zoom in" title="Zoom in (+)" onClick={props.onZoomIn}>
        <Icon path={ZOOM_IN} />
      </ToolbarButton>
      <ToolbarButton label="Zoom out" title="Zoom out (−)" onClick={props.onZoomOut}>
        <Icon path={ZOOM_OUT} />
      </ToolbarButton>
      <ToolbarButton label="Fit to screen" onClick={props.onFit}>
        <Icon path={FIT} />
      </ToolbarButton>
      <ToolbarButton
        label="Copy a link to this position"
        onClick={() => void props.onCopyLink().then((said) => setNotice(said ?? ''))}
      >
        <LineIcon path={LINK} />
      </ToolbarButton>
      {goToBar && (
        <form
          className="viewer-bar"
          onSubmit={(event) => {
            event.preventDefault();
            const number = /^\s*\d{1,6}\s*$/.test(bar) ? Number(bar) : null;
            if (number === null) setNotice('Type a bar number');
            else void goToBar(number).then((said) => setNotice(said ?? ''));
          }}
        >
          <label>
            <span>Bar</span>
            <input
              type="text"
              inputMode="numeric"
              size={4}
              value={bar}
              onChange={(event) => setBar(event.target.value)}
              aria-label="Go to bar"
              title="Go to bar (Enter again: its next playing through a repeat)"
            />
          </label>
        </form>
      )}
      <span className="viewer-copied" role="status" data-testid="link-status">
        {notice}
      </span>
      {props.isVideo && (
        <label className="viewer-size">
          <span>Video size</span>
          <select
            value={props.videoSize}
            onChange={(event) => props.onVideoSize(event.target.value as VideoSize)}
          >
            <option value="small">Small</option>
            <option value="medium">Medium</option>
            <option value="large">Large</option>
          </select>
        </label>
      )}
    </div>
  );
}
