import autosaving from './autosaving.md?raw';
import beatTimeline from './beat-tl.md?raw';
import cli from './cli.md?raw';
import componentSelection from './component-selection-playback-control.md?raw';
import exportHelp from './export.md?raw';
import harmonyTimeline from './harmony-tl.md?raw';
import hierarchyTimeline from './hierarchy-tl.md?raw';
import importHelp from './import.md?raw';
import index from './index.md?raw';
import installation from './installation.md?raw';
import markerTimeline from './marker-tl.md?raw';
import timelinesCreate from './timelines-create.md?raw';

export interface HelpPageEntry {
  /** The path after /help/ ('' for the index); may contain slashes. */
  slug: string;
  /** Used for the document title; the Markdown's own '# ' heading is the page's h1. */
  title: string;
  markdown: string;
}

/** Adding a help page: write the Markdown file, import it above and add one entry here. */
export const helpPages: readonly HelpPageEntry[] = [
  { slug: '', title: 'Help', markdown: index },
  { slug: 'installation', title: 'Installing TiLiA', markdown: installation },
  { slug: 'timelines/create', title: 'Creating timelines', markdown: timelinesCreate },
  {
    slug: 'timelines/component-selection-playback-control',
    title: 'Component selection and playback control',
    markdown: componentSelection,
  },
  { slug: 'hierarchy-tl', title: 'Hierarchy timeline', markdown: hierarchyTimeline },
  { slug: 'marker-tl', title: 'Marker timeline', markdown: markerTimeline },
  { slug: 'beat-tl', title: 'Beat timeline', markdown: beatTimeline },
  { slug: 'harmony-tl', title: 'Harmony timeline', markdown: harmonyTimeline },
  { slug: 'import', title: 'Importing from CSV and MusicXML', markdown: importHelp },
  { slug: 'export', title: 'Exporting to JSON and images', markdown: exportHelp },
  { slug: 'autosaving', title: 'Autosaving', markdown: autosaving },
  { slug: 'cli', title: 'Command-line interface', markdown: cli },
];

export function findHelpPage(slug: string): HelpPageEntry | undefined {
  return helpPages.find((page) => page.slug === slug);
}
