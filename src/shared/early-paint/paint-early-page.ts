import { LABEL_FONT_FAMILY } from '../viewer-layout/layout-constants';
import type { ViewLayout } from '../viewer-layout/view-layout';
import type { ViewerHeader } from '../viewer-layout/viewer-document';
import { paintView, type Box, type Canvas2D } from '../stage-paint/paint-view';
import type { EarlyPagePlan } from './early-page';

/** The page's colours (base.css, viewer.css). */
const PAGE = {
  background: '#f7f7f5',
  surface: '#ffffff',
  border: '#d9dee5',
  heading: '#1c2430',
  names: '#f3f3f1',
  nameText: '#2b2b2b',
};

function framed(context: Canvas2D, box: Box, fill: string): void {
  context.fillStyle = PAGE.border;
  context.fillRect(box.x, box.y, box.width, box.height);
  context.fillStyle = fill;
  context.fillRect(box.x + 1, box.y + 1, box.width - 2, box.height - 2);
}

/** A name cut to the column, as the page's names column shows it (it shows the rest on hover). */
function fitted(context: Canvas2D, name: string, width: number): string {
  if (context.measureText(name).width <= width) return name;
  let cut = name;
  while (cut.length > 1 && context.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/**
 * The viewer page's first screen below the site header (left clear for the app's own): the
 * heading, empty boxes standing in for the controls, and the timelines' names, ruler and first
 * view, in CSS px (the caller scales the context for the device's pixels).
 */
export function paintEarlyPage(
  context: Canvas2D,
  plan: EarlyPagePlan,
  header: ViewerHeader,
  layout: ViewLayout,
  size: { width: number; height: number; pixelRatio?: number },
): void {
  // The site header's band stays clear: the app's own header shows through once rendered.
  const below = plan.nav.y + plan.nav.height;
  context.fillStyle = PAGE.background;
  context.fillRect(0, below, size.width, size.height - below);

  context.fillStyle = PAGE.heading;
  context.font = plan.heading.font;
  context.textBaseline = 'middle';
  plan.heading.lines.forEach((line, n) => {
    context.fillText(line, plan.heading.x, plan.heading.y + (n + 0.5) * plan.heading.line);
  });
  for (const box of plan.placeholders) framed(context, box, PAGE.surface);

  const { names, ruler, stage } = plan;
  framed(
    context,
    {
      x: names.x - 1,
      y: ruler.y - 1,
      width: stage.x + stage.width - names.x + 2,
      height: stage.y + stage.height - ruler.y + 3,
    },
    PAGE.surface,
  );
  context.fillStyle = PAGE.names;
  context.fillRect(names.x, ruler.y, names.width, stage.height + ruler.height);
  context.fillStyle = PAGE.border;
  context.fillRect(names.x + names.width, ruler.y, 1, stage.height + ruler.height);
  context.fillRect(ruler.x, ruler.y + ruler.height - 1, ruler.width, 1);
  context.fillStyle = PAGE.nameText;
  context.font = `12px ${LABEL_FONT_FAMILY}`;
  context.textBaseline = 'middle';
  for (const timeline of header.timelines) {
    const row = layout.rows[timeline.index];
    if (!row || row.y > stage.height) continue;
    const text = fitted(context, timeline.name, names.width - 12);
    context.fillText(text, names.x + 6, stage.y + row.y + row.height / 2);
  }
  paintView(context, layout, stage, { pixelRatio: size.pixelRatio ?? 1 });
}
