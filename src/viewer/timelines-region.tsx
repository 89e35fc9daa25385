import { createRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { ViewerHeader } from '../shared/viewer-layout/viewer-document';
import { rowStyle, TimelineNames } from './timeline-names';
import type { TimelineStack, ViewerController } from './viewer-controller';

/** The elements of the timelines' region that the controller drives. */
export interface TimelinesRefs {
  region: RefObject<HTMLDivElement | null>;
  scroller: RefObject<HTMLDivElement | null>;
  content: RefObject<HTMLDivElement | null>;
  canvasHost: RefObject<HTMLDivElement | null>;
  stage: RefObject<HTMLDivElement | null>;
  playhead: RefObject<HTMLDivElement | null>;
  rows: RefObject<HTMLDivElement | null>;
  ruler: RefObject<HTMLDivElement | null>;
  hover: RefObject<HTMLDivElement | null>;
}

/** One set of refs for the timelines' region, made once per screen. */
export function useTimelinesRefs(): TimelinesRefs {
  const [refs] = useState<TimelinesRefs>(() => ({
    region: createRef<HTMLDivElement>(),
    scroller: createRef<HTMLDivElement>(),
    content: createRef<HTMLDivElement>(),
    canvasHost: createRef<HTMLDivElement>(),
    stage: createRef<HTMLDivElement>(),
    playhead: createRef<HTMLDivElement>(),
    rows: createRef<HTMLDivElement>(),
    ruler: createRef<HTMLDivElement>(),
    hover: createRef<HTMLDivElement>(),
  }));
  return refs;
}

interface TimelinesRegionProps {
  header: ViewerHeader;
  stack: TimelineStack;
  refs: TimelinesRefs;
  controllerRef: RefObject<ViewerController | null>;
}

/**
 * The timelines: the names column, the time ruler, the stage (its canvas, the rows over it, the
 * playhead, the hover tip) and the scroller under it. React renders them once; the controller
 * draws into them.
 */
export function TimelinesRegion({ header, stack, refs, controllerRef }: TimelinesRegionProps) {
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') void controllerRef.current?.select(null);
  };
  return (
    <div
      className="viewer-timelines"
      ref={refs.region}
      tabIndex={0}
      role="region"
      aria-label="Timelines. Click a component to select it; arrow keys move the selection."
      onKeyDown={onKey}
      data-testid="timelines"
    >
      <TimelineNames timelines={header.timelines} stack={stack} />
      <div className="viewer-timelines__data">
        <div
          className="viewer-ruler"
          ref={refs.ruler}
          data-testid="time-ruler"
          title="Press or drag here to move playback; Shift+drag to loop a passage"
        >
          <span className="viewer-ruler__head" data-ruler-head="" />
        </div>
        <div
          className="viewer-timelines__stage"
          ref={refs.stage}
          style={{ height: Math.ceil(stack.totalHeight) }}
          onClick={(event) =>
            void controllerRef.current?.click(event.clientX, event.clientY, false)
          }
          onDoubleClick={(event) =>
            void controllerRef.current?.click(event.clientX, event.clientY, true)
          }
        >
          <div ref={refs.canvasHost} className="viewer-canvas-host" />
          <div ref={refs.rows} className="viewer-rows">
            {header.timelines.map((timeline) => (
              <div
                key={timeline.index}
                className="viewer-row"
                data-testid="timeline-row"
                data-kind={timeline.kind}
                data-component-count={timeline.componentCount}
                style={rowStyle(stack, timeline)}
              >
                {timeline.kind === 'SLIDER' && <span className="viewer-knob" data-slider-knob="" />}
              </div>
            ))}
          </div>
          <div ref={refs.playhead} className="viewer-playhead" data-testid="playhead" />
          <div
            ref={refs.hover}
            className="viewer-hover"
            role="tooltip"
            data-testid="hover-tip"
            hidden
          />
        </div>
        <div
          className="viewer-timelines__scroller"
          ref={refs.scroller}
          data-testid="timelines-scroller"
        >
          <div className="viewer-timelines__content" ref={refs.content} />
        </div>
      </div>
    </div>
  );
}
