import type { NavigationKey } from '../shared/viewer-layout/component-navigation';
import type { ComponentRef } from '../shared/viewer-file-session';
import { timeToX } from '../shared/viewer-layout/time-scale';
import type { ViewerHeader } from '../shared/viewer-layout/viewer-document';
import type { MediaAdapter } from './media/media-adapter';
import type { PublishedClock } from './playback-clock';
import { clampToSpan, seekApplies, type MediaSpan, type SeekRequest } from './playback-rules';
import { draggedPassage, LoopBand } from './loop-band';
import type { FollowMode } from '../state/viewer-prefs';
import { PlayheadLoop } from './playhead-loop';
import type { ViewerFileClient } from './viewer-file-client';
import { ViewerInput, type InputElements, type Selection } from './viewer-input';
import type { StageElements, TimelineStack } from './stage-scene';
import { ViewerStage } from './viewer-stage';
import { ViewerView, type ViewElements } from './viewer-view';

export { componentTime, type Selection } from './viewer-input';
export type { TimelineStack } from './stage-scene';

export interface ViewerElements extends StageElements, ViewElements, InputElements {
  playhead: HTMLElement;
  clock: () => HTMLElement | null;
}

export interface ViewerListener {
  playing(playing: boolean): void;
  /** The timelines were drawn at other heights (the window's height changed). */
  stack(stack: TimelineStack): void;
  selection(selection: Selection | null): void;
  zoom(zoom: number): void;
  error(message: string): void;
  /** Playback loops a span (the selection's, or a passage dragged over), or stopped looping. */
  looping(looping: boolean): void;
}

/**
 * Owns one open viewer and composes its parts: the view (viewer-view.ts: zoom, scroll, the
 * rows' heights), the stage (viewer-stage.ts: layouts, painting, the list of labels), the input
 * (viewer-input.ts: hit tests, selection, seeking drags, hover) and playback with its one
 * animation loop. React renders the elements and calls these methods; nothing here re-renders
 * React except the rare selection, zoom and play/pause changes.
 */
export class ViewerController {
  private disposed = false;
  private readonly stage: ViewerStage;
  private readonly view: ViewerView;
  private readonly input: ViewerInput;
  private readonly loop: PlayheadLoop;
  private readonly band: LoopBand;
  private loopedSpan: MediaSpan | null = null;
  /** Slider knobs and the ruler's head, looked up once per layout, not once per frame. */
  private knobs: HTMLElement[] = [];

  constructor(
    private readonly header: ViewerHeader,
    client: ViewerFileClient,
    private readonly media: MediaAdapter,
    elements: ViewerElements,
    private readonly listener: ViewerListener,
    published: PublishedClock,
  ) {
    const xOf = (time: number) =>
      this.stage.layout ? timeToX(this.stage.layout.scale, time) : null;
    this.band = new LoopBand(elements.ruler, xOf);
    this.stage = new ViewerStage(client, elements, {
      stack: (stack) => listener.stack(stack),
      painting: (_layout, zoomStartedAt) => {
        if (zoomStartedAt !== null) this.view.prefetchAhead(zoomStartedAt);
        this.input.viewChanged();
        this.knobs = Array.from(
          elements.region.querySelectorAll<HTMLElement>('[data-slider-knob], [data-ruler-head]'),
        );
        this.loop.refresh();
        this.band.place();
      },
      shown: () => this.view.prefetchAhead(),
      selectionBox: (layout) => this.input.selectionBox(layout),
      error: (message) => listener.error(message),
    });
    this.view = new ViewerView(header, client, media, this.stage, elements, (zoom) =>
      listener.zoom(zoom),
    );
    this.input = new ViewerInput(header, client, this.stage, elements, {
      seek: (request) => this.seek(request),
      play: () => this.play(),
      follow: (time) => this.view.follow(time),
      zoomAt: (factor, anchorX) => this.view.zoomAt(factor, anchorX),
      selection: (selection) => listener.selection(selection),
      viewportWidth: () => this.view.viewportWidth,
      loopSpan: (from, to, done) => this.loopSpan(from, to, done),
    });
    this.loop = new PlayheadLoop(
      media,
      { start: header.start, end: header.end },
      { playhead: elements.playhead, knobs: () => this.knobs, clock: elements.clock, published },
      {
        xOf,
        onPlayingChange: (playing) => {
          listener.playing(playing);
          this.view.prefetchAhead();
        },
        onOutOfView: (time) => this.view.follow(time),
        onFollow: (time) => this.view.followClosely(time),
        viewportWidth: () => this.view.viewportWidth,
      },
    );
  }

  /** Asks for the first view and creates the stage's painter; resolves once it exists. */
  async start(): Promise<void> {
    this.view.start();
    await this.stage.start(this.view.viewportWidth, this.view.stackHeight());
    if (!this.disposed) this.loop.start();
  }

  get currentZoom(): number {
    return this.view.zoom;
  }

  /** The media time now. */
  time(): number {
    return this.media.currentTime();
  }

  // The view (viewer-view.ts)

  zoomStep(direction: 1 | -1, startedAt = performance.now()): void {
    this.view.zoomStep(direction, startedAt);
  }

  fitToScreen(startedAt = performance.now()): void {
    this.view.fitToScreen(startedAt);
  }

  /** Shows `seconds` across the timelines around `time` (a shared link's t= and z=). */
  showSpan(seconds: number, time: number): void {
    this.view.showSpan(seconds, time);
  }

  /** The seconds shown across the timelines (a shared link's zoom). */
  shownSeconds(): number {
    return this.view.shownSeconds();
  }

  /** Lays out and paints the view again: the file has changed (its recording's peaks came). */
  redraw(): void {
    this.view.request(null);
  }

  // Playback

  play(): void {
    if (!this.media.canPlay) return;
    this.media.play();
  }

  pause(): void {
    this.media.pause();
  }

  togglePlay(): void {
    if (this.media.isPlaying()) this.pause();
    else this.play();
  }

  /** Stops playback, and any loop, back at the start. */
  stop(): void {
    this.loopOver(null);
    this.media.pause();
    this.media.seek(this.header.start);
    this.loop.refresh();
  }

  /** How the view follows playback: a page at a time, or scrolling under it. */
  setFollow(mode: FollowMode): void {
    this.loop.setFollow(mode);
    this.view.followsByPage = mode === 'page';
  }

  /** Plays at `rate` times the normal speed, at the same pitch. */
  setRate(rate: number): void {
    this.media.setRate(rate);
  }

  /**
   * Plays the selection over and over from its start (a segment's span, a point's up to the next), or ends the loop.
   * Resolves to the span looped, or null when there is none (no selection, or off).
   */
  async loopSelection(on: boolean): Promise<MediaSpan | null> {
    const span = on ? await this.input.selectionSpan(this.header.end) : null;
    this.loopOver(span);
    return span;
  }

  /** A passage dragged over on the ruler: shown while dragged, looped once let go. */
  private loopSpan(from: number, to: number, done: boolean): void {
    const passage = draggedPassage(this.header, from, to);
    if (done && passage) this.loopOver(passage);
    else this.band.show((!done && passage) || this.loopedSpan);
  }

  /** Plays `span` over and over from its start, or ends the loop (null). */
  private loopOver(span: MediaSpan | null): void {
    this.loopedSpan = span;
    this.loop.setLoop(span);
    this.band.show(span);
    this.listener.looping(span !== null);
    if (!span) return;
    this.media.seek(span.start);
    this.loop.refresh();
    this.play();
  }

  seek(request: SeekRequest): void {
    if (!seekApplies(request, this.media.isPlaying())) return;
    const time = clampToSpan(this.header, request.time);
    this.media.seek(time);
    this.loop.refresh();
    this.view.follow(time);
  }

  // Selection (viewer-input.ts)

  select(ref: ComponentRef | null): Promise<Selection | null> {
    return this.input.select(ref);
  }

  /** A click in the timelines: select what is under the pointer (or deselect) and seek. */
  click(clientX: number, clientY: number, double: boolean): Promise<void> {
    return this.input.click(clientX, clientY, double);
  }

  /** Arrow keys: select a neighbour of the selection. */
  navigate(key: NavigationKey): Promise<void> {
    return this.input.navigate(key);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.loop.stop();
    this.band.destroy();
    this.view.dispose();
    this.input.dispose();
    this.stage.dispose();
  }
}
