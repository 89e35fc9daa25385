import { formatTime } from '../shared/time-format';
import { stackTimelines } from '../shared/viewer-layout/row-stack';
import type { ViewerHeader } from '../shared/viewer-layout/viewer-document';
import { defaultPanelWidth } from './pdf/panel-geometry';
import { DIVIDER_WIDTH } from './pdf/pdf-constants';
import { PLAYBACK_RATES } from './playback-rules';
import { hasSideColumn, INSPECTOR_HINT } from './side-column';
import { stackRoom } from './stack-room';
import {
  missingFileText,
  nowPlayingTimelines,
  VIDEO_WIDTHS,
  viewerHeading,
} from './viewer-page-text';

/**
 * The viewer page's outline before the app has rendered it: the elements that decide where the
 * timelines go (the site header's band, the heading, the media, the notes, the toolbar, the
 * tools, the now-playing strip, the names, the ruler, the stage), with the page's own class names
 * and texts, so that the page's stylesheets (loaded by the boot script) put the stage exactly
 * where the app will. Nothing in it is interactive: it is `aria-hidden`, takes no pointer events,
 * and goes when the app's page is there. The stage's canvas is the one the app keeps.
 */
export interface EarlyShell {
  /** The fixed layer over the window that holds the outline. */
  root: HTMLElement;
  /** Where the stage's canvas goes. */
  canvasHost: HTMLElement;
  /** The stage's width, and the height the window offers the timelines (stack-room.ts). */
  stageWidth: number;
  room: number;
  /** Sets the timelines' heights: the names' places and the stage's height. */
  setHeights(heights: readonly number[]): void;
}

type Child = Node | string | null | false;

function element(tag: string, className: string, children: Child[] = []): HTMLElement {
  const made = document.createElement(tag);
  if (className) made.className = className;
  for (const child of children) if (child) made.append(child);
  return made;
}

/** A control as the page draws it, standing in for it (the same box, doing nothing). */
function standIn(tag: string, className: string, children: Child[] = []): HTMLElement {
  const made = element(tag, className, children);
  made.tabIndex = -1;
  return made;
}

function select(options: string[], chosen: string): HTMLElement {
  const made = document.createElement('select');
  made.append(...options.map((text) => new Option(text, text, false, text === chosen)));
  made.tabIndex = -1;
  return made;
}

/** The media toolbar's controls, as viewer-toolbar.tsx lays them out (their widths wrap its lines). */
function toolbar(header: ViewerHeader, plays: boolean, video: boolean): HTMLElement {
  const button = () => standIn('button', 'viewer-icon-button');
  const clock = `${formatTime(0)} / ${formatTime(header.end - header.start)}`;
  return element('div', 'viewer-toolbar', [
    ...(plays
      ? [
          button(),
          button(),
          button(),
          element('label', 'viewer-speed', [
            element('span', '', ['Speed']),
            select(
              PLAYBACK_RATES.map((rate) => `${rate}×`),
              '1×',
            ),
          ]),
        ]
      : []),
    element('output', 'viewer-clock', [clock]),
    element('span', 'viewer-toolbar__spacer'),
    button(),
    button(),
    button(),
    button(),
    header.timelines.some((timeline) => timeline.kind === 'BEAT') &&
      element('form', 'viewer-bar', [
        element('label', '', [element('span', '', ['Bar']), standIn('input', '')]),
      ]),
    video &&
      element('label', 'viewer-size', [
        element('span', '', ['Video size']),
        select(['Small', 'Medium', 'Large'], 'Medium'),
      ]),
  ]);
}

function media(header: ViewerHeader): { box: HTMLElement; video: boolean; plays: boolean } {
  const { storage, type } = header.concreteWork;
  const box = element('div', 'viewer-media');
  const video = storage === 'youtube' || (storage === 'staticfiles' && type === 'video');
  if (storage === 'youtube') {
    const player = element('div', 'viewer-youtube');
    player.style.cssText = `width:${VIDEO_WIDTHS.medium}px;aspect-ratio:16 / 9`;
    box.append(player);
  } else if (video) {
    const player = document.createElement('video');
    player.width = VIDEO_WIDTHS.medium;
    box.append(player);
  }
  return { box, video, plays: storage !== 'abstract' };
}

/** Builds the outline for `header` over the window and measures where the stage is. */
export function showEarlyShell(header: ViewerHeader): EarlyShell {
  const root = element('div', '');
  root.dataset.testid = 'early-viewer';
  root.setAttribute('aria-hidden', 'true');
  root.setAttribute('inert', '');
  root.style.cssText =
    'position:fixed;inset:0;z-index:100;overflow:hidden;pointer-events:none;' +
    'background:var(--color-bg)';

  const { box: mediaBox, video, plays } = media(header);
  const strip = nowPlayingTimelines(header.timelines);
  const names = element('div', 'viewer-names__list');
  const canvasHost = element('div', 'viewer-canvas-host');
  const stage = element('div', 'viewer-timelines__stage', [canvasHost]);
  const scroller = element('div', 'viewer-timelines__scroller');
  const region = element('div', 'viewer-timelines', [
    element('div', 'viewer-names', [names]),
    element('div', 'viewer-timelines__data', [element('div', 'viewer-ruler'), stage, scroller]),
  ]);
  const main = element('div', 'viewer-main', [
    mediaBox,
    header.missingFiles.length > 0 &&
      element(
        'div',
        'viewer-missing',
        header.missingFiles.map((file) => element('p', '', [missingFileText(file, false)])),
      ),
    toolbar(header, plays, video),
    element('div', 'timeline-tools', [
      element('div', 'timeline-tools__bar', [
        standIn('button', '', ['Share']),
        standIn('button', '', ['Table']),
        element('label', 'timeline-tools__follow', [
          'Follow ',
          select(['page by page', 'continuously'], 'page by page'),
        ]),
      ]),
      strip.length > 0 &&
        element('section', 'now-playing', [
          element(
            'dl',
            'now-playing__list',
            strip.map((timeline) =>
              element('div', 'now-playing__entry', [
                element('dt', '', [timeline.name || timeline.kind]),
                element('dd', '', ['–']),
              ]),
            ),
          ),
        ]),
    ]),
    region,
  ]);
  const pdf = header.timelines.some((timeline) => timeline.kind === 'PDF' && timeline.pdfUrl);
  const side = pdf && element('aside', 'pdf-side');
  // A wide window has a column beside the timelines for the inspector (side-column.ts).
  const beside = hasSideColumn();
  const layout = element(
    'div',
    `viewer-layout${pdf || beside ? ' viewer-layout--with-panel' : ''}`,
    [
      main,
      side
        ? element('div', 'viewer-side-panel', [side])
        : beside &&
          element('div', 'viewer-side-panel viewer-side-panel--inspector', [
            element('p', 'viewer-hint', [INSPECTOR_HINT]),
          ]),
    ],
  );
  root.append(
    element('div', 'app-frame', [
      element('header', 'site-header', [element('nav', 'nav-bar')]),
      element('main', 'app-main', [
        element('div', 'viewer-page', [element('h1', '', [viewerHeading(header)]), layout]),
      ]),
    ]),
  );
  document.body.append(root);
  // The PDF panel takes its default share of the layout's width, as pdf-side-panel.tsx gives it.
  if (side) {
    const width = defaultPanelWidth(layout.clientWidth) + DIVIDER_WIDTH;
    side.style.setProperty('--pdf-side-width', `${width}px`);
  }

  const setHeights = (heights: readonly number[]) => {
    const { rows, total } = stackTimelines(heights);
    names.replaceChildren(
      ...header.timelines.map((timeline) => {
        const name = element('div', 'viewer-name', [timeline.name]);
        const row = rows[timeline.index];
        name.style.cssText = `top:${row?.y ?? 0}px;height:${row?.height ?? 0}px`;
        return name;
      }),
    );
    names.style.height = stage.style.height = `${Math.ceil(total)}px`;
  };
  return {
    root,
    canvasHost,
    // Measured as viewer-view.ts measures the page's.
    stageWidth: Math.max(100, Math.floor(scroller.clientWidth)),
    room: stackRoom(region, stage),
    setHeights,
  };
}
