import { Link } from 'wouter';
import { ExternalLink } from '../app/external-link';
import { externalLinks, paths, viewerPath } from '../app/routes';
import { exampleSonatas } from '../content/example-analyses';
import { latestRelease } from '../lib/latest-release';
import { productName, usePageTitle } from '../lib/use-page-title';
import { TimelineIllustration } from './timeline-illustration';
import '../styles/home-page.css';

// The six features of SPEC.md section 1, in its order and wording.
const features = [
  {
    title: 'Local or streamed media',
    text: 'Annotate local audio and video files, or stream media such as YouTube videos.',
  },
  {
    title: 'Playback control',
    text: 'Click an annotation to move playback to it, and listen to exactly the passage you are studying.',
  },
  {
    title: 'Seven timeline types',
    text: 'Audiowave, beat, harmony, hierarchy, marker, PDF and score timelines, stacked in one view.',
  },
  {
    title: 'Customizable metadata',
    text: 'Fully customizable metadata fields: title, composer, performer, or anything your project needs.',
  },
  {
    title: 'Notation and harmony',
    text: 'Display music notation, chords and roman-numeral analysis alongside the recording.',
  },
  {
    title: 'Web viewer',
    text: 'View and share analyses on the web: anyone can open a shared file in the browser.',
  },
] as const;

export function HomePage() {
  usePageTitle(productName);
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner page">
          <div className="hero__text">
            <h1 id="hero-title" className="hero__title">
              TiLiA
            </h1>
            <p className="hero__tagline">A flexible multimodal timeline tool</p>
            <p className="hero__lead">
              TiLiA is a free, open-source desktop app for annotating audio and video on stacked
              timelines: form, harmony, beats, markers, scores and PDFs, all synchronised with
              playback. Share your analyses here, on the web.
            </p>
            <div className="hero__actions">
              <Link className="button button--primary" to={paths.downloads}>
                Download TiLiA {latestRelease.version}
              </Link>
              <Link className="button button--secondary" to={paths.help}>
                Read the help
              </Link>
            </div>
            <p className="hero__meta">
              Have a .tla file? <Link to={paths.localViewer}>Open it in the viewer</Link>, no
              account needed: it stays on your computer.
            </p>
            <p className="hero__meta">
              Current version {latestRelease.version} for Windows, macOS and Linux.
            </p>
          </div>
          <TimelineIllustration />
        </div>
      </section>

      <section className="page home-section" aria-labelledby="features-title">
        <h2 id="features-title">Features</h2>
        <ul className="feature-grid">
          {features.map((feature) => (
            <li key={feature.title} className="feature-card">
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="page home-section" aria-labelledby="examples-title">
        <h2 id="examples-title">Example analyses</h2>
        <p className="section-lead">
          Open an analysis of a Mozart piano sonata movement in the web viewer. The annotations come
          from the DCML’s Annotated Mozart Sonatas corpus (see{' '}
          <Link to={paths.about}>About TiLiA</Link> for its licence and citation).
        </p>
        <ul className="sonata-grid">
          {exampleSonatas.map((sonata) => (
            <li key={sonata.catalogue} className="sonata-card">
              <h3 className="sonata-card__title">
                Piano Sonata Nº {sonata.number}
                <span className="sonata-card__catalogue">
                  {sonata.catalogue} · {sonata.key}
                </span>
              </h3>
              <ul className="sonata-card__movements" aria-label="Movements">
                {sonata.movements.map((movement) => (
                  <li key={movement.numeral}>
                    <Link className="movement-link" to={viewerPath(movement.fileId)}>
                      <span className="visually-hidden">
                        Sonata Nº {sonata.number} {sonata.catalogue}, movement{' '}
                      </span>
                      {movement.numeral}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <section className="page home-section contribute" aria-labelledby="contribute-title">
        <h2 id="contribute-title">Contribute</h2>
        <p>
          TiLiA is developed in the open. Report bugs, suggest ideas, write tutorials or share
          annotations: every contribution helps.
        </p>
        <ExternalLink className="button button--secondary" href={externalLinks.sourceRepository}>
          Contribute on GitHub
        </ExternalLink>
      </section>
    </div>
  );
}
